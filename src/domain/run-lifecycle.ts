import type { AppDeps } from './deps.ts';
import type { Db } from '../store/db.ts';
import type { Run } from '../store/schema.ts';
import { errors, runFailures, type RunError } from '../kernel/errors.ts';
import { refundChecks } from '../store/repositories/ledger.ts';
import { getRun, markDocumentsDeleted } from '../store/repositories/runs.ts';
import { getTenant } from '../store/repositories/tenants.ts';
import { recordRunEvent } from '../notify/outbox.ts';
import { STAGE_TEXT } from '../kernel/stages.ts';
import { nowIso } from '../kernel/clock.ts';

/**
 * Moves a run to failed and returns its check, in one transaction with the webhook event.
 * `onlyIf` guards the transition (e.g. status queued for a cancel, or the lease owner for a worker);
 * returns false when the guard did not match (someone else moved the run first).
 */
export async function failRunWithRefund(
  db: Db,
  apiVersion: string,
  runId: string,
  error: RunError,
  opts: { cancelled?: boolean; onlyIf: { status: Run['status']; leaseOwner?: string; leaseExpiresAt?: string | null } },
): Promise<boolean> {
  const now = new Date();
  const at = nowIso(now);
  return db.transaction().execute(async (trx) => {
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
        updated_at: at,
        finished_at: at,
      })
      .where('id', '=', runId)
      .where('status', '=', opts.onlyIf.status)
      .where('refunded', '=', 0);
    if (opts.onlyIf.leaseOwner) q = q.where('lease_owner', '=', opts.onlyIf.leaseOwner);
    // Recovery passes the expired lease it saw: a worker that renewed it meanwhile keeps its run.
    if (opts.onlyIf.leaseExpiresAt) q = q.where('lease_expires_at', '=', opts.onlyIf.leaseExpiresAt);
    const moved = await q.executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return false;
    const run = (await getRun(trx, runId))!;
    if (run.charged === 1) await refundChecks(trx, run.tenant_id, runId, run.double_volume === 1 ? 2 : 1, at);
    const tenant = (await getTenant(trx, run.tenant_id))!;
    const pagesTotal = await trx
      .selectFrom('documents')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('pages'), eb.lit(0)).as('pages'))
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow();
    await recordRunEvent(
      trx,
      { id: runId, tenant_id: run.tenant_id, status: 'failed', refunded: true },
      { findings: 0, pagesTotal: Number(pagesTotal.pages), checksLeft: tenant.checks_left },
      tenant,
      apiVersion,
      now,
    );
    return true;
  });
}

/** POST /runs/{id}/cancel: only a queued run can be cancelled; its check is returned. */
export async function cancelQueuedRun(deps: AppDeps, run: Run): Promise<Run> {
  if (run.status === 'queued') {
    const moved = await failRunWithRefund(deps.store.db, deps.config.apiVersion, run.id, runFailures.cancelledByClient().toRunError(), {
      cancelled: true,
      onlyIf: { status: 'queued' },
    });
    if (moved) {
      await deps.blobs.deletePrefix(`runs/${run.id}/docs`);
      return (await getRun(deps.store.db, run.id))!;
    }
  }
  const current = (await getRun(deps.store.db, run.id))!;
  if (current.cancelled === 1) return current; // a repeated cancel answers with the same state
  throw errors.reviewAlreadyStarted();
}

/** DELETE /runs/{id}/documents: removes sources and derived files; reports and history stay. Idempotent. */
export async function deleteRunDocuments(deps: AppDeps, run: Run): Promise<string> {
  await deps.blobs.deletePrefix(`runs/${run.id}/docs`);
  await deps.blobs.deletePrefix(`runs/${run.id}/derived`);
  if (run.documents_deleted_at) return run.documents_deleted_at;
  const at = nowIso();
  await markDocumentsDeleted(deps.store.db, run.id, at);
  return at;
}
