import { randomUUID } from 'node:crypto';
import { availableSections, countFindings, THEMES, type PublishedResult, type ReviewOutcome } from '../../kernel/result.ts';
import { nowIso } from '../../kernel/clock.ts';
import { displayName } from '../../kernel/display-name.ts';
import { buildReports, reportPrefix } from '../../report/index.ts';
import { reportMetaOf } from '../../report/meta.ts';
import { withRevision } from '../../report/revision/index.ts';
import { citedDocuments } from '../../report/revision/documents.ts';
import { uploadedAnswer, withAnswerReview } from '../../report/revision/answers.ts';
import { designerAnswers } from '../../store/repositories/answers.ts';
import { previousPublishedInBundle } from '../../store/repositories/results.ts';
import { fromEarlierStage, type RunJob } from '../run-job.ts';
import { withSheetChanges } from './sheet-changes.ts';

/**
 * This run's documents a remark of the previous round is on: those a persisting finding cites, and those whose
 * predecessor a resolved remark cited (an answer to it is checked on them).
 */
export function remarkedDocuments(result: PublishedResult): Set<number> {
  const out = new Set<number>();
  const revision = result.revision;
  if (!revision) return out;
  for (const f of result.findings) if (f.revision?.status === 'persisting') for (const d of citedDocuments(f)) out.add(d);
  const before = new Set(revision.resolved.flatMap((r) => r.doc_indexes ?? []));
  for (const d of revision.documents ?? []) if (d.previous_doc_index !== undefined && before.has(d.previous_doc_index)) out.add(d.doc_index);
  return out;
}

/**
 * The compared result with the sheets of its corrected volumes compared too, and the norms of the volumes that came
 * back with remarks on them read (what the answers name is checked on them).
 */
async function withSheets(job: RunJob, result: PublishedResult): Promise<PublishedResult> {
  const revision = result.revision;
  if (!revision?.documents) return result;
  const documents = await withSheetChanges(job, revision.previous_run_id, revision.documents, remarkedDocuments(result));
  return { ...result, revision: { ...revision, documents } };
}

export function publishedResultOf(outcome: ReviewOutcome, snapshot: string): PublishedResult {
  return {
    ...outcome,
    counts: countFindings(outcome.findings),
    available_sections: availableSections(outcome.findings),
    available_themes: THEMES.filter((t) => outcome.findings.some((f) => f.topic === t)),
    parsed: true,
    feedback_snapshot: snapshot,
  };
}

/** Builds the published result and every report (Markdown, PDFs, ZIP) into the blob store, before publication. */
export async function report(job: RunJob): Promise<void> {
  const { ctx, run } = job;
  const outcome = fromEarlierStage(job.outcome, 'the review outcome');
  const snapshot = randomUUID();
  const unrevised = publishedResultOf(outcome, snapshot);
  const meta = reportMetaOf(
    run,
    job.tenant,
    outcome.object_name ?? null,
    job.prepared.map((p) => p.document),
    nowIso(),
  );
  // a run of a bundle is the next round of the one before it: compared with it before the reports are drawn
  const previous = run.bundleId
    ? await previousPublishedInBundle(ctx.store.db, { id: run.id, tenantId: run.tenantId, bundleId: run.bundleId, createdAt: run.createdAt })
    : null;
  const files = job.prepared.map(({ document: d }) => ({ doc_index: d.idx, name: displayName(d.name), sha256: d.sha256, kind: d.kind }));
  // the designer's answers to the previous round, brought in by now, are held against this revision for the reports
  const answers = previous ? (await designerAnswers(ctx.store.db, run.tenantId, previous.runId)).map(uploadedAnswer) : [];
  const result = previous ? withAnswerReview(await withSheets(job, withRevision(unrevised, meta, previous, files)), answers) : unrevised;
  let pdfError: string | null = null;
  const keys = await buildReports(result, meta, ctx.blobs, reportPrefix(run.id), {
    // The Markdown and /findings still publish; the first PDF download rebuilds the PDFs from the
    // stored result and report_meta (src/report/rebuild.ts), 503 pdf_unavailable until then.
    onPdfError: (err) => {
      pdfError = err instanceof Error ? err.message : String(err);
      ctx.log.warn({ err, run_id: run.id }, 'PDF reports not built');
    },
  });
  job.reports = { snapshot, result, meta, keys, pdfError };
}
