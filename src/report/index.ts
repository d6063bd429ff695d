/**
 * Reports of a published result, built once at publication and kept in the blob store: the Markdown,
 * the overall PDF, one PDF per available section and per available theme, and the ZIP of the overall
 * and per-section PDFs. Downloads then only stream stored blobs.
 */
import type { BlobStore } from '../blobs/blob-store.ts';
import type { PublishedResult, Theme } from '../kernel/result.ts';
import { renderMarkdown } from './markdown.ts';
import { renderPdf } from './pdf/render.ts';
import type { PdfKeys, ReportFilter, ReportKeys, ReportMeta } from './types.ts';
import { zipOfBlobs, type ZipEntry } from './zip.ts';

export type { PdfKeys, ReportFilter, ReportKeys, ReportMeta, ReportDocument } from './types.ts';
export { renderMarkdown } from './markdown.ts';
export { renderPdf } from './pdf/render.ts';

export interface BuildOptions {
  /** Told about a PDF build that failed; the Markdown is stored all the same and the PDF keys are null. */
  onPdfError?: (error: unknown) => void;
}

/** A section code as a file name: the code itself when it is plain letters, digits, dots and dashes. */
export function sectionFileName(code: string): string {
  return code.replace(/[^\p{L}\p{N}._-]+/gu, '_').replace(/^\.+$/, '_') || '_';
}

/** The key prefix of a run's reports in the blob store. */
export const reportPrefix = (runId: string): string => `runs/${runId}/report`;

async function putPdf(blobs: BlobStore, key: string, result: PublishedResult, meta: ReportMeta, filter?: ReportFilter): Promise<string> {
  await blobs.putStream(key, renderPdf(result, meta, filter));
  return key;
}

/**
 * Every PDF and the ZIP under keyPrefix; all or nothing for the caller (a failure rejects). Used at
 * publication and by the rebuild of PDFs that failed then (rebuild.ts): the same keys, the same numbers.
 * The ZIP is written last, from the stored PDFs.
 */
export async function buildPdfReports(result: PublishedResult, meta: ReportMeta, blobs: BlobStore, keyPrefix: string): Promise<PdfKeys> {
  const keys = plannedPdfKeys(result, keyPrefix);
  await putPdf(blobs, keys.reportPdfKey, result, meta);
  const zipEntries: ZipEntry[] = [{ name: 'report.pdf', key: keys.reportPdfKey }];
  for (const [code, key] of Object.entries(keys.sectionPdfKeys)) {
    await putPdf(blobs, key, result, meta, { section: code });
    zipEntries.push({ name: `sections/${sectionFileName(code)}.pdf`, key });
  }
  for (const [theme, key] of Object.entries(keys.themePdfKeys)) {
    await putPdf(blobs, key, result, meta, { theme: theme as Theme });
  }
  await blobs.putStream(keys.reportZipKey, zipOfBlobs(blobs, zipEntries, new Date(meta.published_at)));
  return keys;
}

/** The keys buildPdfReports writes under keyPrefix for a result: known before the build, the ZIP written last. */
export function plannedPdfKeys(result: PublishedResult, keyPrefix: string): PdfKeys {
  const prefix = keyPrefix.replace(/\/+$/, '');
  const sectionPdfKeys: Record<string, string> = {};
  for (const { code } of result.available_sections ?? []) sectionPdfKeys[code] = `${prefix}/sections/${sectionFileName(code)}.pdf`;
  const themePdfKeys: Record<string, string> = {};
  for (const theme of (result.available_themes ?? []) as Theme[]) themePdfKeys[theme] = `${prefix}/themes/${theme}.pdf`;
  return { reportPdfKey: `${prefix}/report.pdf`, sectionPdfKeys, themePdfKeys, reportZipKey: `${prefix}/report.zip` };
}

/**
 * Builds and stores every report under keyPrefix («runs/<id>/report», with or without a trailing slash).
 * Rejects only when the Markdown cannot be stored; a PDF failure leaves the PDF and ZIP keys null.
 * Calling it again for the same run overwrites the same keys; a failed PDF build is retried by
 * buildPdfReports alone (rebuild.ts).
 */
export async function buildReports(
  result: PublishedResult,
  meta: ReportMeta,
  blobs: BlobStore,
  keyPrefix: string,
  options: BuildOptions = {},
): Promise<ReportKeys> {
  const prefix = keyPrefix.replace(/\/+$/, '');
  const reportMdKey = `${prefix}/report.md`;
  await blobs.putBuffer(reportMdKey, renderMarkdown(result, meta));
  try {
    return { reportMdKey, ...(await buildPdfReports(result, meta, blobs, prefix)) };
  } catch (e) {
    options.onPdfError?.(e);
    return { reportMdKey, reportPdfKey: null, sectionPdfKeys: {}, themePdfKeys: {}, reportZipKey: null };
  }
}
