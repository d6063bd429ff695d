import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { assignPageNumbers, guessKind, prepareDocument } from '../../ingest/index.ts';
import type { DocFormat } from '../../ingest/types.ts';
import { runFailures } from '../../kernel/errors.ts';
import { nowIso } from '../../kernel/clock.ts';
import { chargeDoubleVolume } from '../../store/queue/runs.ts';
import { recordPreparedDocuments } from '../../store/repositories/processing.ts';
import { LeaseLost } from '../run-failure.ts';
import type { PreparedDocument, RunJob } from '../run-job.ts';

/**
 * Converts, counts pages and numbers them across the set, storing what it learns per document; then, the
 * pages being known, applies the organization's volume rules.
 */
export async function prepare(job: RunJob): Promise<void> {
  const { ctx, run, documents, workDir } = job;
  const prepared: PreparedDocument[] = [];
  for (const [i, row] of documents.entries()) {
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
    await job.progress.report('preparing', (i + 1) / documents.length, null);
  }
  const numbering = assignPageNumbers(prepared.map((p) => p.row.pages));
  for (const [i, p] of prepared.entries()) {
    p.row.page_from = numbering[i]!.page_from;
    p.row.page_to = numbering[i]!.page_to;
  }
  await recordPreparedDocuments(ctx.store.db, run.id, prepared);
  job.prepared = prepared;
  job.pagesTotal = prepared.reduce((s, p) => s + (p.row.pages ?? 0), 0);
  job.progress.pagesTotal = job.pagesTotal;
  job.doubleVolume = run.double_volume === 1 || (await applyVolume(job));
}

/**
 * Applies max_pages and oversize_factor once pages are known: within the limit → 1 unit; up to twice the
 * limit with factor 2 → double volume and one more check; otherwise the run fails (and is refunded).
 */
async function applyVolume({ ctx, run, tenant, pagesTotal }: RunJob): Promise<boolean> {
  const { maxPages, oversizeFactor } = tenant.limits;
  if (maxPages === 0 || pagesTotal <= maxPages) return false;
  if (oversizeFactor < 2 || pagesTotal > maxPages * 2) {
    throw runFailures.tooManyPages(pagesTotal, maxPages, oversizeFactor);
  }
  const charged = await chargeDoubleVolume(ctx.store.db, tenant.id, run.id, ctx.workerId, nowIso());
  if (charged === 'no-check') throw runFailures.doubleVolumeUnpaid(pagesTotal);
  if (charged === 'not-held') throw new LeaseLost(run.id);
  return true;
}
