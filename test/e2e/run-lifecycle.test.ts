import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server.ts';
import { Client, errorDetail, form } from '../helpers/client.ts';
import { makePdf, makeSimplePdf } from '../helpers/fixtures.ts';

describe('cancel, documents deletion and isolation (queued runs, no worker)', () => {
  let server: TestServer;
  let pdf: Buffer;
  before(async () => {
    server = await startServer({ args: ['--no-worker'] });
    pdf = await makeSimplePdf(1);
  });
  after(() => server.stop());

  test('cancel of a queued run returns the check and the updated state; a repeat is harmless', async () => {
    const org = await server.createOrg({ checks: 2 });
    const api = new Client(server.baseUrl, org.api_key);
    const run = (await api.postForm('/runs', form([{ name: 'a.pdf', content: pdf }]))).json;
    assert.equal((await api.get('/me')).json.checks_left, 1);
    const cancelled = await api.post(`/runs/${run.run_id}/cancel`);
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal(cancelled.json.status, 'failed');
    assert.equal(cancelled.json.cancelled, true);
    assert.equal(cancelled.json.refunded, true);
    assert.equal(cancelled.json.stage, 'cancelled');
    assert.equal(cancelled.json.checks_left, 2);
    assert.equal(cancelled.json.error.code, 'cancelled');
    const again = await api.post(`/runs/${run.run_id}/cancel`);
    assert.equal(again.status, 200);
    assert.equal((await api.get('/me')).json.checks_left, 2, 'a repeated cancel refunds nothing more');
    const usage = await api.get('/usage?days=1');
    assert.equal(usage.json.charged, 1);
    assert.equal(usage.json.refunded, 1);
  });

  test('documents cannot be deleted before the run has finished', async () => {
    const org = await server.createOrg({ checks: 1 });
    const api = new Client(server.baseUrl, org.api_key);
    const run = (await api.postForm('/runs', form([{ name: 'a.pdf', content: pdf }]))).json;
    const r = await api.delete(`/runs/${run.run_id}/documents`);
    assert.equal(r.status, 409);
    assert.equal(errorDetail(r).error, 'run_not_finished');
  });

  test('a run of another organization is 404 not_found on every run endpoint', async () => {
    const owner = new Client(server.baseUrl, (await server.createOrg({ checks: 1 })).api_key);
    const stranger = new Client(server.baseUrl, (await server.createOrg({ checks: 1 })).api_key);
    const run = (await owner.postForm('/runs', form([{ name: 'a.pdf', content: pdf }]))).json;
    const missing = '3f0c2a8e-5b1d-4c7e-9a6f-1e2d3c4b5a69';
    for (const id of [run.run_id, missing, 'not-a-uuid']) {
      const calls = [
        stranger.get(`/runs/${id}`),
        stranger.post(`/runs/${id}/cancel`),
        stranger.delete(`/runs/${id}/documents`),
        stranger.get(`/runs/${id}/findings`),
        stranger.get(`/runs/${id}/report`),
        stranger.get(`/runs/${id}/report.pdf`),
        stranger.get(`/runs/${id}/report.zip`),
        stranger.get(`/runs/${id}/feedback`),
        stranger.post(`/runs/${id}/feedback`, { snapshot: 'x', finding_id: 'y', decision: 'accepted', reason: 'z', version: 0, request_key: 'k' }),
        stranger.get(`/webhooks/deliveries?run_id=${id}`),
      ];
      for (const r of await Promise.all(calls)) {
        assert.equal(r.status, 404, `${id}: ${r.text}`);
        assert.equal(errorDetail(r).error, 'not_found');
      }
    }
    assert.equal((await stranger.get('/runs')).json.runs.length, 0);
    assert.equal((await owner.get(`/runs/${run.run_id}`)).status, 200);
  });
});

describe('processing: done, failure with refund, volume, crash recovery', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ env: { LEASE_MS: '1500' } });
  });
  after(() => server.stop());

  test('a set is carried to done; cancel then answers 409 review_already_started; documents can be deleted', async () => {
    const org = await server.createOrg({ checks: 2 });
    const api = new Client(server.baseUrl, org.api_key);
    const pdf = await makeSimplePdf(3);
    const run = (await api.postForm('/runs', form([{ name: '24-017-ПЗ.pdf', content: pdf }]))).json;
    const done = await api.waitRun(run.run_id);
    assert.equal(done.status, 'done', JSON.stringify(done));
    assert.equal(done.stage, 'done');
    assert.equal(done.progress.percent, 100);
    assert.equal(done.progress.pages_total, 3);
    assert.equal(done.volume_units, 1);
    assert.equal(done.documents[0].pages, 3);
    assert.equal(done.documents[0].page_from, 1);
    assert.equal(done.documents[0].page_to, 3);
    assert.equal(done.error, undefined);

    const cancel = await api.post(`/runs/${run.run_id}/cancel`);
    assert.equal(cancel.status, 409);
    assert.equal(errorDetail(cancel).error, 'review_already_started');

    const del = await api.delete(`/runs/${run.run_id}/documents`);
    assert.equal(del.status, 200);
    assert.equal(del.json.documents_deleted, true);
    const again = await api.delete(`/runs/${run.run_id}/documents`);
    assert.equal(again.status, 200);
    assert.equal(again.json.deleted_at, del.json.deleted_at);
    assert.equal((await api.get(`/runs/${run.run_id}`)).json.documents_deleted, true);
    assert.equal((await api.get(`/runs/${run.run_id}/report`)).status, 200, 'the published report survives deletion');
  });

  test('over max_pages with oversize factor 1 → failed with a clear error, refunded', async () => {
    const org = await server.createOrg({ checks: 2, 'max-pages': 2, 'oversize-factor': 1 });
    const api = new Client(server.baseUrl, org.api_key);
    const run = (await api.postForm('/runs', form([{ name: 'a.pdf', content: await makeSimplePdf(3) }]))).json;
    const failed = await api.waitRun(run.run_id);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.refunded, true);
    assert.equal(failed.error.code, 'too_many_pages');
    assert.match(failed.error.message, /3 стр/);
    assert.equal(failed.volume_units, 0);
    assert.equal((await api.get('/me')).json.checks_left, 2);
  });

  test('over max_pages with oversize factor 2 → double volume, two checks', async () => {
    const org = await server.createOrg({ checks: 3, 'max-pages': 2, 'oversize-factor': 2 });
    const api = new Client(server.baseUrl, org.api_key);
    const run = (await api.postForm('/runs', form([{ name: 'a.pdf', content: await makeSimplePdf(3) }]))).json;
    const done = await api.waitRun(run.run_id);
    assert.equal(done.status, 'done', JSON.stringify(done.error));
    assert.equal(done.double_volume, true);
    assert.equal(done.volume_units, 2);
    assert.equal((await api.get('/me')).json.checks_left, 1);
  });

  test('kill -9 mid-run: after a restart the run reaches done or failed with a refund, never stays running', async () => {
    const org = await server.createOrg({ checks: 3 });
    const api = new Client(server.baseUrl, org.api_key);
    const pages = Array.from({ length: 60 }, (_, i) => `Раздел 4. Конструктивные решения. 24-017-КР. Лист ${i + 1}. Класс бетона В25, арматура А500С.`);
    const run = (await api.postForm('/runs', form([{ name: '24-017-КР.pdf', content: await makePdf(pages) }]))).json;
    const deadline = Date.now() + 30_000;
    let seen = 'queued';
    while (seen === 'queued' && Date.now() < deadline) {
      seen = (await api.get(`/runs/${run.run_id}`)).json.status;
      if (seen === 'queued') await new Promise((r) => setTimeout(r, 20));
    }
    await server.kill();
    await server.restart();
    if (seen === 'running') {
      const mid = await api.get(`/runs/${run.run_id}`);
      assert.ok(['running', 'queued', 'done', 'failed'].includes(mid.json.status));
    }
    const final = await api.waitRun(run.run_id, 120_000);
    assert.ok(final.status === 'done' || (final.status === 'failed' && final.refunded === true), JSON.stringify(final));
    const checks = (await api.get('/me')).json.checks_left;
    assert.equal(checks, final.status === 'done' ? 2 : 3, 'exactly one charge, or none after a refund');
  });
});
