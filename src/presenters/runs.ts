import { runFailures, type RunError } from '../kernel/errors.ts';
import type { DocumentRow, Run } from '../store/schema.ts';
import type { Progress } from '../kernel/progress.ts';

/** The Run resource of the contract (response of POST /runs and the base of the status). */
export function runBody(run: Run, docs: DocumentRow[], checksLeft: number) {
  return {
    run_id: run.id,
    status: run.status,
    checks_left: checksLeft,
    double_volume: run.double_volume === 1,
    volume_units: run.volume_units,
    user_request: run.user_request,
    bundle: run.bundle_id ? { bundle_id: run.bundle_id, label: run.bundle_label ?? '', version: run.bundle_version ?? 1 } : null,
    object: { address: run.object_address, works: null },
    documents: docs.map((d) => ({
      index: d.idx,
      name: d.name,
      kind: d.kind,
      kind_chosen: d.kind_chosen === 1,
      kind_guess: d.kind_guess,
      pages: d.pages,
      converted: d.converted === 1,
      page_from: d.page_from,
      page_to: d.page_to,
      role: d.role,
    })),
    skipped: JSON.parse(run.skipped) as { name: string; reason: string }[],
    created_at: run.created_at,
  };
}

/** GET /runs/{run_id}: the run plus stage, progress and, when failed, error and refunded. */
export function statusBody(run: Run, docs: DocumentRow[], checksLeft: number) {
  const failed = run.status === 'failed';
  return {
    ...runBody(run, docs, checksLeft),
    stage: run.stage,
    stage_text: run.stage_text,
    progress: run.progress ? (JSON.parse(run.progress) as Progress) : null,
    ...(failed ? { error: run.error ? (JSON.parse(run.error) as RunError) : runFailures.reasonUnknown().toRunError(), refunded: run.refunded === 1 } : {}),
    cancelled: run.cancelled === 1,
    updated_at: run.updated_at,
    finished_at: run.finished_at,
    documents_deleted: run.documents_deleted_at !== null,
  };
}

/** GET /runs: the latest runs with their documents. */
export function runListView(runs: Run[], docs: Map<string, DocumentRow[]>, checksLeft: number, limit: number) {
  return { runs: runs.map((r) => statusBody(r, docs.get(r.id) ?? [], checksLeft)), limit };
}

/** DELETE /runs/{run_id}/documents. */
export function documentsDeletedView(run: Run, deletedAt: string) {
  return { run_id: run.id, documents_deleted: true, deleted_at: deletedAt };
}
