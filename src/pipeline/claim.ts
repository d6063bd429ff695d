import { sql } from 'kysely';
import type { Db, DialectName, Store } from '../store/db.ts';
import { skipLockedRows, lockTenantClaims } from '../store/dialect.ts';
import type { Run } from '../store/schema.ts';
import { addMs, nowIso } from '../kernel/clock.ts';
import { STAGE_TEXT } from '../kernel/stages.ts';

/**
 * Claims the oldest queued run whose organization is below its concurrency. The claim is one conditional
 * UPDATE: the inner SELECT picks, the outer UPDATE re-checks status='queued', so two workers never take the
 * same run; on PostgreSQL the candidate row is locked with FOR UPDATE SKIP LOCKED so competing workers skip
 * it instead of waiting.
 *
 * The concurrency limit counts other rows, which a conditional UPDATE alone cannot protect under concurrent
 * writers. SQLite serializes writers, so the single statement is exact there. On PostgreSQL each attempt is a
 * transaction for one candidate tenant that first takes the tenant's advisory claim lock (src/store/dialect.ts)
 * and then counts in a new statement, i.e. a fresh READ COMMITTED snapshot that sees every claim committed
 * before the lock was granted; the lock is held until commit, so claims of one tenant take turns and the count
 * is exact. One lock per transaction means claimers never wait for each other in a cycle.
 */
export async function claimNextRun(store: Store, workerId: string, leaseMs: number): Promise<Run | null> {
  if (store.dialect === 'sqlite') return claimStatement(store.db, store.dialect, null, workerId, leaseMs);
  for (const tenantId of await tenantsWithClaimableRuns(store.db)) {
    const run = await store.db.transaction().execute(async (trx) => {
      await lockTenantClaims(trx, store.dialect, tenantId);
      return claimStatement(trx, store.dialect, tenantId, workerId, leaseMs);
    });
    if (run) return run;
  }
  return null;
}

const CANDIDATE_TENANTS = 10;

/** Tenants with a queued run and room below their concurrency, the one waiting longest first. */
async function tenantsWithClaimableRuns(db: Db): Promise<string[]> {
  const res = await sql<{ tenant_id: string }>`
    select r.tenant_id from runs r join tenants t on t.id = r.tenant_id
    where r.status = 'queued'
      and t.status = 'active'
      and (select count(*) from runs x where x.tenant_id = r.tenant_id and x.status = 'running') < t.concurrency
    group by r.tenant_id
    order by min(r.created_at), r.tenant_id
    limit ${CANDIDATE_TENANTS}`.execute(db);
  return res.rows.map((r) => r.tenant_id);
}

/** The claim itself; tenantId limits it to one organization (null: any). */
async function claimStatement(db: Db, dialect: DialectName, tenantId: string | null, workerId: string, leaseMs: number): Promise<Run | null> {
  const now = new Date();
  const tenantFilter = tenantId === null ? sql`` : sql`and r.tenant_id = ${tenantId}`;
  const result = await sql<Run>`
    update runs set
      status = 'running',
      stage = 'preparing',
      stage_text = ${STAGE_TEXT.preparing},
      lease_owner = ${workerId},
      lease_expires_at = ${nowIso(addMs(now, leaseMs))},
      attempts = attempts + 1,
      started_at = coalesce(started_at, ${nowIso(now)}),
      updated_at = ${nowIso(now)}
    where id = (
      select r.id from runs r join tenants t on t.id = r.tenant_id
      where r.status = 'queued'
        and t.status = 'active'
        ${tenantFilter}
        and (select count(*) from runs x where x.tenant_id = r.tenant_id and x.status = 'running') < t.concurrency
      order by r.created_at, r.id
      limit 1
      ${skipLockedRows(dialect, 'r')}
    ) and status = 'queued'
    returning *`.execute(db);
  return result.rows[0] ?? null;
}

/** Renews the lease; false when another worker has taken the run over (this worker must stop). */
export async function renewLease(store: Store, runId: string, workerId: string, leaseMs: number): Promise<boolean> {
  const res = await store.db
    .updateTable('runs')
    .set({ lease_expires_at: nowIso(addMs(new Date(), leaseMs)) })
    .where('id', '=', runId)
    .where('lease_owner', '=', workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Runs whose worker died: status running with an expired lease. */
export function findExpiredRuns(store: Store): Promise<Run[]> {
  return store.db.selectFrom('runs').selectAll().where('status', '=', 'running').where('lease_expires_at', '<', nowIso()).limit(50).execute();
}

/** Puts a run whose worker died back in the queue (its stages start over from the stored documents). */
export async function requeueExpiredRun(store: Store, run: Run): Promise<boolean> {
  const res = await store.db
    .updateTable('runs')
    .set({ status: 'queued', stage: 'queued', stage_text: STAGE_TEXT.queued, lease_owner: null, lease_expires_at: null, updated_at: nowIso() })
    .where('id', '=', run.id)
    .where('status', '=', 'running')
    .where('lease_expires_at', '=', run.lease_expires_at)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Puts a run back in the queue at once when the child process carrying it died (its attempt counted at the
 * claim); only while this worker still holds it.
 */
export async function requeueOwnRun(store: Store, runId: string, workerId: string): Promise<boolean> {
  const res = await store.db
    .updateTable('runs')
    .set({ status: 'queued', stage: 'queued', stage_text: STAGE_TEXT.queued, lease_owner: null, lease_expires_at: null, updated_at: nowIso() })
    .where('id', '=', runId)
    .where('status', '=', 'running')
    .where('lease_owner', '=', workerId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
