/**
 * The leased queue (src/store/queue/) itself, from several independent connection pools at once as several
 * processes use one database: claims are exclusive, leases belong to their holder, lapsed leases are taken
 * back exactly once. Runs on SQLite by default and on PostgreSQL with TEST_DATABASE_URL=postgres://… (where
 * claims go through FOR UPDATE SKIP LOCKED).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Store } from '../../src/store/db.ts';
import { dialectAdapter } from '../../src/store/dialect.ts';
import { claimNext, findExpired, release, renew, requeueExpired, writeHeld } from '../../src/store/queue/leased-queue.ts';
import { claimDueDelivery, deliveryQueue, extendDeliveryLease, recordDeliveryAttempt } from '../../src/store/queue/deliveries.ts';
import { claimPdfBuild, failPdfBuild, renewPdfBuild } from '../../src/store/queue/pdf-builds.ts';
import { claimRun, findExpiredRuns, renewRunLease, requeueExpiredRun, requeueRunOfDeadChild, returnRun, runQueue } from '../../src/store/queue/runs.ts';
import { getRun } from '../../src/store/repositories/runs.ts';
import { finishRun, insertTenant, openTestStore, type TestStore } from '../notify/support.ts';
import { addQueuedRuns, addTenant } from '../scale/fixtures.ts';

const NODES = 4;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`leased queue from ${NODES} connections (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  let store: TestStore;
  let nodes: Store[];

  before(async () => {
    store = await openTestStore();
    nodes = [];
    for (let i = 0; i < NODES; i++) nodes.push(await store.openSecond());
  });
  after(() => store.dispose());

  /** Pending deliveries of a fresh organization (the queue without groups). */
  async function pendingDeliveries(count: number): Promise<Set<string>> {
    const tenant = await insertTenant(store, { webhook_url: 'http://127.0.0.1:9/hook' });
    const ids = new Set<string>();
    for (let i = 0; i < count; i++) {
      const runId = await finishRun(store, tenant);
      const d = await store.db.selectFrom('webhook_deliveries').select('id').where('run_id', '=', runId).executeTakeFirstOrThrow();
      ids.add(d.id);
    }
    return ids;
  }

  const ours = (ids: Set<string>) => (id: string | undefined) => id !== undefined && ids.has(id);

  test('concurrent claims take every ready row exactly once', async () => {
    const ids = await pendingDeliveries(24);
    const claimed: string[] = [];
    for (let round = 0; round < 20 && claimed.length < ids.size; round++) {
      // every node fires four claims at once; nothing is released, so a row claimed twice would show
      const got = await Promise.all(
        nodes.flatMap((node, n) => [0, 1, 2, 3].map((k) => claimDueDelivery(node.db, node.dialect, `node-${n}:${k}`, new Date(), 60_000))),
      );
      for (const d of got) if (d && ids.has(d.id)) claimed.push(d.id);
      if (got.every((d) => d === null)) break;
    }
    assert.equal(new Set(claimed).size, claimed.length, 'no row was claimed twice');
    assert.deepEqual(new Set(claimed), ids, 'every ready row was claimed');
    assert.equal(
      await claimDueDelivery(store.db, store.dialect, 'late', new Date(), 60_000).then((d) => ours(ids)(d?.id)),
      false,
      'a held row is not claimable',
    );
  });

  test('one known row claimed from every node at once has exactly one holder', async () => {
    const t = await addTenant(store.db);
    const [runId] = await addQueuedRuns(store.db, t, 1);
    await store.db.updateTable('runs').set({ status: 'done' }).where('id', '=', runId!).execute();
    const at = new Date().toISOString();
    await store.db
      .insertInto('results')
      .values({
        run_id: runId!,
        tenant_id: t.tenantId,
        snapshot: randomUUID(),
        body: '{}',
        report_md_key: 'md',
        section_pdf_keys: '{}',
        theme_pdf_keys: '{}',
        published_at: at,
      })
      .execute();
    const owners = nodes.map((_, n) => `build-${n}`);
    const got = await Promise.all(nodes.map((node, n) => claimPdfBuild(node.db, runId!, owners[n]!, 60_000, new Date())));
    assert.equal(got.filter(Boolean).length, 1, `one build owner: ${JSON.stringify(got)}`);
    const winner = owners[got.findIndex(Boolean)]!;
    const loser = owners.find((o) => o !== winner)!;
    assert.equal(await renewPdfBuild(store.db, runId!, loser, 60_000, new Date()), false, 'renew by the wrong owner fails');
    assert.equal(await failPdfBuild(store.db, runId!, loser, { retryAt: null, error: 'x' }), false, 'release by the wrong owner fails');
    assert.equal(await renewPdfBuild(store.db, runId!, winner, 60_000, new Date()), true);
    assert.equal(await failPdfBuild(store.db, runId!, winner, { retryAt: null, error: 'failed' }), true);
    assert.equal(await renewPdfBuild(store.db, runId!, winner, 60_000, new Date()), false, 'a released lease cannot be renewed');
    assert.equal((await claimPdfBuild(store.db, runId!, 'next', 60_000, new Date()))?.pdf_build_attempts, 2, 'released: claimable again, each claim counted');
  });

  test('renew: only the holder moves its expiry; a fenced holder must also name the expiry it set', async () => {
    const ids = await pendingDeliveries(1);
    const d = await claimDueDelivery(store.db, store.dialect, 'node-a', new Date(), 60_000);
    assert.ok(d && ids.has(d.id));
    const holder = { key: d.id, owner: 'node-a', expiresAt: d.leaseExpiresAt };
    assert.equal(await renew(store.db, deliveryQueue, { ...holder, owner: 'node-b' }, 60_000), null, 'wrong owner');
    assert.equal(await renew(store.db, deliveryQueue, { ...holder, expiresAt: '2000-01-01T00:00:00.000Z' }, 60_000), null, 'right owner, stale expiry');
    const later = new Date(Date.now() + 120_000).toISOString();
    assert.equal(await extendDeliveryLease(store.db, d, d.leaseExpiresAt, later), true);
    assert.equal(await extendDeliveryLease(store.db, d, d.leaseExpiresAt, later), false, 'the expiry it replaced no longer holds');
    assert.equal(await writeHeld(store.db, deliveryQueue, { ...holder, expiresAt: later }, { last_error: 'kept' }), true);
    assert.equal(await recordDeliveryAttempt(store.db, d, later, { status: 'delivered', attempts: 1, nextAttemptAt: null }), true);
    const row = await store.db.selectFrom('webhook_deliveries').selectAll().where('id', '=', d.id).executeTakeFirstOrThrow();
    assert.deepEqual([row.status, row.lease_owner, row.lease_expires_at, row.last_error], ['delivered', null, null, 'kept']);
    assert.equal(await release(store.db, deliveryQueue, { ...holder, expiresAt: later }, { status: 'failed' }), false, 'a settled row is no longer held');
  });

  test('a lapsed lease is taken back by exactly one node; a holder that renewed first keeps its row', async () => {
    const t = await addTenant(store.db, { concurrency: 2 });
    const [lapsing, renewed] = await addQueuedRuns(store.db, t, 2);
    const a = await claimRun(nodes[0]!, 'worker-a', 100);
    const b = await claimRun(nodes[0]!, 'worker-b', 100);
    assert.deepEqual([a?.id, b?.id], [lapsing, renewed]);
    assert.equal(await renewRunLease(nodes[1]!, lapsing!, 'worker-b', 60_000), false, 'renew by the wrong owner fails');

    let expired: Awaited<ReturnType<typeof findExpiredRuns>> = [];
    for (let i = 0; i < 100 && expired.filter((r) => r.id === lapsing || r.id === renewed).length < 2; i++) {
      await sleep(30);
      expired = await findExpiredRuns(nodes[1]!);
    }
    const seenRenewed = expired.find((r) => r.id === renewed)!;
    assert.ok(seenRenewed, 'both leases seen lapsed');
    // worker-b comes back before recovery acts: its run is not taken from it
    assert.equal(await renewRunLease(nodes[0]!, renewed!, 'worker-b', 60_000), true);
    assert.equal(await requeueExpiredRun(nodes[2]!, seenRenewed), false, 'renewed meanwhile: not requeued');

    const seenLapsed = expired.find((r) => r.id === lapsing)!;
    const requeued = await Promise.all(nodes.map((node) => requeueExpiredRun(node, seenLapsed)));
    assert.equal(requeued.filter(Boolean).length, 1, 'exactly one node requeues it');
    const row = await store.db.selectFrom('runs').selectAll().where('id', '=', lapsing!).executeTakeFirstOrThrow();
    assert.deepEqual([row.status, row.stage, row.lease_owner, row.lease_expires_at], ['queued', 'queued', null, null]);
    assert.equal(await renewRunLease(nodes[0]!, lapsing!, 'worker-a', 60_000), false, 'the lapsed holder has lost it');
    const again = await claimRun(nodes[3]!, 'worker-c', 60_000);
    assert.deepEqual([again?.id, again?.attempts, again?.leaseOwner], [lapsing, 2, 'worker-c']);
  });

  test('requeue of a dead child’s run only by the worker holding it; the generic statements agree with the run functions', async () => {
    const t = await addTenant(store.db, { concurrency: 1 });
    const [runId] = await addQueuedRuns(store.db, t, 1);
    const run = await claimNext(store.db, dialectAdapter(store.dialect), runQueue, { owner: 'w', leaseMs: 60_000, set: { status: 'running' } });
    assert.equal(run?.id, runId);
    assert.equal(await requeueRunOfDeadChild(store, runId!, 'other'), false);
    assert.equal(await requeueRunOfDeadChild(store, runId!, 'w'), true);
    assert.equal(await requeueExpired(store.db, runQueue, { key: runId!, expiresAt: run!.lease_expires_at }, { status: 'queued' }), false, 'not held any more');
    assert.deepEqual(await findExpired(store.db, runQueue, 10, new Date(Date.now() + 120_000)).then((rows) => rows.filter((r) => r.id === runId)), []);
  });

  /** Takes every queued run of earlier tests out of the way, so the next claim is of this test's run. */
  const drainQueue = async () => {
    while (await claimRun(store, 'drain', 60_000));
  };

  test('a run given back by a stopping worker is queued at once with its attempt returned, claimable by another node', async () => {
    await drainQueue();
    const t = await addTenant(store.db, { concurrency: 1 });
    const [runId] = await addQueuedRuns(store.db, t, 1);
    const first = await claimRun(nodes[0]!, 'stopping', 60_000);
    assert.deepEqual([first?.id, first?.attempts], [runId, 1]);
    assert.equal(await returnRun(nodes[1]!, runId!, 'someone-else'), false, 'only the holder gives a run back');
    assert.equal((await getRun(store.db, runId!))?.status, 'running');

    assert.equal(await returnRun(nodes[0]!, runId!, 'stopping'), true);
    const back = (await getRun(store.db, runId!))!;
    assert.deepEqual(
      [back.status, back.stage, back.attempts, back.leaseOwner, back.leaseExpiresAt],
      ['queued', 'queued', 0, null, null],
      'queued, its attempt not counted, the lease released (not left to lapse)',
    );
    assert.equal(await returnRun(nodes[0]!, runId!, 'stopping'), false, 'not held any more: a second return does nothing');
    assert.equal(await renewRunLease(nodes[0]!, runId!, 'stopping', 60_000), false, 'the stopped worker holds nothing');

    // Three clean stops in a row cost nothing: each claim counts 1, each return gives it back.
    for (const node of ['n1', 'n2', 'n3']) {
      const claimed = await claimRun(nodes[2]!, node, 60_000);
      assert.deepEqual([claimed?.id, claimed?.attempts], [runId, 1], `claimed at once by ${node}`);
      assert.equal(await returnRun(nodes[2]!, runId!, node), true);
    }
    const after = await claimRun(nodes[3]!, 'survivor', 60_000);
    assert.deepEqual([after?.id, after?.attempts, after?.leaseOwner], [runId, 1, 'survivor']);
    assert.deepEqual(await findExpiredRuns(store).then((runs) => runs.filter((r) => r.id === runId)), [], 'nothing is left to lapse');
  });

  test('a return never takes the attempts below zero', async () => {
    await drainQueue();
    const t = await addTenant(store.db, { concurrency: 1 });
    const [runId] = await addQueuedRuns(store.db, t, 1);
    const claimed = await claimNext(store.db, dialectAdapter(store.dialect), runQueue, { owner: 'w', leaseMs: 60_000, set: { status: 'running' } });
    assert.equal(claimed?.id, runId);
    assert.equal(await returnRun(store, runId!, 'w'), true);
    assert.equal((await getRun(store.db, runId!))?.attempts, 0);
  });
});
