import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client, errorDetail, form } from '../helpers/client.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';
import { openTestDatabase } from '../helpers/database.ts';

describe('Idempotency-Key on POST /runs', () => {
  let server: InProcessServer;
  let pdf: Buffer;
  let otherPdf: Buffer;

  before(async () => {
    server = await startApp({ env: { IDEMPOTENCY_PENDING_MS: '1500' } });
    pdf = await makeSimplePdf(1);
    otherPdf = await makeSimplePdf(1, '24-017-АР');
  });
  after(() => server.stop());

  test('the same key and request replay the earlier run: 200, Idempotent-Replayed, one charge', async () => {
    const org = await server.createOrg({ checks: 5 });
    const api = new Client(server.baseUrl, org.api_key);
    const send = () =>
      api.postForm('/runs', form([{ name: 'a.pdf', content: pdf }], { object_address: 'г. Тула', kinds: '{"a.pdf":"ПЗ"}' }), { 'idempotency-key': 'set-1' });
    const first = await send();
    assert.equal(first.status, 201, first.text);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    const again = await send();
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.json.run_id, first.json.run_id);
    assert.equal((await api.get('/me')).json.checks_left, 4);

    // JSON fields are compared by meaning: other spacing of the same kinds is the same request.
    const spaced = await api.postForm('/runs', form([{ name: 'a.pdf', content: pdf }], { object_address: 'г. Тула', kinds: '{ "a.pdf" : "ПЗ" }' }), {
      'idempotency-key': 'set-1',
    });
    assert.equal(spaced.status, 200);
  });

  test('the same key with changed content, address, task, kinds or bundle is 409 idempotency_conflict', async () => {
    const org = await server.createOrg({ checks: 5 });
    const api = new Client(server.baseUrl, org.api_key);
    const base = { object_address: 'г. Тула' };
    assert.equal((await api.postForm('/runs', form([{ name: 'a.pdf', content: pdf }], base), { 'idempotency-key': 'k' })).status, 201);
    const variants = [
      form([{ name: 'a.pdf', content: otherPdf }], base),
      form([{ name: 'a.pdf', content: pdf }], { object_address: 'г. Калуга' }),
      form([{ name: 'a.pdf', content: pdf }], { ...base, user_request: 'Проверить КР' }),
      form([{ name: 'a.pdf', content: pdf }], { ...base, kinds: '{"a.pdf":"КР"}' }),
    ];
    for (const v of variants) {
      const r = await api.postForm('/runs', v, { 'idempotency-key': 'k' });
      assert.equal(r.status, 409);
      assert.equal(errorDetail(r).error, 'idempotency_conflict');
    }
    assert.equal((await api.get('/me')).json.checks_left, 4);
  });

  test('keys are scoped by organization', async () => {
    const a = new Client(server.baseUrl, (await server.createOrg({ checks: 1 })).api_key);
    const b = new Client(server.baseUrl, (await server.createOrg({ checks: 1 })).api_key);
    const ra = await a.postForm('/runs', form([{ name: 'a.pdf', content: pdf }]), { 'idempotency-key': 'shared' });
    const rb = await b.postForm('/runs', form([{ name: 'a.pdf', content: pdf }]), { 'idempotency-key': 'shared' });
    assert.equal(ra.status, 201);
    assert.equal(rb.status, 201);
    assert.notEqual(ra.json.run_id, rb.json.run_id);
  });

  test('concurrent identical requests create exactly one run and one charge', async () => {
    const org = await server.createOrg({ checks: 10 });
    const api = new Client(server.baseUrl, org.api_key);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api.postForm('/runs', form([{ name: 'a.pdf', content: pdf }]), { 'idempotency-key': 'burst' })),
    );
    const created = results.filter((r) => r.status === 201);
    assert.equal(created.length, 1, results.map((r) => r.status).join(','));
    for (const r of results.filter((x) => x.status !== 201)) {
      if (r.status === 200) assert.equal(r.json.run_id, created[0]!.json.run_id);
      else {
        assert.equal(r.status, 409);
        assert.equal(errorDetail(r).error, 'idempotency_pending');
        assert.ok(Number(r.headers.get('retry-after')) >= 1);
      }
    }
    assert.equal((await api.get('/runs')).json.runs.length, 1);
    assert.equal((await api.get('/me')).json.checks_left, 9);
  });

  test('a submission that died mid-flight releases its key after a bounded time', async () => {
    const org = await server.createOrg({ checks: 2 });
    const api = new Client(server.baseUrl, org.api_key);
    // A pending claim exactly as a crashed process leaves it behind.
    const store = await openTestDatabase(server.env);
    const now = new Date();
    await store.db
      .insertInto('idempotency_keys')
      .values({
        tenant_id: org.tenant_id,
        key: 'crashed',
        request_hash: 'x'.repeat(64),
        state: 'pending',
        run_id: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 1500).toISOString(),
      })
      .execute();
    await store.close();
    const send = () => api.postForm('/runs', form([{ name: 'a.pdf', content: pdf }]), { 'idempotency-key': 'crashed' });
    const early = await send();
    assert.equal(early.status, 409);
    assert.equal(errorDetail(early).error, 'idempotency_conflict', 'a different request under a pending key is a conflict');
    await new Promise((r) => setTimeout(r, 1700));
    const late = await send();
    assert.equal(late.status, 201, late.text);
    assert.equal((await send()).status, 200);
  });

  test('a malformed Idempotency-Key is a 422', async () => {
    const org = await server.createOrg({ checks: 1 });
    const r = await new Client(server.baseUrl, org.api_key).postForm('/runs', form([{ name: 'a.pdf', content: pdf }]), { 'idempotency-key': 'x'.repeat(300) });
    assert.equal(r.status, 422);
  });
});
