import { sql } from 'kysely';
import type { Store } from '../store/db.ts';
import type { Run } from '../store/schema.ts';
import { addMs, nowIso } from '../domain/clock.ts';
import { STAGE_TEXT } from './stages.ts';

/**
 * Claims the oldest queued run whose organization is below its concurrency, in one statement:
 * the inner SELECT picks, the outer UPDATE re-checks status='queued', so two workers never take the
 * same run. On PostgreSQL the candidate row is locked with FOR UPDATE SKIP LOCKED so competing
 * workers skip it instead of waiting.
 */
export async function claimNextRun(store: Store, workerId: string, leaseMs: number): Promise<Run | null> {
  const now = new Date();
  const lockClause = store.dialect === 'postgres' ? sql`for update of r skip locked` : sql``;
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
        and (select count(*) from runs x where x.tenant_id = r.tenant_id and x.status = 'running') < t.concurrency
      order by r.created_at, r.id
      limit 1
      ${lockClause}
    ) and status = 'queued'
    returning *`.execute(store.db);
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
  return store.db
    .selectFrom('runs')
    .selectAll()
    .where('status', '=', 'running')
    .where('lease_expires_at', '<', nowIso())
    .limit(50)
    .execute();
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
