/**
 * GET /runs/{run_id}/register.xlsx and register.docx: the register of remarks built on request from the published
 * result and the decisions as they stand now (decisions come after publication, so it is never stored).
 */
import type { Decision } from '../../kernel/model/feedback.ts';
import type { PublishedResult } from '../../kernel/result.ts';
import { errors } from '../../kernel/errors.ts';
import { parseReportQuery } from '../download.ts';
import { THEME_LABELS } from '../labels.ts';
import type { ReportFilter } from '../types.ts';
import { registerRows, registerSubtitle, type RegisterRow } from './rows.ts';

export type { RegisterRow } from './rows.ts';

export type RegisterFormat = 'xlsx' | 'docx';

export interface RegisterQuery {
  section?: string;
  theme?: string;
  include_rejected?: boolean;
}

export interface RegisterFile {
  body: Buffer;
  fileName: string;
  contentType: string;
}

export const REGISTER_CONTENT_TYPES: Record<RegisterFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/**
 * The filter of a register query, with the reports' errors: both filters → 400 conflicting_filters, an unknown
 * section or theme → 400, one the result has no binding to → 409 section_unavailable / thematic_unavailable.
 */
export function registerFilter(query: RegisterQuery, result: PublishedResult): ReportFilter | undefined {
  const request = parseReportQuery({ section: query.section, theme: query.theme }, true);
  if (request.kind !== 'pdf') return undefined;
  if (request.section !== undefined) {
    if (!result.available_sections.some((s) => s.code === request.section)) throw errors.sectionUnavailable(request.section);
    return { section: request.section };
  }
  if (request.theme !== undefined) {
    if (!result.available_themes.includes(request.theme)) throw errors.thematicUnavailable(THEME_LABELS[request.theme]);
    return { theme: request.theme };
  }
  return undefined;
}

/** Writes the rows as a file: the writing is the CPU work, and what the service hands to a child. */
export type RegisterRenderer = (format: RegisterFormat, rows: RegisterRow[], subtitle: string) => Promise<Buffer>;

/** Writes the rows in this process; the writers (and their libraries) load with the first register, not with every node. */
export const renderRegister: RegisterRenderer = async (format, rows, subtitle) =>
  format === 'xlsx' ? (await import('./xlsx.ts')).registerXlsx(rows, subtitle) : (await import('./docx.ts')).registerDocx(rows, subtitle);

/**
 * Builds the register file; `current` is the current decision of every author (latestDecisions), `previousDecisions`
 * the same of the round the result was compared with; `fileBase` names the download. The rows are
 * chosen here (cheap); `render` writes them, in this process unless the caller gives a child's renderer.
 */
export async function buildRegister(
  format: RegisterFormat,
  runId: string,
  result: PublishedResult,
  current: readonly Decision[],
  query: RegisterQuery,
  render: RegisterRenderer = renderRegister,
  previousDecisions: readonly Decision[] = [],
  fileBase = `register-${runId}`,
  timeZone?: string,
): Promise<RegisterFile> {
  const filter = registerFilter(query, result);
  const includeRejected = query.include_rejected === true;
  const rows = registerRows(result, current, { filter, includeRejected, previousDecisions, timeZone });
  const subtitle = registerSubtitle(runId, filter, includeRejected, result.revision, timeZone);
  const suffix = !filter ? '' : 'section' in filter ? `-${filter.section}` : `-${filter.theme}`;
  const body = await render(format, rows, subtitle);
  return { body, fileName: `${fileBase}${suffix}.${format}`, contentType: REGISTER_CONTENT_TYPES[format] };
}
