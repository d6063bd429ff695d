import { runFailures } from '../../kernel/errors.ts';
import type { Run, RunDocument } from '../../kernel/model/runs.ts';

/** The Run resource of the contract (response of POST /runs and the base of the status). */
export function runBody(run: Run, docs: RunDocument[], checksLeft: number) {
  return {
    run_id: run.id,
    status: run.status,
    checks_left: checksLeft,
    double_volume: run.doubleVolume,
    volume_units: run.volumeUnits,
    user_request: run.userRequest,
    bundle: run.bundleId ? { bundle_id: run.bundleId, label: run.bundleLabel ?? '', version: run.bundleVersion ?? 1 } : null,
    object: { address: run.objectAddress, works: null },
    documents: docs.map((d) => ({
      index: d.idx,
      name: d.name,
      kind: d.kind,
      kind_chosen: d.kindChosen,
      kind_guess: d.kindGuess,
      pages: d.pages,
      converted: d.converted,
      page_from: d.pageFrom,
      page_to: d.pageTo,
      role: d.role,
    })),
    skipped: run.skipped,
    created_at: run.createdAt,
  };
}

/**
 * GET /runs/{run_id}: the run plus stage, progress and, when failed, error and refunded; documents_unread
 * (an added optional field) names the documents of which not one page was read, so a run that ended done
 * is not taken for a review of the whole set.
 */
export function statusBody(run: Run, docs: RunDocument[], checksLeft: number) {
  const failed = run.status === 'failed';
  const unread = docs.filter((d) => d.unreadReason !== null).map((d) => ({ index: d.idx, name: d.name, reason: d.unreadReason! }));
  return {
    ...runBody(run, docs, checksLeft),
    stage: run.stage,
    stage_text: run.stageText,
    progress: run.progress,
    ...(failed ? { error: run.error ?? runFailures.reasonUnknown().toRunError(), refunded: run.refunded } : {}),
    cancelled: run.cancelled,
    updated_at: run.updatedAt,
    finished_at: run.finishedAt,
    documents_deleted: run.documentsDeletedAt !== null,
    ...(unread.length ? { documents_unread: unread } : {}),
  };
}

/** GET /runs: the latest runs with their documents. */
export function runListView(runs: Run[], docs: Map<string, RunDocument[]>, checksLeft: number, limit: number) {
  return { runs: runs.map((r) => statusBody(r, docs.get(r.id) ?? [], checksLeft)), limit };
}

/** DELETE /runs/{run_id}/documents. */
export function documentsDeletedView(run: Run, deletedAt: string) {
  return { run_id: run.id, documents_deleted: true, deleted_at: deletedAt };
}
