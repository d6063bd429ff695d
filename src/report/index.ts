/**
 * Reports of a published result, built once at publication and kept in the blob store: the Markdown,
 * the overall PDF, one PDF per available section and per available theme, and the ZIP of the overall
 * and per-section PDFs. Downloads then only stream stored blobs.
 */
import type { BlobStore } from '../blobs/blob-store.ts';
import type { PublishedResult, Theme } from '../kernel/result.ts';
import { renderMarkdown } from './markdown.ts';
import { renderPdf } from './pdf/render.ts';
import type { ReportFilter, ReportKeys, ReportMeta } from './types.ts';
import { zipOfBlobs, type ZipEntry } from './zip.ts';

export type { ReportFilter, ReportKeys, ReportMeta, ReportDocument } from './types.ts';
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

/** The keys of a complete PDF build: the overall PDF, every section and theme PDF and the ZIP. */
export interface PdfKeys {
  report_pdf_key: string;
  section_pdf_keys: Record<string, string>;
  theme_pdf_keys: Record<string, string>;
  report_zip_key: string;
}

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
  const prefix = keyPrefix.replace(/\/+$/, '');
  const report_pdf_key = await putPdf(blobs, `${prefix}/report.pdf`, result, meta);
  const zipEntries: ZipEntry[] = [{ name: 'report.pdf', key: report_pdf_key }];
  const section_pdf_keys: Record<string, string> = {};
  for (const { code } of result.available_sections ?? []) {
    const file = `${sectionFileName(code)}.pdf`;
    section_pdf_keys[code] = await putPdf(blobs, `${prefix}/sections/${file}`, result, meta, { section: code });
    zipEntries.push({ name: `sections/${file}`, key: section_pdf_keys[code] });
  }
  const theme_pdf_keys: Record<string, string> = {};
  for (const theme of (result.available_themes ?? []) as Theme[]) {
    theme_pdf_keys[theme] = await putPdf(blobs, `${prefix}/themes/${theme}.pdf`, result, meta, { theme });
  }
  const report_zip_key = `${prefix}/report.zip`;
  await blobs.putStream(report_zip_key, zipOfBlobs(blobs, zipEntries, new Date(meta.published_at)));
  return { report_pdf_key, section_pdf_keys, theme_pdf_keys, report_zip_key };
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
  const report_md_key = `${prefix}/report.md`;
  await blobs.putBuffer(report_md_key, renderMarkdown(result, meta));
  try {
    return { report_md_key, ...(await buildPdfReports(result, meta, blobs, prefix)) };
  } catch (e) {
    options.onPdfError?.(e);
    return { report_md_key, report_pdf_key: null, section_pdf_keys: {}, theme_pdf_keys: {}, report_zip_key: null };
  }
}
