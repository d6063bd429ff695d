/**
 * PDF rebuilds of published results as a leased queue (leased-queue.ts) over the results row: a build is
 * ready when the PDFs are missing and no pause after a failure holds it back; the node that claims it holds
 * pdf_build_owner / pdf_build_expires_at, renewed while it builds, and a node that dies leaves a lease that
 * lapses. One build owner per claim (a random id), so holding is the owner alone.
 */
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../db.ts';
import type { PdfKeys } from '../../kernel/model/results.ts';
import { claimRow, release, renew, type LeasedTable } from './leased-queue.ts';

export const pdfBuildQueue: LeasedTable<'results'> = {
  table: 'results',
  key: 'run_id',
  owner: 'pdf_build_owner',
  expiresAt: 'pdf_build_expires_at',
  ready: (now) => sql<SqlBool>`(results.report_pdf_key is null and (results.pdf_retry_at is null or results.pdf_retry_at <= ${now}))`,
  held: null,
  order: ['run_id'],
};

/** Claims the build of one run, counting it; its attempts so far (this one included), or null when not claimable. */
export async function claimPdfBuild(db: Db, runId: string, owner: string, leaseMs: number, now: Date): Promise<{ pdf_build_attempts: number } | null> {
  const row = await claimRow(db, pdfBuildQueue, runId, {
    owner,
    leaseMs,
    now,
    set: { pdf_build_attempts: sql`pdf_build_attempts + 1` },
    returning: ['pdf_build_attempts'],
  });
  return row ? { pdf_build_attempts: row.pdf_build_attempts } : null;
}

export async function renewPdfBuild(db: Db, runId: string, owner: string, leaseMs: number, now: Date): Promise<boolean> {
  return (await renew(db, pdfBuildQueue, { key: runId, owner }, leaseMs, now)) !== null;
}

/**
 * Records a completed build: the keys, the lease and any failure cleared. Recorded whoever holds the lease
 * now — a build that outlived its lease stored the same complete set — but only while the PDFs are missing.
 */
export async function completePdfBuild(db: Db, runId: string, keys: PdfKeys): Promise<void> {
  await db
    .updateTable('results')
    .set({
      report_pdf_key: keys.reportPdfKey,
      section_pdf_keys: JSON.stringify(keys.sectionPdfKeys),
      theme_pdf_keys: JSON.stringify(keys.themePdfKeys),
      report_zip_key: keys.reportZipKey,
      pdf_build_owner: null,
      pdf_build_expires_at: null,
      pdf_retry_at: null,
      pdf_error: null,
    })
    .where('run_id', '=', runId)
    .where('report_pdf_key', 'is', null)
    .execute();
}

/** Records a failed build and the earliest next one, ending the lease; only while `owner` holds it. */
export function failPdfBuild(db: Db, runId: string, owner: string, failure: { retryAt: string | null; error: string }): Promise<boolean> {
  return release(db, pdfBuildQueue, { key: runId, owner }, { pdf_retry_at: failure.retryAt, pdf_error: failure.error });
}
