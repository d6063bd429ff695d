/**
 * Every state a run moves through, one named function each — the only statements that change a run's
 * status, stage or lease:
 *
 *   queued ──claimRun──▶ running ──recordRunStage / renewRunLease (while held)
 *   running ──markRunDone──▶ done                (publication, inside its transaction)
 *   queued|running ──markRunFailed──▶ failed     (failAndRefundRun: with the refund and the caller's event)
 *   running ──chargeDoubleVolume──▶ running, double volume   (one more check charged)
 *   running, lease lapsed ──requeueExpiredRun──▶ queued      (its worker died)
 *   running ──requeueRunOfDeadChild──▶ queued                (the child carrying it died)
 *   running ──returnRun──▶ queued, attempt given back         (its worker stops cleanly)
 *
 * Runs are a leased queue (leased-queue.ts): ready when queued and their organization is active and below its
 * concurrency. That condition counts other runs, which a conditional UPDATE alone cannot protect under
 * concurrent writers: SQLite serializes writers, so the single statement is exact there; on PostgreSQL each
 * attempt is a transaction for one candidate tenant that first takes the tenant's claim lock
 * (DialectAdapter.lockGroup) and then counts in a new statement — a fresh READ COMMITTED snapshot that sees
 * every claim committed before the lock was granted — so claims of one tenant take turns and the count is exact.
 */
import { sql, type SqlBool, type Updateable } from 'kysely';
import type { Db, Store } from '../db.ts';
import { dialectAdapter } from '../dialect.ts';
import type { RunsTable } from '../schema.ts';
import type { Run, RunStatus } from '../../kernel/model/runs.ts';
import type { Organization } from '../../kernel/model/organization.ts';
import type { RunError } from '../../kernel/errors.ts';
import type { Progress } from '../../kernel/progress.ts';
import { toRun } from '../repositories/run-rows.ts';
import { FIRST_STAGE, STAGE_TEXT, type Stage } from '../../kernel/stages.ts';
import { nowIso } from '../../kernel/clock.ts';
import { claimNext, findExpired, release, renew, requeueExpired, writeHeld, type LeasedTable } from './leased-queue.ts';
import { chargeCheck, refundChecks } from '../repositories/ledger.ts';
import { getRun, pagesOfRun } from '../repositories/runs.ts';
import { getTenant } from '../repositories/tenants.ts';

/** Tenants tried per claim on PostgreSQL (the ones waiting longest first). */
const CANDIDATE_TENANTS = 10;
/** Expired runs taken back per recovery pass. */
const EXPIRED_BATCH = 50;

type RunUpdate = Updateable<RunsTable>;

/** An active organization below its concurrency (`runs` is the row being considered). */
const tenantHasRoom = sql<SqlBool>`exists (
  select 1 from tenants t where t.id = runs.tenant_id and t.status = 'active'
    and (select count(*) from runs x where x.tenant_id = t.id and x.status = 'running') < t.concurrency)`;

export const runQueue: LeasedTable<'runs'> = {
  table: 'runs',
  key: 'id',
  owner: 'lease_owner',
  expiresAt: 'lease_expires_at',
  ready: () => sql<SqlBool>`(runs.status = 'queued' and ${tenantHasRoom})`,
  held: sql<SqlBool>`runs.status = 'running'`,
  order: ['created_at', 'id'],
  group: {
    column: 'tenant_id',
    async candidates(db) {
      const res = await sql<{ tenant_id: string }>`
        select runs.tenant_id from runs
        where runs.status = 'queued' and ${tenantHasRoom}
        group by runs.tenant_id
        order by min(runs.created_at), runs.tenant_id
        limit ${CANDIDATE_TENANTS}`.execute(db);
      return res.rows.map((r) => r.tenant_id);
    },
  },
};

/** queued → running: the oldest claimable run, its attempt counted, held by `workerId` for leaseMs. */
export async function claimRun(store: Store, workerId: string, leaseMs: number): Promise<Run | null> {
  const now = new Date();
  const row = await claimNext(store.db, dialectAdapter(store.dialect), runQueue, {
    owner: workerId,
    leaseMs,
    now,
    set: {
      status: 'running',
      stage: FIRST_STAGE,
      stage_text: STAGE_TEXT[FIRST_STAGE],
      attempts: sql`attempts + 1`,
      started_at: sql`coalesce(started_at, ${nowIso(now)})`,
      updated_at: nowIso(now),
    },
  });
  return row && toRun(row);
}

/** Renews the lease; false when another worker has taken the run over (this worker must stop). */
export async function renewRunLease(store: Store, runId: string, workerId: string, leaseMs: number): Promise<boolean> {
  return (await renew(store.db, runQueue, { key: runId, owner: workerId }, leaseMs)) !== null;
}

/** running → running at a stage and progress, while `workerId` holds it; false when the lease was lost. */
export function recordRunStage(db: Db, runId: string, workerId: string, stage: Stage, progress: Progress): Promise<boolean> {
  const set = { stage, stage_text: STAGE_TEXT[stage], progress: JSON.stringify(progress), updated_at: nowIso() };
  return writeHeld(db, runQueue, { key: runId, owner: workerId }, set);
}

/** Marks a held run as charged for double volume (in the charging transaction); false when not held or already. */
export async function markRunDoubleVolume(trx: Db, runId: string, workerId: string, at: string): Promise<boolean> {
  const res = await trx
    .updateTable('runs')
    .set({ double_volume: 1, updated_at: at })
    .where('id', '=', runId)
    .where('lease_owner', '=', workerId)
    .where('double_volume', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Thrown inside the charging transaction to roll the charge back when the run is no longer held. */
class RunNotHeld extends Error {}

/**
 * Charges one more check for a held run whose pages exceed the organization's limit and marks it double volume,
 * in one transaction: 'no-check' when none was left (nothing written), 'not-held' when this worker no longer
 * holds the run or it was charged already (the charge rolled back).
 */
export async function chargeDoubleVolume(db: Db, tenantId: string, runId: string, workerId: string, at: string): Promise<'charged' | 'no-check' | 'not-held'> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await chargeCheck(trx, tenantId, runId, 'extra_volume', at))) return 'no-check' as const;
      if (!(await markRunDoubleVolume(trx, runId, workerId, at))) throw new RunNotHeld();
      return 'charged' as const;
    });
  } catch (err) {
    if (err instanceof RunNotHeld) return 'not-held';
    throw err;
  }
}

/** running → done, inside the publication transaction; false when `workerId` no longer holds the run. */
export function markRunDone(trx: Db, runId: string, workerId: string, done: { progress: Progress; volumeUnits: number; at: string }): Promise<boolean> {
  return release(trx, runQueue, { key: runId, owner: workerId }, {
    status: 'done',
    stage: 'done',
    stage_text: STAGE_TEXT.done,
    progress: JSON.stringify(done.progress),
    volume_units: done.volumeUnits,
    updated_at: done.at,
    finished_at: done.at,
  } satisfies RunUpdate);
}

/** Which run may fail: its status, and the worker holding it or the lapsed lease a recovery saw. */
export interface FailGuard {
  status: RunStatus;
  leaseOwner?: string;
  leaseExpiresAt?: string | null;
}

/**
 * queued|running → failed (or cancelled), refunded, lease cleared; false when the guard does not match
 * (someone else moved the run first) or it was refunded already. The refund and the event are written in the
 * same transaction by failAndRefundRun.
 */
export async function markRunFailed(trx: Db, runId: string, error: RunError, opts: { cancelled?: boolean; onlyIf: FailGuard; at: string }): Promise<boolean> {
  let q = trx
    .updateTable('runs')
    .set({
      status: 'failed',
      stage: opts.cancelled ? 'cancelled' : 'failed',
      stage_text: opts.cancelled ? STAGE_TEXT.cancelled : STAGE_TEXT.failed,
      error: JSON.stringify(error),
      cancelled: opts.cancelled ? 1 : 0,
      refunded: 1,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: opts.at,
      finished_at: opts.at,
    })
    .where('id', '=', runId)
    .where('status', '=', opts.onlyIf.status)
    .where('refunded', '=', 0);
  if (opts.onlyIf.leaseOwner) q = q.where('lease_owner', '=', opts.onlyIf.leaseOwner);
  // Recovery passes the expired lease it saw: a worker that renewed it meanwhile keeps its run.
  if (opts.onlyIf.leaseExpiresAt) q = q.where('lease_expires_at', '=', opts.onlyIf.leaseExpiresAt);
  const moved = await q.executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}

/** A run just failed and refunded, as failAndRefundRun hands it to the caller's writes in its transaction. */
export interface FailedRun {
  run: Run;
  /** The organization after the refund. */
  tenant: Organization;
  /** Pages of the run's documents (0 when not yet counted). */
  pagesTotal: number;
}

/**
 * queued|running → failed (markRunFailed) with its checks returned when it was charged (two for a double
 * volume), and whatever `alsoRecord` writes (the webhook event) — all in one transaction. False when the guard
 * did not match: nothing is written.
 */
export function failAndRefundRun(
  db: Db,
  runId: string,
  error: RunError,
  opts: { cancelled?: boolean; onlyIf: FailGuard; at: string },
  alsoRecord: (trx: Db, failed: FailedRun) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await markRunFailed(trx, runId, error, opts))) return false;
    const run = (await getRun(trx, runId))!;
    if (run.charged) await refundChecks(trx, run.tenantId, runId, run.doubleVolume ? 2 : 1, opts.at);
    const tenant = (await getTenant(trx, run.tenantId))!;
    await alsoRecord(trx, { run, tenant, pagesTotal: await pagesOfRun(trx, runId) });
    return true;
  });
}

/** Runs whose worker died: running with a lapsed lease. */
export async function findExpiredRuns(store: Store): Promise<Run[]> {
  return (await findExpired(store.db, runQueue, EXPIRED_BATCH)).map(toRun);
}

const backInQueue = () => ({ status: 'queued', stage: 'queued', stage_text: STAGE_TEXT.queued, updated_at: nowIso() }) satisfies RunUpdate;

/** running (lease lapsed) → queued: its stages start over from the stored documents; one node of many wins. */
export function requeueExpiredRun(store: Store, run: Pick<Run, 'id' | 'leaseExpiresAt'>): Promise<boolean> {
  return requeueExpired(store.db, runQueue, { key: run.id, expiresAt: run.leaseExpiresAt }, backInQueue());
}

/**
 * running → queued at once when the child process carrying it died (its attempt counted at the claim);
 * only while this worker still holds it.
 */
export function requeueRunOfDeadChild(store: Store, runId: string, workerId: string): Promise<boolean> {
  return release(store.db, runQueue, { key: runId, owner: workerId }, backInQueue());
}

/**
 * running → queued at once, lease released and its attempt given back, when the worker holding it stops cleanly
 * (SIGTERM, app close): a stop is not the run's fault, so a rolling restart costs it nothing and another node
 * (or this one, restarted) claims it at the next poll instead of waiting for the lease to lapse. Only while
 * `workerId` still holds it; the count never goes below zero.
 */
export function returnRun(store: Store, runId: string, workerId: string): Promise<boolean> {
  return release(
    store.db,
    runQueue,
    { key: runId, owner: workerId },
    {
      ...backInQueue(),
      attempts: sql`case when attempts > 0 then attempts - 1 else 0 end`,
    },
  );
}
