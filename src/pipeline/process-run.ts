import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { readingSettingsOf, type Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { DocumentRow, Run, Tenant } from '../store/schema.ts';
import { assignPageNumbers, guessKind, prepareDocument } from '../ingest/index.ts';
import type { DocFormat } from '../ingest/types.ts';
import { reviewSet } from '../review/engine.ts';
import type { ReviewDocument } from '../review/types.ts';
import { profileItems } from '../kernel/docset.ts';
import { buildReports, reportPrefix } from '../report/index.ts';
import { reportMetaOf } from '../report/meta.ts';
import { availableSections, countFindings, THEMES, type PublishedResult, type ReviewOutcome } from '../kernel/result.ts';
import { recordRunEvent } from '../notify/outbox.ts';
import { chargeCheck } from '../domain/charging.ts';
import { documentsOf } from '../store/repositories/runs.ts';
import { markRunDone, markRunDoubleVolume, recordRunStage } from '../store/queue/runs.ts';
import { parseSections } from '../store/repositories/tenants.ts';
import { nowIso } from '../kernel/clock.ts';
import { computeProgress } from './progress.ts';
import type { STAGE_SPAN } from './stages.ts';
import { LeaseLost } from './run-failure.ts';
import { runFailures } from '../kernel/errors.ts';
import { runWorkDir } from '../kernel/scratch.ts';

export interface RunContext {
  config: Config;
  store: Store;
  blobs: BlobStore;
  log: Logger;
  workerId: string;
  /** Aborted when the lease is lost or the worker shuts down. */
  signal: AbortSignal;
}

const PROGRESS_WRITE_MS = 1000;

/** Writes stage and progress while this worker holds the lease, at most once a second for progress. */
class ProgressWriter {
  private lastWrite = 0;
  constructor(
    private readonly ctx: RunContext,
    private readonly run: Run,
    private readonly startedAt: number,
  ) {}
  pagesTotal: number | null = null;

  async stage(stage: keyof typeof STAGE_SPAN): Promise<void> {
    await this.write(stage, 0, null, true);
  }

  async report(stage: keyof typeof STAGE_SPAN, fraction: number, pagesDone: number | null): Promise<void> {
    await this.write(stage, fraction, pagesDone, false);
  }

  private async write(stage: keyof typeof STAGE_SPAN, fraction: number, pagesDone: number | null, force: boolean): Promise<void> {
    if (this.ctx.signal.aborted) throw new LeaseLost(this.run.id);
    const now = Date.now();
    if (!force && now - this.lastWrite < PROGRESS_WRITE_MS) return;
    this.lastWrite = now;
    const progress = computeProgress(stage, fraction, this.startedAt, now, { total: this.pagesTotal, done: pagesDone });
    const ok = await recordRunStage(this.ctx.store.db, this.run.id, this.ctx.workerId, stage, JSON.stringify(progress));
    if (!ok) throw new LeaseLost(this.run.id);
  }
}

/** Converts, counts pages and numbers them across the set; stores what it learns per document. */
async function prepareStage(ctx: RunContext, run: Run, docs: DocumentRow[], workDir: string, progress: ProgressWriter) {
  const prepared: { row: DocumentRow; localPath: string; pdfPath: string | null; warnings: string[] }[] = [];
  for (const [i, row] of docs.entries()) {
    const localPath = join(workDir, 'docs', `${row.idx}.${row.format}`);
    await mkdir(join(workDir, 'docs'), { recursive: true });
    await ctx.blobs.getToFile(row.blob_key, localPath);
    const result = await prepareDocument({ path: localPath, format: row.format as DocFormat, name: row.name }, join(workDir, 'prepare', String(row.idx)), {
      timeoutMs: ctx.config.documentTimeoutMs,
    });
    let pdfBlobKey: string | null = null;
    if (result.converted && result.pdfPath) {
      pdfBlobKey = `runs/${run.id}/derived/${row.idx}.pdf`;
      await ctx.blobs.putFile(pdfBlobKey, result.pdfPath);
    }
    const kindGuess = row.kind_guess ?? guessKind(row.name, result.firstPageText ?? null);
    prepared.push({
      row: { ...row, pages: result.pages, converted: result.converted ? 1 : 0, pdf_blob_key: pdfBlobKey, kind_guess: kindGuess, kind: row.kind ?? kindGuess },
      localPath,
      pdfPath: result.pdfPath,
      warnings: result.warnings,
    });
    await progress.report('preparing', (i + 1) / docs.length, null);
  }
  const numbering = assignPageNumbers(prepared.map((p) => p.row.pages));
  await ctx.store.db.transaction().execute(async (trx) => {
    for (const [i, p] of prepared.entries()) {
      const n = numbering[i]!;
      p.row.page_from = n.page_from;
      p.row.page_to = n.page_to;
      await trx
        .updateTable('documents')
        .set({
          pages: p.row.pages,
          converted: p.row.converted,
          pdf_blob_key: p.row.pdf_blob_key,
          kind_guess: p.row.kind_guess,
          kind: p.row.kind,
          page_from: n.page_from,
          page_to: n.page_to,
          warnings: JSON.stringify(p.warnings),
        })
        .where('run_id', '=', run.id)
        .where('idx', '=', p.row.idx)
        .execute();
    }
  });
  return prepared;
}

/**
 * Applies max_pages and oversize_factor once pages are known: within the limit → 1 unit; up to twice the
 * limit with factor 2 → double volume and one more check; otherwise the run fails (and is refunded).
 */
async function applyVolume(ctx: RunContext, run: Run, tenant: Tenant, pagesTotal: number): Promise<{ double: boolean }> {
  if (tenant.max_pages === 0 || pagesTotal <= tenant.max_pages) return { double: false };
  if (tenant.oversize_factor < 2 || pagesTotal > tenant.max_pages * 2) {
    throw runFailures.tooManyPages(pagesTotal, tenant.max_pages, tenant.oversize_factor);
  }
  const at = nowIso();
  const charged = await ctx.store.db.transaction().execute(async (trx) => {
    if (!(await chargeCheck(trx, tenant.id, run.id, 'extra_volume', at))) return false;
    if (!(await markRunDoubleVolume(trx, run.id, ctx.workerId, at))) throw new LeaseLost(run.id);
    return true;
  });
  if (!charged) {
    throw runFailures.doubleVolumeUnpaid(pagesTotal);
  }
  return { double: true };
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

/** Carries one claimed run through every stage to done; throws RunFailure / LeaseLost / crash errors to the worker. */
export async function processRun(ctx: RunContext, run: Run): Promise<void> {
  const { db } = ctx.store;
  const startedAt = Date.now();
  const workDir = runWorkDir(ctx.config.dataDir, ctx.workerId, run.id);
  const progress = new ProgressWriter(ctx, run, startedAt);
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  try {
    // `run` is the row the claim returned, so it is current; the tenant is read for its limits and profile.
    const tenant = await db.selectFrom('tenants').selectAll().where('id', '=', run.tenant_id).executeTakeFirstOrThrow();
    const docs = await documentsOf(db, run.id);

    await progress.stage('preparing');
    const prepared = await prepareStage(ctx, run, docs, workDir, progress);
    const pagesTotal = prepared.reduce((s, p) => s + (p.row.pages ?? 0), 0);
    progress.pagesTotal = pagesTotal;
    const volume = run.double_volume === 1 ? { double: true } : await applyVolume(ctx, run, tenant, pagesTotal);

    await progress.stage('reading');
    const reviewDocs: ReviewDocument[] = prepared.map((p) => ({
      index: p.row.idx,
      name: p.row.name,
      kind: p.row.kind,
      role: p.row.role,
      format: p.row.format as DocFormat,
      path: p.localPath,
      pdfPath: p.pdfPath,
      pages: p.row.pages,
      pageFrom: p.row.page_from,
    }));
    const outcome = await reviewSet(
      {
        documents: reviewDocs,
        objectAddress: run.object_address,
        userRequest: run.user_request,
        profile: profileItems(parseSections(tenant)).map(({ code, title, required }) => ({ code, title, required })),
        workDir: join(workDir, 'review'),
      },
      (p) => void progress.report('reading', p.pagesTotal ? p.pagesDone / p.pagesTotal : 0, p.pagesDone).catch(() => undefined),
      readingSettingsOf(ctx.config),
    );
    if (ctx.signal.aborted) throw new LeaseLost(run.id);
    // Warnings from preparation (conversion unavailable, unreadable documents) belong to the result too.
    for (const p of prepared) for (const w of p.warnings) outcome.warnings.push({ code: 'prepare', message: w, doc_index: p.row.idx });

    await progress.stage('reporting');
    const snapshot = randomUUID();
    const result = publishedResultOf(outcome, snapshot);
    const meta = reportMetaOf(
      run,
      tenant.name,
      outcome.object_name ?? null,
      prepared.map((p) => p.row),
      nowIso(),
    );
    let pdfError: string | null = null;
    const reportKeys = await buildReports(result, meta, ctx.blobs, reportPrefix(run.id), {
      // The Markdown and /findings still publish; the first PDF download rebuilds the PDFs from the
      // stored result and report_meta (src/report/rebuild.ts), 503 pdf_unavailable until then.
      onPdfError: (err) => {
        pdfError = err instanceof Error ? err.message : String(err);
        ctx.log.warn({ err, run_id: run.id }, 'PDF reports not built');
      },
    });

    await progress.stage('publishing');
    const now = new Date();
    const at = nowIso(now);
    await db.transaction().execute(async (trx) => {
      const moved = await markRunDone(trx, run.id, ctx.workerId, {
        progress: JSON.stringify(computeProgress('publishing', 1, startedAt, Date.now(), { total: pagesTotal, done: pagesTotal })),
        volumeUnits: volume.double ? 2 : 1,
        at,
      });
      if (!moved) throw new LeaseLost(run.id);
      await trx
        .insertInto('results')
        .values({
          run_id: run.id,
          tenant_id: run.tenant_id,
          snapshot,
          body: JSON.stringify(result),
          report_md_key: reportKeys.report_md_key,
          report_pdf_key: reportKeys.report_pdf_key,
          section_pdf_keys: JSON.stringify(reportKeys.section_pdf_keys),
          theme_pdf_keys: JSON.stringify(reportKeys.theme_pdf_keys),
          report_zip_key: reportKeys.report_zip_key,
          published_at: at,
          report_meta: JSON.stringify(meta),
          pdf_build_attempts: 1,
          pdf_error: pdfError,
        })
        .execute();
      const t = await trx.selectFrom('tenants').selectAll().where('id', '=', run.tenant_id).executeTakeFirstOrThrow();
      await recordRunEvent(
        trx,
        { id: run.id, tenant_id: run.tenant_id, status: 'done', refunded: false },
        { findings: result.counts.total, pagesTotal, checksLeft: t.checks_left },
        t,
        ctx.config.apiVersion,
        now,
      );
    });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
