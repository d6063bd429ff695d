/**
 * Bundles end to end: creation (JSON only), list, renames with versions, runs keeping the label they were
 * created with, bundle_id on POST /runs, tenant isolation and parallel renames. No run is processed here.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client, errorDetail, form } from '../helpers/client.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';
import { documentedBy, type AssertDocumented } from '../feedback/documented.ts';

describe('bundles', () => {
  let server: InProcessServer;
  let api: Client;
  let foreign: Client;
  let assertDocumented: AssertDocumented;

  const create = async (label: string) => {
    const r = await api.post('/bundles', { label });
    assert.equal(r.status, 201, r.text);
    return r.json;
  };
  const raw = (path: string, contentType: string | null, payload: BodyInit | null) =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${api.key}`, ...(contentType ? { 'content-type': contentType } : {}) },
      ...(payload !== null ? { body: payload } : {}),
    });

  before(async () => {
    server = await startApp();
    api = new Client(server.baseUrl, (await server.createOrg({ checks: 10 })).api_key);
    foreign = new Client(server.baseUrl, (await server.createOrg({ checks: 1 })).api_key);
    assertDocumented = await documentedBy(server.baseUrl);
  });
  after(() => server.stop());

  test('POST /bundles creates a bundle with version 1 (label trimmed) and starts no review', async () => {
    const runsBefore = (await api.get('/runs')).json.runs.length;
    const b = await create('  ЖК «Северный», корпус 2  ');
    assert.match(b.bundle_id, /^[0-9a-f-]{36}$/);
    assert.equal(b.label, 'ЖК «Северный», корпус 2');
    assert.equal(b.version, 1);
    assert.ok(!Number.isNaN(Date.parse(b.created_at)));
    assert.equal((await api.get('/runs')).json.runs.length, runsBefore);
    assert.deepEqual((await api.get(`/bundles/${b.bundle_id}`)).json, b);
    assertDocumented('post', '/bundles', await api.post('/bundles', { label: 'Проверка схемы' }));
    assertDocumented('get', '/bundles', await api.get('/bundles'));
    assertDocumented('get', '/bundles/{bundle_id}', await api.get(`/bundles/${b.bundle_id}`));
  });

  test('a body that is not application/json is 415 in the error envelope', async () => {
    const cases: [string | null, BodyInit | null][] = [
      ['text/plain', JSON.stringify({ label: 'Текст' })],
      ['application/x-www-form-urlencoded', 'label=abc'],
      [null, null],
    ];
    for (const [type, payload] of cases) {
      const r = await raw('/bundles', type, payload);
      assert.equal(r.status, 415, String(type));
      const json = (await r.json()) as any;
      assert.equal(json.detail.error, 'unsupported_media_type');
      assert.match(json.detail.message, /Content-Type/);
    }
    const fd = new FormData();
    fd.append('label', 'Форма');
    const multipart = await raw('/bundles', null, fd);
    assert.equal(multipart.status, 415);
    const b = await create('Для переименования формой');
    const rename = await raw(`/bundles/${b.bundle_id}/label`, 'text/plain', JSON.stringify({ label: 'x', version: 1 }));
    assert.equal(rename.status, 415);
  });

  test('an empty, blank, missing or too long label is 422', async () => {
    for (const payload of [{ label: '' }, { label: '   ' }, {}, { label: 'я'.repeat(201) }]) {
      const r = await api.post('/bundles', payload);
      assert.equal(r.status, 422, JSON.stringify(payload));
      assert.equal(errorDetail(r).error, 'validation_error');
      assertDocumented('post', '/bundles', r);
    }
    assert.equal((await api.post('/bundles', { label: 'я'.repeat(200) })).status, 201);
  });

  test("GET /bundles lists the organization's bundles newest first, at most 200", async () => {
    const made = [await create('Первый'), await create('Второй'), await create('Третий')];
    const list = (await api.get('/bundles')).json.bundles;
    assert.ok(list.length <= 200);
    const positions = made.map((b) => list.findIndex((x: any) => x.bundle_id === b.bundle_id));
    assert.ok(positions.every((p) => p >= 0));
    assert.ok(positions[2]! < positions[1]! && positions[1]! < positions[0]!, 'newest first');
    for (let i = 1; i < list.length; i++) assert.ok(list[i - 1].created_at >= list[i].created_at);
    assert.equal((await api.get('/bundles?limit=2')).json.bundles.length, 2);
    assert.deepEqual((await foreign.get('/bundles')).json.bundles, []);
  });

  test('renaming needs the current version and raises it; a stale version is 409 version_conflict', async () => {
    const b = await create('Школа на 550 мест');
    const r = await api.post(`/bundles/${b.bundle_id}/label`, { label: 'Школа на 600 мест', version: 1 });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([r.json.label, r.json.version], ['Школа на 600 мест', 2]);
    const stale = await api.post(`/bundles/${b.bundle_id}/label`, { label: 'Иное', version: 1 });
    assert.equal(stale.status, 409);
    assert.equal(errorDetail(stale).error, 'version_conflict');
    assertDocumented('post', '/bundles/{bundle_id}/label', r);
    assertDocumented('post', '/bundles/{bundle_id}/label', stale);
    assert.match(errorDetail(stale).message, /текущая версия: 2/);
    const fresh = (await api.get('/bundles')).json.bundles.find((x: any) => x.bundle_id === b.bundle_id);
    assert.deepEqual([fresh.label, fresh.version], ['Школа на 600 мест', 2]);
    const blank = await api.post(`/bundles/${b.bundle_id}/label`, { label: ' ', version: 2 });
    assert.equal(blank.status, 422);
    assert.equal((await api.post(`/bundles/${b.bundle_id}/label`, { label: 'Без версии' })).status, 422);
  });

  test('a run keeps the bundle label it was created with; later runs get the new one', async () => {
    const b = await create('Корпус А');
    const pdf = await makeSimplePdf(1);
    const run = await api.postForm('/runs', form([{ name: 'a.pdf', content: pdf }], { bundle_id: b.bundle_id }));
    assert.equal(run.status, 201, run.text);
    assert.deepEqual(run.json.bundle, { bundle_id: b.bundle_id, label: 'Корпус А', version: 1 });
    assert.equal((await api.post(`/bundles/${b.bundle_id}/label`, { label: 'Корпус Б', version: 1 })).status, 200);
    const seen = await api.get(`/runs/${run.json.run_id}`);
    assert.deepEqual(seen.json.bundle, { bundle_id: b.bundle_id, label: 'Корпус А', version: 1 });
    const later = await api.postForm('/runs', form([{ name: 'b.pdf', content: pdf }], { bundle_id: b.bundle_id }));
    assert.deepEqual(later.json.bundle, { bundle_id: b.bundle_id, label: 'Корпус Б', version: 2 });
  });

  test('POST /runs with an unknown or foreign bundle_id is 422 and charges nothing', async () => {
    const theirs = await foreign.post('/bundles', { label: 'Чужой проект' });
    assert.equal(theirs.status, 201);
    const checks = (await api.get('/me')).json.checks_left;
    for (const id of [randomUUID(), theirs.json.bundle_id]) {
      const r = await api.postForm('/runs', form([{ name: 'a.pdf', content: await makeSimplePdf(1) }], { bundle_id: id }));
      assert.equal(r.status, 422, r.text);
      assert.equal(errorDetail(r).error, 'validation_error');
      assert.match(errorDetail(r).message, /bundle_id/);
    }
    assert.equal((await api.get('/me')).json.checks_left, checks);
  });

  test('foreign and missing bundles are 404 on every bundle endpoint', async () => {
    const theirs = (await foreign.post('/bundles', { label: 'Только для своих' })).json;
    for (const r of [
      await api.get(`/bundles/${theirs.bundle_id}`),
      await api.post(`/bundles/${theirs.bundle_id}/label`, { label: 'Захват', version: 1 }),
      await api.get(`/bundles/${randomUUID()}`),
      await api.post(`/bundles/${randomUUID()}/label`, { label: 'Нет такого', version: 1 }),
    ]) {
      assert.equal(r.status, 404);
      assert.equal(errorDetail(r).error, 'not_found');
    }
    assert.equal(
      (await api.get('/bundles')).json.bundles.some((b: any) => b.bundle_id === theirs.bundle_id),
      false,
    );
    assert.equal((await foreign.get(`/bundles/${theirs.bundle_id}`)).json.label, 'Только для своих');
  });

  test('parallel renames with one version: exactly one 200, the rest 409', async () => {
    const b = await create('Параллельный');
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => api.post(`/bundles/${b.bundle_id}/label`, { label: `Вариант ${i}`, version: 1 })));
    assert.deepEqual(responses.map((r) => r.status).sort(), [200, 409, 409, 409, 409, 409, 409, 409]);
    assert.equal((await api.get(`/bundles/${b.bundle_id}`)).json.version, 2);
  });
});
