/**
 * Queue claims, leases and idempotency keys used from several independent connection pools at once, as
 * several worker and API processes use one database. Runs on SQLite by default and on PostgreSQL with
 * TEST_DATABASE_URL=postgres://… (where it exercises SKIP LOCKED and the per-tenant advisory claim lock).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Store } from '../../src/store/db.ts';
import { claimRun as claimNextRun, findExpiredRuns, renewRunLease as renewLease, requeueExpiredRun } from '../../src/store/queue/runs.ts';
import { claimIdempotencyKey, completeIdempotencyKey } from '../../src/store/repositories/idempotency.ts';
import { AppError } from '../../src/kernel/errors.ts';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';
import { addQueuedRuns, addTenant, runningCount } from './fixtures.ts';

const NODES = 4;

describe(`store used from ${NODES} connections at once (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  let store: TestStore;
  let nodes: Store[];

  before(async () => {
    store = await openTestStore();
    nodes = [];
    for (let i = 0; i < NODES; i++) nodes.push(await store.openSecond());
  });
  after(async () => {
    await store.dispose();
  });

  test('concurrent claims take every run exactly once and never exceed a tenant’s concurrency', async () => {
    const tenants = [
      { ...(await addTenant(store.db, { concurrency: 1 })), limit: 1, runs: 6 },
      { ...(await addTenant(store.db, { concurrency: 2 })), limit: 2, runs: 6 },
      { ...(await addTenant(store.db, { concurrency: 3 })), limit: 3, runs: 6 },
    ];
    const all = new Set<string>();
    for (const t of tenants) for (const id of await addQueuedRuns(store.db, t, t.runs)) all.add(id);

    const claimed: string[] = [];
    const peak = new Map<string, number>();
    for (let round = 0; round < 60 && claimed.length < all.size; round++) {
      // Every node fires three claims at once; the runs they take stay running until the round is checked.
      const results = await Promise.all(nodes.flatMap((node, n) => [0, 1, 2].map((slot) => claimNextRun(node, `node-${n}:${slot}`, 60_000))));
      for (const run of results) if (run) claimed.push(run.id);
      for (const t of tenants) {
        const running = await runningCount(store.db, t.tenantId);
        peak.set(t.tenantId, Math.max(peak.get(t.tenantId) ?? 0, running));
        assert.ok(running <= t.limit, `tenant with concurrency ${t.limit} has ${running} running runs`);
      }
      await store.db.updateTable('runs').set({ status: 'done', lease_owner: null, lease_expires_at: null }).where('status', '=', 'running').execute();
    }
    assert.equal(new Set(claimed).size, claimed.length, 'no run was claimed twice');
    assert.deepEqual(new Set(claimed), all, 'every queued run was claimed');
    for (const t of tenants) assert.equal(peak.get(t.tenantId), t.limit, 'each tenant reached, and did not pass, its limit');
  });

  test('a lease belongs to one worker; an expired one is requeued by exactly one node and claimed again', async () => {
    const t = await addTenant(store.db, { concurrency: 1 });
    const [runId] = await addQueuedRuns(store.db, t, 1);
    const first = await claimNextRun(nodes[0]!, 'worker-a', 150);
    assert.equal(first?.id, runId);
    assert.equal(await renewLease(nodes[1]!, runId!, 'worker-b', 60_000), false, 'another worker cannot renew the lease');
    assert.equal(await renewLease(nodes[0]!, runId!, 'worker-a', 150), true);

    let expired: Awaited<ReturnType<typeof findExpiredRuns>> = [];
    for (let i = 0; i < 100 && !expired.some((r) => r.id === runId); i++) {
      await new Promise((r) => setTimeout(r, 50));
      expired = await findExpiredRuns(nodes[1]!);
    }
    const run = expired.find((r) => r.id === runId);
    assert.ok(run, 'the lapsed lease is seen from another node');
    const requeued = await Promise.all(nodes.map((node) => requeueExpiredRun(node, run)));
    assert.equal(requeued.filter(Boolean).length, 1, 'exactly one node requeues it');
    assert.equal(await renewLease(nodes[0]!, runId!, 'worker-a', 60_000), false, 'the dead worker’s lease is gone');

    const again = await claimNextRun(nodes[2]!, 'worker-c', 60_000);
    assert.equal(again?.id, runId);
    assert.equal(again?.attempts, 2);
    assert.equal(again?.leaseOwner, 'worker-c');
  });

  test('one Idempotency-Key taken at once from every node has exactly one owner; then it replays everywhere', async () => {
    const t = await addTenant(store.db);
    const [runId] = await addQueuedRuns(store.db, t, 1);
    const attempts = await Promise.allSettled(nodes.map((node) => claimIdempotencyKey(node.db, t.tenantId, 'key-1', 'hash-1', 60_000)));
    const owners = attempts.filter((a) => a.status === 'fulfilled' && a.value.kind === 'new');
    assert.equal(owners.length, 1);
    for (const a of attempts) {
      if (a.status === 'rejected') {
        assert.ok(a.reason instanceof AppError);
        assert.equal((a.reason as AppError).code, 'idempotency_pending');
      }
    }
    await completeIdempotencyKey(nodes[0]!.db, t.tenantId, 'key-1', runId!);
    const replays = await Promise.all(nodes.map((node) => claimIdempotencyKey(node.db, t.tenantId, 'key-1', 'hash-1', 60_000)));
    assert.deepEqual(
      replays,
      nodes.map(() => ({ kind: 'replay', runId })),
    );
  });
});
