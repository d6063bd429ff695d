/**
 * Which stored report a download names, with the contract's errors: the filters are checked before
 * anything is read; availability and readiness are judged by the keys stored at publication.
 */
import { errors } from '../kernel/errors.ts';
import { THEMES, type Theme } from '../kernel/result.ts';
import { canonicalSection } from '../kernel/docset.ts';
import { SET_SECTION } from '../kernel/docset.ts';
import { formatFileDate, THEME_LABELS } from './labels.ts';
import type { ReportKeys } from './types.ts';

export interface ReportQuery {
  format?: string;
  section?: string;
  theme?: string;
}

export type ReportRequest = { kind: 'markdown' } | { kind: 'pdf'; section?: string; theme?: Theme } | { kind: 'zip' };

export interface StoredReport {
  key: string;
  fileName: string;
  contentType: string;
}

const given = (v: string | undefined): string | undefined => (v === undefined || v.trim() === '' ? undefined : v.trim());

/**
 * The request a query describes. Markdown is the overall report only: a section or a theme with Markdown
 * is 400 section_pdf_only (filtered reports exist as PDF). A section may be given by its code or by a
 * mark of working drawings (КЖ → КР).
 */
export function parseReportQuery(query: ReportQuery, pdf: boolean): ReportRequest {
  const section = given(query.section);
  const theme = given(query.theme);
  if (section !== undefined && theme !== undefined) {
    throw errors.conflictingFilters();
  }
  if (!pdf && (section !== undefined || theme !== undefined)) {
    throw errors.filtersPdfOnly();
  }
  if (theme !== undefined) {
    if (!THEMES.includes(theme as Theme)) {
      throw errors.badTheme(theme, THEMES);
    }
    return { kind: 'pdf', theme: theme as Theme };
  }
  if (section !== undefined) {
    const code = section === SET_SECTION ? section : canonicalSection(section);
    if (code === null) throw errors.badSection(section);
    return { kind: 'pdf', section: code };
  }
  return pdf ? { kind: 'pdf' } : { kind: 'markdown' };
}

/** Characters a file system or a mail client refuses in a file name, and runs of white space. */
const UNSAFE_IN_NAME = /[\\/:*?"<>|\u0000-\u001f\s]+/g;
const MAX_NAME = 80;

/**
 * What a person calls a run's download: «24-017 2026-11-26» — the object's cipher as the result established it (else
 * its name, else the address given with the set) and the date of the result in the organization's time zone. The
 * run's id stands in only when nothing names the object.
 */
export function downloadBase(
  object: { cipher: string | null; name: string | null } | undefined,
  address: string | null,
  at: string | null,
  runId: string,
  timeZone?: string,
): string {
  const named = (object?.cipher || object?.name || address || '').replace(UNSAFE_IN_NAME, ' ').trim().slice(0, MAX_NAME).trim();
  const date = at ? formatFileDate(at, timeZone) : null;
  return [named || runId, date].filter(Boolean).join(' ');
}

/**
 * The stored blob for a request, its download named after `base` (downloadBase with a word for the kind of file);
 * 503 pdf_unavailable when the PDFs were not built, 409 when there is no binding.
 */
export function storedReport(keys: ReportKeys, request: ReportRequest, base: string): StoredReport {
  if (request.kind === 'markdown') return { key: keys.reportMdKey, fileName: `${base}.md`, contentType: 'text/markdown; charset=utf-8' };
  if (request.kind === 'zip') {
    if (keys.reportZipKey === null) throw errors.pdfUnavailable();
    return { key: keys.reportZipKey, fileName: `${base}.zip`, contentType: 'application/zip' };
  }
  if (keys.reportPdfKey === null) throw errors.pdfUnavailable();
  const pdf = (key: string, suffix: string) => ({ key, fileName: `${base}${suffix}.pdf`, contentType: 'application/pdf' });
  if (request.section !== undefined) {
    const key = keys.sectionPdfKeys[request.section];
    if (key === undefined) {
      throw errors.sectionUnavailable(request.section);
    }
    return pdf(key, `-${request.section}`);
  }
  if (request.theme !== undefined) {
    const key = keys.themePdfKeys[request.theme];
    if (key === undefined) {
      throw errors.thematicUnavailable(THEME_LABELS[request.theme]);
    }
    // named as the cabinet, the PDF's heading and the registers name the theme, not by its API code
    return pdf(key, ` ${THEME_LABELS[request.theme]}`);
  }
  return pdf(keys.reportPdfKey, '');
}
