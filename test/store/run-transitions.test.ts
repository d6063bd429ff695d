/**
 * The run transitions that charge or refund (src/store/queue/runs.ts): each one transaction, all or nothing.
 * Runs on SQLite by default and on PostgreSQL with TEST_DATABASE_URL=postgres://….
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runFailures } from '../../src/kernel/errors.ts';
import { chargeDoubleVolume, claimRun, failAndRefundRun, type FailedRun } from '../../src/store/queue/runs.ts';
import { getRun } from '../../src/store/repositories/runs.ts';
import { checksLeft } from '../../src/store/repositories/tenants.ts';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';
import { addQueuedRuns, addTenant } from '../scale/fixtures.ts';

const LEASE_MS = 60_000;
const at = () => new Date().toISOString();

describe(`run transitions that charge or refund (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  let store: TestStore;

  before(async () => {
    store = await openTestStore();
  });
  after(() => store.dispose());

  /** A running run held by `worker`, of a fresh organization with `checks` left. */
  async function runningRun(worker: string, checks: number): Promise<{ tenantId: string; runId: string }> {
    const tenant = await addTenant(store.db, { checks });
    const [runId] = await addQueuedRuns(store.db, tenant, 1);
    const claimed = await claimRun(store, worker, LEASE_MS);
    assert.equal(claimed?.id, runId);
    return { tenantId: tenant.tenantId, runId: runId! };
  }

  const extraVolumeLines = async (runId: string) =>
    (await store.db.selectFrom('ledger').select('id').where('run_id', '=', runId).where('reason', '=', 'extra_volume').execute()).length;

  test('a double volume is charged once, only while the run is held, and not without a check', async () => {
    const { tenantId, runId } = await runningRun('w1', 2);
    assert.equal(await chargeDoubleVolume(store.db, tenantId, runId, 'w2', at()), 'not-held');
    assert.equal(await checksLeft(store.db, tenantId), 2, 'the charge of a run not held is rolled back');
    assert.equal(await chargeDoubleVolume(store.db, tenantId, runId, 'w1', at()), 'charged');
    assert.equal(await checksLeft(store.db, tenantId), 1);
    assert.equal((await getRun(store.db, runId))?.doubleVolume, true);
    assert.equal(await chargeDoubleVolume(store.db, tenantId, runId, 'w1', at()), 'not-held', 'a second charge of the same run');
    assert.equal(await checksLeft(store.db, tenantId), 1);
    assert.equal(await extraVolumeLines(runId), 1);

    const poor = await runningRun('w3', 0);
    assert.equal(await chargeDoubleVolume(store.db, poor.tenantId, poor.runId, 'w3', at()), 'no-check');
    assert.equal((await getRun(store.db, poor.runId))?.doubleVolume, false);
    assert.equal(await extraVolumeLines(poor.runId), 0);
  });

  test('a failed run returns both checks of a double volume, with the caller’s write in the same transaction', async () => {
    const { tenantId, runId } = await runningRun('w1', 2);
    assert.equal(await chargeDoubleVolume(store.db, tenantId, runId, 'w1', at()), 'charged');
    // The run's first check was charged at acceptance (not by this fixture): 2 − 1 now, 1 + 2 after the refund.
    const error = runFailures.cancelledByClient().toRunError();

    const recorded: FailedRun[] = [];
    const record = async (_trx: unknown, failed: FailedRun) => {
      recorded.push(failed);
    };
    assert.equal(await failAndRefundRun(store.db, runId, error, { onlyIf: { status: 'running', leaseOwner: 'w2' }, at: at() }, record), false);
    assert.equal(recorded.length, 0, 'nothing is written when the guard does not match');
    assert.equal(await checksLeft(store.db, tenantId), 1);

    await assert.rejects(
      failAndRefundRun(store.db, runId, error, { onlyIf: { status: 'running', leaseOwner: 'w1' }, at: at() }, async () => {
        throw new Error('event not written');
      }),
      /event not written/,
    );
    assert.equal((await getRun(store.db, runId))?.status, 'running', 'a failing write of the caller rolls the transition back');
    assert.equal(await checksLeft(store.db, tenantId), 1);

    assert.equal(await failAndRefundRun(store.db, runId, error, { onlyIf: { status: 'running', leaseOwner: 'w1' }, at: at() }, record), true);
    assert.equal(recorded.length, 1);
    assert.equal(recorded[0]?.run.status, 'failed');
    assert.equal(recorded[0]?.tenant.checksLeft, 3, 'the caller sees the organization after the refund');
    assert.equal(recorded[0]?.pagesTotal, 0);
    assert.equal(await checksLeft(store.db, tenantId), 3);
    const refunds = await store.db.selectFrom('ledger').select('delta').where('run_id', '=', runId).where('reason', '=', 'refund').execute();
    assert.deepEqual(
      refunds.map((r) => r.delta),
      [1, 1],
    );
  });
});
