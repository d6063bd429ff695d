import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { runAttempt } from '../../src/notify/attempt.ts';
import { claimDueDelivery as claimDue } from '../../src/store/queue/deliveries.ts';
import { startWebhookDispatcher } from '../../src/notify/dispatcher.ts';
import type { Store } from '../../src/store/db.ts';
import { deliveryOf, finishRun, insertTenant, openTestStore, settled, silentLog, startReceiver, testConfig, waitFor, type TestStore } from './support.ts';

let store: TestStore;
before(async () => {
  store = await openTestStore();
});
after(() => store.dispose());

const start = (s: Store, workerId: string) =>
  startWebhookDispatcher({ db: s.db, dialect: s.dialect, config: testConfig(), log: silentLog, workerId, pollIntervalMs: 20 });

test('a dispatcher stopped in the middle of retries: a new one continues, attempts stay right, one delivery id', async () => {
  const rx = await startReceiver((n) => (n < 2 ? 500 : 200));
  try {
    const tenant = await insertTenant(store, {
      webhook_url: rx.url,
      webhook_settings: JSON.stringify({ attempts: 4, timeout_ms: 2000, pauses_ms: [400, 20, 20] }),
    });
    const runId = await finishRun(store, tenant);

    const first = start(store, 'worker-a');
    await waitFor(async () => ((await deliveryOf(store, runId))?.attempts ?? 0) >= 1, 'first attempt recorded');
    await first.stop();
    const mid = (await deliveryOf(store, runId))!;
    assert.equal(mid.status, 'pending', 'stopped before the retries ended');
    assert.equal(mid.lease_owner, null, 'a graceful stop leaves no lease behind');
    assert.equal(rx.requests.length, mid.attempts, 'every attempt made is counted');

    const second = await store.openSecond();
    const restarted = start(second, 'worker-b');
    try {
      const done = await settled(store, runId);
      assert.equal(done.status, 'delivered');
      assert.equal(done.attempts, 3);
      assert.equal(rx.requests.length, 3);
      assert.deepEqual(new Set(rx.requests.map((r) => r.headers['x-svc-delivery'])), new Set([done.id]));
      const rows = await store.db.selectFrom('webhook_deliveries').select('id').where('run_id', '=', runId).execute();
      assert.equal(rows.length, 1);
    } finally {
      await restarted.stop();
      await second.close();
    }
  } finally {
    await rx.close();
  }
});

test('a lease left by a dispatcher that died is taken over once it expires', async () => {
  const rx = await startReceiver(() => 200);
  try {
    const tenant = await insertTenant(store, { webhook_url: rx.url });
    const runId = await finishRun(store, tenant);
    // The dead dispatcher claimed the delivery and never came back.
    const claimed = await claimDue(store.db, store.dialect, 'dead-worker', new Date(), 150);
    assert.ok(claimed);
    assert.equal(claimed.runId, runId);
    assert.equal(await claimDue(store.db, store.dialect, 'other', new Date(), 150), null, 'a live lease is not claimable');

    const d = start(store, 'worker-c');
    try {
      const done = await settled(store, runId);
      assert.equal(done.status, 'delivered');
      assert.equal(done.attempts, 1);
      assert.equal(rx.requests.length, 1);
    } finally {
      await d.stop();
    }
  } finally {
    await rx.close();
  }
});

test('a dispatcher whose lease was taken over cannot record its attempt', async () => {
  const rx = await startReceiver(() => 200);
  try {
    const tenant = await insertTenant(store, { webhook_url: rx.url });
    const runId = await finishRun(store, tenant);
    const stale = await claimDue(store.db, store.dialect, 'slow-worker', new Date(), 1);
    assert.ok(stale);
    await waitFor(async () => Date.now() > Date.parse(stale.leaseExpiresAt) + 1, 'lease expiry');
    const fresh = await claimDue(store.db, store.dialect, 'fast-worker', new Date(), 60_000);
    assert.ok(fresh);
    assert.equal(fresh.id, stale.id);

    const result = await runAttempt({ db: store.db, allowPrivate: true, log: silentLog }, stale);
    assert.equal(result, 'lost_lease');
    const row = (await deliveryOf(store, runId))!;
    assert.equal(row.status, 'pending');
    assert.equal(row.attempts, 0);
    assert.equal(row.lease_owner, 'fast-worker');
    assert.equal(rx.requests.length, 0, 'it stops before sending once its lease cannot be extended');
  } finally {
    await rx.close();
  }
});

test('two dispatchers on one database never deliver the same attempt twice', async () => {
  const rx = await startReceiver(() => 200);
  try {
    const tenant = await insertTenant(store, { webhook_url: rx.url });
    const runs: string[] = [];
    for (let i = 0; i < 20; i++) runs.push(await finishRun(store, tenant));
    const second = await store.openSecond();
    const a = start(store, 'worker-1');
    const b = start(second, 'worker-2');
    try {
      for (const runId of runs) assert.equal((await settled(store, runId)).attempts, 1);
    } finally {
      await a.stop();
      await b.stop();
      await second.close();
    }
    const ids = rx.requests.map((r) => r.headers['x-svc-delivery']);
    assert.equal(ids.length, runs.length);
    assert.equal(new Set(ids).size, runs.length);
  } finally {
    await rx.close();
  }
});
