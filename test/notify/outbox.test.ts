import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { recordRunEvent } from '../../src/notify/outbox.ts';
import { deliveryOf, insertRun, insertTenant, openTestStore, type TestStore } from './support.ts';

let store: TestStore;
before(async () => {
  store = await openTestStore();
});
after(() => store.dispose());

const facts = { findings: 7, pagesTotal: 120, checksLeft: 41 };
const at = new Date('2026-11-22T00:00:00.000Z');

test('a finished run of an organization with a webhook gets one pending row with the exact body', async () => {
  const tenant = await insertTenant(store, { webhook_url: 'https://hooks.example.com/drs', webhook_settings: '{"attempts":3}' });
  const runId = await insertRun(store, tenant.id);
  await recordRunEvent(store.db, { id: runId, tenant_id: tenant.id, status: 'done', refunded: false }, facts, tenant, 'v1', at);
  const d = await deliveryOf(store, runId);
  assert.ok(d);
  assert.match(d.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(d.event, 'run.finished');
  assert.equal(d.status, 'pending');
  assert.equal(d.attempts, 0);
  assert.equal(d.max_attempts, 3);
  assert.equal(d.url, 'https://hooks.example.com/drs');
  assert.equal(d.next_attempt_at, at.toISOString());
  assert.equal(
    d.body,
    `{"event":"run.finished","run_id":"${runId}","tenant_id":"${tenant.id}","api_version":"v1",` +
      `"at":"2026-11-22T00:00:00.000+00:00","status":"done","findings":7,"refunded":false,"pages_total":120,"checks_left":41}`,
  );
});

test('a failed run produces run.failed with refunded true', async () => {
  const tenant = await insertTenant(store, { webhook_url: 'https://hooks.example.com/drs' });
  const runId = await insertRun(store, tenant.id, 'failed');
  await recordRunEvent(store.db, { id: runId, tenant_id: tenant.id, status: 'failed', refunded: true }, { ...facts, findings: 0 }, tenant, 'v1', at);
  const d = await deliveryOf(store, runId);
  assert.ok(d);
  const body = JSON.parse(d.body) as Record<string, unknown>;
  assert.equal(d.event, 'run.failed');
  assert.deepEqual([body.event, body.status, body.refunded, body.findings], ['run.failed', 'failed', true, 0]);
});

test('exactly one row per (run_id, event) when recorded twice; the first delivery id and body stay', async () => {
  const tenant = await insertTenant(store, { webhook_url: 'https://hooks.example.com/drs' });
  const runId = await insertRun(store, tenant.id);
  const run = { id: runId, tenant_id: tenant.id, status: 'done' as const, refunded: false };
  await recordRunEvent(store.db, run, facts, tenant, 'v1', at);
  const first = await deliveryOf(store, runId);
  await store.db.transaction().execute((trx) => recordRunEvent(trx, run, { ...facts, findings: 99 }, tenant, 'v1', new Date()));
  const rows = await store.db.selectFrom('webhook_deliveries').selectAll().where('run_id', '=', runId).execute();
  assert.equal(rows.length, 1);
  assert.equal(rows[0]!.id, first!.id);
  assert.equal(rows[0]!.body, first!.body);
});

test('nothing is written for an organization without a webhook_url', async () => {
  const tenant = await insertTenant(store, { webhook_url: null });
  const runId = await insertRun(store, tenant.id);
  await recordRunEvent(store.db, { id: runId, tenant_id: tenant.id, status: 'done', refunded: false }, facts, tenant, 'v1', at);
  assert.equal(await deliveryOf(store, runId), undefined);
});

test('the row belongs to the transaction: a rolled-back run change leaves no notification', async () => {
  const tenant = await insertTenant(store, { webhook_url: 'https://hooks.example.com/drs' });
  const runId = await insertRun(store, tenant.id);
  await assert.rejects(
    store.db.transaction().execute(async (trx) => {
      await recordRunEvent(trx, { id: runId, tenant_id: tenant.id, status: 'done', refunded: false }, facts, tenant, 'v1', at);
      throw new Error('publication failed');
    }),
    /publication failed/,
  );
  assert.equal(await deliveryOf(store, runId), undefined);
});

test('a run of another organization is refused', async () => {
  const tenant = await insertTenant(store, { webhook_url: 'https://hooks.example.com/drs' });
  const other = await insertTenant(store, { webhook_url: 'https://other.example.com/' });
  const runId = await insertRun(store, tenant.id);
  await assert.rejects(
    recordRunEvent(store.db, { id: runId, tenant_id: tenant.id, status: 'done', refunded: false }, facts, other, 'v1', at),
    /belongs to tenant/,
  );
});
