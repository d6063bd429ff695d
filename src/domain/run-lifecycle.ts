import type { AppDeps } from './deps.ts';
import type { Db } from '../store/db.ts';
import type { Run } from '../kernel/model/runs.ts';
import { errors, runFailures, type RunError } from '../kernel/errors.ts';
import { getRun, markDocumentsDeleted } from '../store/repositories/runs.ts';
import { recordRunEvent } from '../notify/outbox.ts';
import { failAndRefundRun, type FailGuard } from '../store/queue/runs.ts';
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
  opts: { cancelled?: boolean; onlyIf: FailGuard },
): Promise<boolean> {
  const now = new Date();
  return failAndRefundRun(db, runId, error, { cancelled: opts.cancelled, onlyIf: opts.onlyIf, at: nowIso(now) }, (trx, { run, tenant, pagesTotal }) =>
    recordRunEvent(
      trx,
      { id: runId, tenant_id: run.tenantId, status: 'failed', refunded: true },
      { findings: 0, pagesTotal, checksLeft: tenant.checksLeft },
      tenant,
      apiVersion,
      now,
    ),
  );
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
  if (current.cancelled) return current; // a repeated cancel answers with the same state
  throw errors.reviewAlreadyStarted();
}

/**
 * DELETE /runs/{id}/documents: removes sources and derived files; reports and history stay. Idempotent. The run is
 * marked first: a page picture stored while the files are removed then sees the mark and removes itself
 * (cabinet/page-image.ts); a removal that fails is done again by a repeated call.
 */
export async function deleteRunDocuments(deps: AppDeps, run: Run): Promise<string> {
  const at = run.documentsDeletedAt ?? nowIso();
  if (!run.documentsDeletedAt) await markDocumentsDeleted(deps.store.db, run.id, at);
  await deps.blobs.deletePrefix(`runs/${run.id}/docs`);
  await deps.blobs.deletePrefix(`runs/${run.id}/derived`);
  return at;
}
