/**
 * Reports that follow the specialists' decisions. The reports built at publication are kept as they are; once a
 * finding's standing decision is «rejected» (src/report/register/rows.ts standingDecision), or a decision stands on
 * a proposal of the answer loop (confirming or overriding «снято / не снято»), the downloads serve reports drawn
 * again: without the rejected findings — the same default as the register of remarks — with a line in the summary
 * naming the numbers left out, and with the answer loop as it stands, each decided proposal saying what the
 * specialist made of it. The numbers of the other findings stay those of the published report.
 *
 * The PDFs and the ZIP of one such state are built once and kept under a prefix named by a digest of it, so every
 * node serves the same files, a change of decisions changes the key (and so the ETag), and a withdrawal that brings
 * the state back to an earlier one finds those files again. The Markdown is drawn per request.
 */
import { createHash } from 'node:crypto';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { Decision } from '../kernel/model/feedback.ts';
import type { PublishedResult } from '../kernel/result.ts';
import type { Db } from '../store/db.ts';
import { publishedSourceOf } from '../store/repositories/results.ts';
import { reportMetaOf } from './meta.ts';
import { admitAtOnce, type AdmitBuild } from './admit.ts';
import { standingDecision } from './register/rows.ts';
import type { PdfKeys, ReportMeta } from './types.ts';
import type { ProposalDecision } from '../kernel/model/results.ts';
import { proposalDecisions, withAnswerReview, type UploadedAnswer } from './revision/answers.ts';
import { documentsOf, getRun, organizationOfRun } from '../store/repositories/runs.ts';

/** Ids of the findings whose standing decision is «rejected», sorted; `current` is every author's current decision. */
export function rejectedFindingIds(current: readonly Decision[]): string[] {
  const byFinding = new Map<string, Decision[]>();
  for (const d of current) byFinding.set(d.findingId, [...(byFinding.get(d.findingId) ?? []), d]);
  return [...byFinding]
    .filter(([, list]) => standingDecision(list)?.decision === 'rejected')
    .map(([id]) => id)
    .sort();
}

/** What the reports drawn after the decisions are drawn from, besides the published result: serialisable, for a report child. */
export interface DecidedState {
  /** Findings whose standing decision is «rejected», sorted. */
  rejectedIds: string[];
  /** The standing decisions on the proposals of the answer loop, in the review's order; [] leaves it as published. */
  proposals: ProposalDecision[];
  /** The previous round's answers as they stand, from which the answer loop is drawn again when `proposals` is not empty. */
  answers: UploadedAnswer[];
}

/**
 * The state of a run's reports after its decisions: `current` is every author's current decision on the run, and
 * `previousAnswers` the previous round's answers now (the answer loop is drawn from them, as /findings draws it).
 */
export function decidedState(result: PublishedResult, current: readonly Decision[], previousAnswers: readonly UploadedAnswer[]): DecidedState {
  const rejectedIds = rejectedFindingIds(current);
  const review = withAnswerReview(result, previousAnswers).revision?.answers;
  const proposals = proposalDecisions(review, (id) => standingDecision(current.filter((d) => d.findingId === id)));
  return { rejectedIds, proposals, answers: proposals.length ? [...previousAnswers] : [] };
}

/** Whether the state is that of publication: the stored reports are served as they are. */
export const asPublished = (state: DecidedState): boolean => !state.rejectedIds.length && !state.proposals.length;

/** Key prefix of the reports drawn in this state (a set of rejected findings alone keeps the prefix it always had). */
export function decidedPrefix(runId: string, state: DecidedState): string {
  const named = state.proposals.length
    ? JSON.stringify({
        rejected: state.rejectedIds,
        proposals: state.proposals.map((p) => [p.decide_on, p.decision]),
        answers: state.answers.map((a) => [a.finding_id, a.answer, a.sheet, a.closed, a.uploaded_at]),
      })
    : state.rejectedIds.join('\n');
  const digest = createHash('sha256').update(named).digest('hex').slice(0, 24);
  return `runs/${runId}/report/decided-${digest}`;
}

/**
 * The result and metadata to draw the reports from: the rejected findings left out, their numbers named in the
 * metadata, and the answer loop drawn again from the answers as they stand with the decisions on its proposals.
 * Sections and themes stay available (a section whose findings were all rejected has an empty report).
 */
export function decidedSource(published: PublishedResult, meta: ReportMeta, state: DecidedState): { result: PublishedResult; meta: ReportMeta } {
  const result = state.proposals.length ? withAnswerReview(published, state.answers) : published;
  const rejected = new Set(state.rejectedIds);
  const left = result.findings.filter((f) => rejected.has(f.finding_id));
  return {
    result: { ...result, findings: result.findings.filter((f) => !rejected.has(f.finding_id)) },
    meta: {
      ...meta,
      rejected_findings: left.map((f) => f.n).sort((a, b) => a - b),
      ...(state.proposals.length ? { proposal_decisions: state.proposals } : {}),
    },
  };
}

/** The published result and its report metadata as publication stored them (made again from the run when absent). */
export async function publishedReportSource(db: Db, runId: string): Promise<{ result: PublishedResult; meta: ReportMeta }> {
  const { result, reportMeta, publishedAt } = await publishedSourceOf(db, runId);
  if (reportMeta) return { result, meta: reportMeta };
  const run = await getRun(db, runId);
  if (!run) throw new Error(`run ${runId} of a published result is missing`);
  const [organization, documents] = await Promise.all([organizationOfRun(db, runId), documentsOf(db, runId)]);
  return { result, meta: reportMetaOf(run, organization, result.object_name ?? null, documents, publishedAt) };
}

/** Draws every PDF and the ZIP of this state under its prefix (the ZIP last, as at publication). */
export async function buildDecidedPdfs(db: Db, blobs: BlobStore, runId: string, state: DecidedState): Promise<PdfKeys> {
  const source = await publishedReportSource(db, runId);
  const { result, meta } = decidedSource(source.result, source.meta, state);
  const { buildPdfReports } = await import('./index.ts');
  return buildPdfReports(result, meta, blobs, decidedPrefix(runId, state));
}

/** The Markdown of this state. */
export async function decidedMarkdown(db: Db, runId: string, state: DecidedState): Promise<string> {
  const source = await publishedReportSource(db, runId);
  const { result, meta } = decidedSource(source.result, source.meta, state);
  const { renderMarkdown } = await import('./markdown.ts');
  return renderMarkdown(result, meta);
}

/**
 * The PDFs and the ZIP of a state after the decisions: the stored ones when their ZIP (written last) exists,
 * otherwise built now — by `build` (the API passes a child's build) — with requests for the same state joined.
 */
export class DecidedReports {
  private readonly inFlight = new Map<string, Promise<PdfKeys>>();
  private readonly build: (runId: string, state: DecidedState) => Promise<PdfKeys>;

  constructor(
    db: Db,
    private readonly blobs: BlobStore,
    build?: (runId: string, state: DecidedState) => Promise<PdfKeys>,
    /** The node's bound of report builds (as PdfRebuilder's): a build past it is refused with 429 / 503. */
    private readonly admit: AdmitBuild = admitAtOnce,
  ) {
    this.build = build ?? ((runId, state) => buildDecidedPdfs(db, blobs, runId, state));
  }

  /** The keys of the PDFs of `state`, built for `organizationId` (the run's) when they are not stored. */
  async ensure(runId: string, result: PublishedResult, state: DecidedState, organizationId = ''): Promise<PdfKeys> {
    const { plannedPdfKeys } = await import('./index.ts');
    const prefix = decidedPrefix(runId, state);
    const keys = plannedPdfKeys(result, prefix);
    if (await this.blobs.exists(keys.reportZipKey)) return keys;
    let building = this.inFlight.get(prefix);
    if (!building) {
      building = this.admit(organizationId, prefix, () => this.build(runId, state)).finally(() => this.inFlight.delete(prefix));
      this.inFlight.set(prefix, building);
    }
    return building;
  }

  /** Settles when every build this process started has ended (graceful shutdown, tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight.values()]);
  }
}
