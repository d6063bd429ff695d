/**
 * Maximum lengths of user-supplied strings (src/http/text-limits.ts) and the one rule for control
 * characters: 422 validation_error in the envelope at acceptance, on SQLite and PostgreSQL alike.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TEXT_LIMITS } from '../../src/http/text-limits.ts';
import { envelopeOf, type multipartBody, startHarness, uploadRun, type Harness } from './harness.ts';

describe('text limits and control characters', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.dispose());

  const upload = (parts: Parameters<typeof multipartBody>[1]) => uploadRun(h, parts);
  const pdf = { name: 'files', filename: 'a.pdf', content: '%PDF-1.4\n%%EOF\n' };
  const json = (url: string, body: string | Buffer) =>
    h.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...h.auth, 'content-type': 'application/json' }, payload: body });

  test('object_address over its limit is refused before anything is stored; at the limit it is not refused for length', async () => {
    const r = await upload([pdf, { name: 'object_address', content: 'a'.repeat(100_000) }]);
    assert.equal(r.statusCode, 422);
    const d = envelopeOf(r.statusCode, r.body);
    assert.equal(d.error, 'validation_error');
    assert.match(d.message, /object_address длиннее 500 символов/);
    const atLimit = await upload([pdf, { name: 'object_address', content: 'я'.repeat(TEXT_LIMITS.objectAddress) }]);
    assert.ok(!/длиннее/.test(atLimit.body), atLimit.body);
    const runs = await h.store.db.selectFrom('runs').select('object_address').execute();
    assert.ok(runs.every((x) => (x.object_address ?? '').length <= TEXT_LIMITS.objectAddress));
  });

  test('user_request over its limit as a field and as a file part; bundle_id over its limit', async () => {
    for (const part of [
      { name: 'user_request', content: 'з'.repeat(TEXT_LIMITS.userRequest + 1) },
      { name: 'user_request', filename: 'task.txt', content: 'з'.repeat(TEXT_LIMITS.userRequest + 1) },
      { name: 'bundle_id', content: 'b'.repeat(101) },
    ]) {
      const r = await upload([pdf, part]);
      assert.equal(envelopeOf(r.statusCode, r.body).error, 'validation_error', r.body);
      assert.match(r.body, new RegExp(`${part.name} длиннее`));
    }
  });

  test('a file name over 255 characters is refused and named (shortened) in file', async () => {
    const r = await upload([{ name: 'files', filename: `${'ф'.repeat(300)}.pdf`, content: '%PDF-1.4\n' }]);
    const d = envelopeOf(r.statusCode, r.body);
    assert.equal(d.error, 'validation_error');
    assert.ok(d.file && d.file.length < 100, d.file);
  });

  test('an archive with a document path over 1,000 characters: 400 bad_format naming the archive, nothing charged', async () => {
    const { makeZip } = await import('../helpers/fixtures.ts');
    const path = `${Array.from({ length: 10 }, () => 'п'.repeat(100)).join('/')}/ПЗ.pdf`;
    const zip = await makeZip([{ name: path, content: '%PDF-1.4\n%%EOF\n' }]);
    const before = await h.store.db.selectFrom('tenants').select('checks_left').where('id', '=', h.tenantId).executeTakeFirstOrThrow();
    const r = await upload([{ name: 'files', filename: 'комплект.zip', content: zip }]);
    assert.equal(r.statusCode, 400, r.body);
    const d = envelopeOf(r.statusCode, r.body);
    assert.equal(d.error, 'bad_format');
    assert.equal(d.file, 'комплект.zip');
    assert.match(d.message, /путь длиннее 1000 символов/);
    const after = await h.store.db.selectFrom('tenants').select('checks_left').where('id', '=', h.tenantId).executeTakeFirstOrThrow();
    assert.equal(after.checks_left, before.checks_left);
  });

  test('JSON bodies and queries over their schema limits', async () => {
    const label = await json('/bundles', JSON.stringify({ label: 'x'.repeat(201) }));
    assert.equal(envelopeOf(label.statusCode, label.body).error, 'validation_error');
    const memory = await h.app.inject({ method: 'GET', url: `/api/v1/memory?status=${'s'.repeat(101)}`, headers: h.auth });
    assert.equal(envelopeOf(memory.statusCode, memory.body).error, 'validation_error');
    const deliveries = await h.app.inject({ method: 'GET', url: `/api/v1/webhooks/deliveries?run_id=${'1'.repeat(101)}`, headers: h.auth });
    assert.equal(envelopeOf(deliveries.statusCode, deliveries.body).error, 'validation_error');
  });

  test('NUL and other control characters are refused in JSON, queries and multipart fields; TAB and line breaks are text', async () => {
    for (const body of ['{"label":"a\\u0000b"}', '{"label":"a\\u001bb"}', '{"label":"a\\ud800b"}']) {
      const r = await json('/bundles', body);
      assert.equal(r.statusCode, 422, body);
      assert.match(envelopeOf(r.statusCode, r.body).message, /body\.label/);
    }
    const key = await json('/bundles', '{"label":"ok","x\\u0000":1}');
    assert.equal(envelopeOf(key.statusCode, key.body).error, 'validation_error');
    const query = await h.app.inject({ method: 'GET', url: '/api/v1/memory?status=a%00b', headers: h.auth });
    assert.equal(envelopeOf(query.statusCode, query.body).error, 'validation_error');
    const field = await upload([pdf, { name: 'object_address', content: 'г. Москва\u0000' }]);
    assert.match(envelopeOf(field.statusCode, field.body).message, /object_address.*U\+0000/);
    const fine = await json('/bundles', JSON.stringify({ label: 'Проект\tА\nБ' }));
    assert.equal(fine.statusCode, 201, fine.body);
  });
});
