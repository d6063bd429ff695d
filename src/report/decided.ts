/**
 * Reports that follow the specialists' decisions. The reports built at publication are kept as they are; once a
 * finding's standing decision is «rejected» (src/report/register/rows.ts standingDecision), the downloads serve
 * reports drawn without it — the same default as the register of remarks — with a line in the summary naming the
 * numbers left out. The numbers of the other findings stay those of the published report.
 *
 * The PDFs and the ZIP of a set of rejected findings are built once and kept under a prefix named by a digest of
 * that set, so every node serves the same files, a change of decisions changes the key (and so the ETag), and a
 * withdrawal that brings the set back to an earlier one finds those files again. The Markdown is drawn per request.
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

/** Key prefix of the reports drawn without these findings. */
export function decidedPrefix(runId: string, rejectedIds: readonly string[]): string {
  const digest = createHash('sha256').update(rejectedIds.join('\n')).digest('hex').slice(0, 24);
  return `runs/${runId}/report/decided-${digest}`;
}

/**
 * The result and metadata to draw the reports from: the rejected findings left out, their numbers named in the
 * metadata. Sections and themes stay available (a section whose findings were all rejected has an empty report).
 */
export function decidedSource(result: PublishedResult, meta: ReportMeta, rejectedIds: readonly string[]): { result: PublishedResult; meta: ReportMeta } {
  const rejected = new Set(rejectedIds);
  const left = result.findings.filter((f) => rejected.has(f.finding_id));
  return {
    result: { ...result, findings: result.findings.filter((f) => !rejected.has(f.finding_id)) },
    meta: { ...meta, rejected_findings: left.map((f) => f.n).sort((a, b) => a - b) },
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

/** Draws every PDF and the ZIP without the rejected findings under their prefix (the ZIP last, as at publication). */
export async function buildDecidedPdfs(db: Db, blobs: BlobStore, runId: string, rejectedIds: readonly string[]): Promise<PdfKeys> {
  const source = await publishedReportSource(db, runId);
  const { result, meta } = decidedSource(source.result, source.meta, rejectedIds);
  const { buildPdfReports } = await import('./index.ts');
  return buildPdfReports(result, meta, blobs, decidedPrefix(runId, rejectedIds));
}

/** The Markdown without the rejected findings. */
export async function decidedMarkdown(db: Db, runId: string, rejectedIds: readonly string[]): Promise<string> {
  const source = await publishedReportSource(db, runId);
  const { result, meta } = decidedSource(source.result, source.meta, rejectedIds);
  const { renderMarkdown } = await import('./markdown.ts');
  return renderMarkdown(result, meta);
}

/**
 * The PDFs and the ZIP without a set of rejected findings: the stored ones when their ZIP (written last) exists,
 * otherwise built now — by `build` (the API passes a child's build) — with requests for the same set joined.
 */
export class DecidedReports {
  private readonly inFlight = new Map<string, Promise<PdfKeys>>();
  private readonly build: (runId: string, rejectedIds: string[]) => Promise<PdfKeys>;

  constructor(
    db: Db,
    private readonly blobs: BlobStore,
    build?: (runId: string, rejectedIds: string[]) => Promise<PdfKeys>,
    /** The node's bound of report builds (as PdfRebuilder's): a build past it is refused with 429 / 503. */
    private readonly admit: AdmitBuild = admitAtOnce,
  ) {
    this.build = build ?? ((runId, ids) => buildDecidedPdfs(db, blobs, runId, ids));
  }

  /** The keys of the PDFs without `rejectedIds`, built for `organizationId` (the run's) when they are not stored. */
  async ensure(runId: string, result: PublishedResult, rejectedIds: string[], organizationId = ''): Promise<PdfKeys> {
    const { plannedPdfKeys } = await import('./index.ts');
    const prefix = decidedPrefix(runId, rejectedIds);
    const keys = plannedPdfKeys(result, prefix);
    if (await this.blobs.exists(keys.reportZipKey)) return keys;
    let building = this.inFlight.get(prefix);
    if (!building) {
      building = this.admit(organizationId, prefix, () => this.build(runId, rejectedIds)).finally(() => this.inFlight.delete(prefix));
      this.inFlight.set(prefix, building);
    }
    return building;
  }

  /** Settles when every build this process started has ended (graceful shutdown, tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight.values()]);
  }
}
