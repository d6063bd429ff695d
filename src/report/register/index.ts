/**
 * GET /runs/{run_id}/register.xlsx and register.docx: the register of remarks built on request from the published
 * result and the decisions as they stand now (decisions come after publication, so it is never stored).
 */
import type { Decision, DesignerAnswer } from '../../kernel/model/feedback.ts';
import { uploadedAnswer, withAnswerReview } from '../revision/answers.ts';
import type { PublishedResult } from '../../kernel/result.ts';
import { errors } from '../../kernel/errors.ts';
import { parseReportQuery } from '../download.ts';
import { formatFileDate, THEME_LABELS } from '../labels.ts';
import type { ReportFilter } from '../types.ts';
import { type RegisterAnswer, type RegisterContext, registerSheet, type RegisterSheet, type RegisterVariant, VARIANT_LABELS } from './rows.ts';

export type { RegisterAnswer, RegisterContext, RegisterRow, RegisterSheet, RegisterVariant } from './rows.ts';

export type RegisterFormat = 'xlsx' | 'docx';

export interface RegisterQuery {
  section?: string;
  theme?: string;
  include_rejected?: boolean;
  variant?: RegisterVariant;
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

/** Writes a register as a file: the writing is the CPU work, and what the service hands to a child. */
export type RegisterRenderer = (format: RegisterFormat, sheet: RegisterSheet) => Promise<Buffer>;

/** Writes the register in this process; the writers (and their libraries) load with the first register, not with every node. */
export const renderRegister: RegisterRenderer = async (format, sheet) =>
  format === 'xlsx' ? (await import('./xlsx.ts')).registerXlsx(sheet) : (await import('./docx.ts')).registerDocx(sheet);

const UNSAFE_IN_NAME = /[\\/:*?"<>|\u0000-\u001f]+/g;

/** «Реестр замечаний для проектировщика 24-017 тур 2 2026-12-01.xlsx»: what it is, of what, which round; no ids. */
export function registerFileName(
  format: RegisterFormat,
  sheet: RegisterSheet,
  ctx: RegisterContext,
  object: string | null,
  filter: ReportFilter | undefined,
): string {
  const named = (object ?? ctx.bundleLabel ?? '').replace(UNSAFE_IN_NAME, ' ').replace(/\s+/g, ' ').trim().slice(0, 80).trim();
  const suffix = !filter ? '' : 'section' in filter ? filter.section : THEME_LABELS[filter.theme];
  const parts = [`Реестр замечаний ${VARIANT_LABELS[sheet.variant]}`, named, suffix, ctx.round ? `тур ${ctx.round}` : '', formatFileDate(ctx.at, ctx.timeZone)];
  return `${parts.filter(Boolean).join(' ')}.${format}`;
}

/** What the register is drawn from (domain/feedback/register-input.ts loads it). */
export interface DecidedRegisterInput {
  result: PublishedResult;
  current: readonly Decision[];
  previousDecisions: readonly Decision[];
  previousAnswers: readonly DesignerAnswer[];
  answers: ReadonlyMap<string, RegisterAnswer>;
  ctx: RegisterContext;
  object: string | null;
}

/** The register of a published run as its decisions and the designer's answers stand: the one way it is drawn. */
export function decidedRegister(format: RegisterFormat, query: RegisterQuery, input: DecidedRegisterInput, render?: RegisterRenderer): Promise<RegisterFile> {
  // the answer loop as the previous round's answers stand now, as /findings shows it
  const reviewed = withAnswerReview(input.result, input.previousAnswers.map(uploadedAnswer));
  return buildRegister(format, reviewed, input.current, query, input.ctx, {
    render,
    previousDecisions: input.previousDecisions,
    answers: input.answers,
    object: input.object,
  });
}

/**
 * Builds the register file; `current` is the current decision of every author (latestDecisions), `previousDecisions`
 * the same of the round the result was compared with, `answers` the designer's answers brought in. The sheet is
 * chosen here (cheap); `render` writes it, in this process unless the caller gives a child's renderer.
 */
export async function buildRegister(
  format: RegisterFormat,
  result: PublishedResult,
  current: readonly Decision[],
  query: RegisterQuery,
  ctx: RegisterContext,
  options: { render?: RegisterRenderer; previousDecisions?: readonly Decision[]; answers?: ReadonlyMap<string, RegisterAnswer>; object?: string | null } = {},
): Promise<RegisterFile> {
  const filter = registerFilter(query, result);
  const sheet = registerSheet(result, current, ctx, {
    variant: query.variant ?? 'designer',
    filter,
    includeRejected: query.include_rejected === true,
    previousDecisions: options.previousDecisions,
    answers: options.answers,
  });
  const body = await (options.render ?? renderRegister)(format, sheet);
  return { body, fileName: registerFileName(format, sheet, ctx, options.object ?? null, filter), contentType: REGISTER_CONTENT_TYPES[format] };
}
