import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startWebhookDispatcher } from '../../src/notify/dispatcher.ts';
import { verifyWebhook } from '../../src/notify/receiver.ts';
import { redeliverLastEvent, RedeliveryError } from '../../src/notify/redeliver.ts';
import type { Config } from '../../src/config.ts';
import { deliveryOf, finishRun, insertRun, insertTenant, openTestStore, settled, silentLog, startReceiver, testConfig, type TestStore } from './support.ts';

let store: TestStore;
before(async () => {
  store = await openTestStore();
});
after(() => store.dispose());

async function deliver(runId: string, config: Config = testConfig()) {
  const d = startWebhookDispatcher({ db: store.db, dialect: store.dialect, config, log: silentLog, workerId: 'redeliver', pollIntervalMs: 20 });
  try {
    return await settled(store, runId);
  } finally {
    await d.stop();
  }
}

const refusal = (reason: string) => (e: unknown) => e instanceof RedeliveryError && e.reason === reason;

test('a rejected delivery is sent again: same delivery id and fields, fresh `at` and signature, attempts from 0', async () => {
  const rx = await startReceiver((n) => (n === 0 ? 410 : 200));
  try {
    const secret = 'whsec_redeliver';
    const tenant = await insertTenant(store, { webhook_url: rx.url, webhook_secret: secret });
    const runId = await finishRun(store, tenant);
    const rejected = await deliver(runId);
    assert.equal(rejected.status, 'rejected');

    const later = new Date(Date.parse(rejected.created_at) + 3_600_000);
    const res = await redeliverLastEvent(store.db, runId, later);
    assert.deepEqual(res, { delivery_id: rejected.id, status: 'pending' });
    const reset = (await deliveryOf(store, runId))!;
    assert.deepEqual([reset.status, reset.attempts, reset.last_response_code, reset.next_attempt_at], ['pending', 0, null, later.toISOString()]);
    const before = JSON.parse(rejected.body) as Record<string, unknown>;
    const after = JSON.parse(reset.body) as Record<string, unknown>;
    assert.equal(after.at, later.toISOString().replace('Z', '+00:00'));
    assert.deepEqual({ ...after, at: null }, { ...before, at: null });

    // Back to "now" for delivery so the receiver's replay window accepts it.
    await redeliverAt(runId, 'rejected', new Date());
    const done = await deliver(runId);
    assert.equal(done.status, 'delivered');
    assert.equal(done.attempts, 1);
    assert.equal(rx.requests.length, 2);
    assert.deepEqual(
      rx.requests.map((r) => r.headers['x-svc-delivery']),
      [rejected.id, rejected.id],
    );
    assert.notEqual(rx.requests[0]!.headers['x-svc-signature'], rx.requests[1]!.headers['x-svc-signature']);
    const verified = verifyWebhook(rx.requests[1]!.raw, rx.requests[1]!.headers, secret);
    assert.equal(verified.ok, true);
    const rows = await store.db.selectFrom('webhook_deliveries').select('id').where('run_id', '=', runId).execute();
    assert.equal(rows.length, 1, 'still one row per (run_id, event)');
  } finally {
    await rx.close();
  }
});

/** Puts a pending row back to `status` and redelivers it at `now` (used to move the body time forward). */
async function redeliverAt(runId: string, status: 'rejected' | 'failed' | 'denied', now: Date) {
  await store.db.updateTable('webhook_deliveries').set({ status, next_attempt_at: null }).where('run_id', '=', runId).execute();
  return redeliverLastEvent(store.db, runId, now);
}

test('a denied delivery goes to the organization’s current address and settings', async () => {
  const rx = await startReceiver(() => 200);
  try {
    const tenant = await insertTenant(store, { webhook_url: 'https://10.0.0.1/hook' });
    const runId = await finishRun(store, tenant);
    const denied = await deliver(runId, testConfig({ webhookAllowPrivate: false }));
    assert.equal(denied.status, 'denied');

    await store.db
      .updateTable('tenants')
      .set({ webhook_url: rx.url, webhook_settings: JSON.stringify({ attempts: 2, timeout_ms: 1000, pauses_ms: [10] }) })
      .where('id', '=', tenant.id)
      .execute();
    assert.equal((await redeliverLastEvent(store.db, runId, new Date())).status, 'pending');
    const reset = (await deliveryOf(store, runId))!;
    assert.equal(reset.url, rx.url);
    assert.equal(reset.max_attempts, 2);
    const done = await deliver(runId);
    assert.equal(done.status, 'delivered');
    assert.equal(rx.requests.length, 1);
  } finally {
    await rx.close();
  }
});

test('a failed delivery can be redelivered; a pending one is left as it is', async () => {
  const tenant = await insertTenant(store, { webhook_url: 'https://hooks.example.com/' });
  const runId = await finishRun(store, tenant, 'failed');
  const pending = (await deliveryOf(store, runId))!;
  assert.deepEqual(await redeliverLastEvent(store.db, runId, new Date()), { delivery_id: pending.id, status: 'pending' });
  assert.deepEqual(await deliveryOf(store, runId), pending, 'a pending delivery is not touched');

  await store.db.updateTable('webhook_deliveries').set({ status: 'failed', attempts: 4, next_attempt_at: null }).where('id', '=', pending.id).execute();
  assert.deepEqual(await redeliverLastEvent(store.db, runId, new Date()), { delivery_id: pending.id, status: 'pending' });
  const reset = (await deliveryOf(store, runId))!;
  assert.equal(reset.attempts, 0);
  assert.equal(reset.event, 'run.failed');
});

test('refusals: delivered, no delivery for the run, no webhook configured now', async () => {
  const rx = await startReceiver(() => 200);
  try {
    const tenant = await insertTenant(store, { webhook_url: rx.url });
    const runId = await finishRun(store, tenant);
    assert.equal((await deliver(runId)).status, 'delivered');
    await assert.rejects(redeliverLastEvent(store.db, runId, new Date()), refusal('already_delivered'));
  } finally {
    await rx.close();
  }

  const quiet = await insertTenant(store, { webhook_url: null });
  const quietRun = await insertRun(store, quiet.id);
  await assert.rejects(redeliverLastEvent(store.db, quietRun, new Date()), refusal('no_delivery'));
  await assert.rejects(redeliverLastEvent(store.db, 'no-such-run', new Date()), (e: unknown) => e instanceof RedeliveryError && /нет/.test(e.message));

  const removed = await insertTenant(store, { webhook_url: 'https://hooks.example.com/' });
  const removedRun = await finishRun(store, removed);
  await store.db.updateTable('webhook_deliveries').set({ status: 'failed' }).where('run_id', '=', removedRun).execute();
  await store.db.updateTable('tenants').set({ webhook_url: null }).where('id', '=', removed.id).execute();
  await assert.rejects(redeliverLastEvent(store.db, removedRun, new Date()), refusal('no_webhook'));
  assert.equal((await deliveryOf(store, removedRun))!.status, 'failed', 'nothing changed');
});
