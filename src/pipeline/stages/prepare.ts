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
  for (const [i, doc] of documents.entries()) {
    const localPath = join(workDir, 'docs', `${doc.idx}.${doc.format}`);
    await mkdir(join(workDir, 'docs'), { recursive: true });
    await ctx.blobs.getToFile(doc.blobKey, localPath);
    const result = await prepareDocument({ path: localPath, format: doc.format as DocFormat, name: doc.name }, join(workDir, 'prepare', String(doc.idx)), {
      timeoutMs: ctx.config.documentTimeoutMs,
    });
    // the tools' own words go to the logs; the document's warnings say what they mean
    if (result.failureDetail) ctx.log.warn({ doc_index: doc.idx, document: doc.name, detail: result.failureDetail }, 'document preparation failed');
    let pdfBlobKey: string | null = null;
    if (result.converted && result.pdfPath) {
      pdfBlobKey = `runs/${run.id}/derived/${doc.idx}.pdf`;
      await ctx.blobs.putFile(pdfBlobKey, result.pdfPath);
    }
    const kindGuess = doc.kindGuess ?? guessKind(doc.name, result.firstPageText ?? null);
    prepared.push({
      document: { ...doc, pages: result.pages, converted: result.converted, pdfBlobKey, kindGuess, kind: doc.kind ?? kindGuess, warnings: result.warnings },
      localPath,
      pdfPath: result.pdfPath,
    });
    await job.progress.report('preparing', (i + 1) / documents.length, null);
  }
  const numbering = assignPageNumbers(prepared.map((p) => p.document.pages));
  for (const [i, p] of prepared.entries()) {
    p.document.pageFrom = numbering[i]!.page_from;
    p.document.pageTo = numbering[i]!.page_to;
  }
  await recordPreparedDocuments(
    ctx.store.db,
    run.id,
    prepared.map((p) => p.document),
  );
  job.prepared = prepared;
  job.pagesTotal = prepared.reduce((s, p) => s + (p.document.pages ?? 0), 0);
  job.progress.pagesTotal = job.pagesTotal;
  job.doubleVolume = run.doubleVolume || (await applyVolume(job));
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
