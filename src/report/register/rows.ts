/**
 * The register of remarks (реестр замечаний) of one round of expertise: one row per finding with the
 * specialist's decision on it and an empty column for the designer's answer. The XLSX and DOCX writers both
 * draw these rows, so the two files always say the same.
 */
import type { Decision } from '../../kernel/model/feedback.ts';
import { standingDecision } from '../../kernel/decisions.ts';

export { standingDecision } from '../../kernel/decisions.ts';
import type { Finding, PublishedResult, PublishedRevision } from '../../kernel/result.ts';
import { formatDateTime, importanceLabel, sectionTitle, THEME_LABELS } from '../labels.ts';
import type { ReportFilter } from '../types.ts';
import { filterFindings, filterNotResubmitted, filterResolved, revisionDocumentLines } from '../view.ts';

export interface RegisterColumn {
  header: string;
  /** Width in characters (XLSX) and share of the page width (DOCX). */
  width: number;
}

export const REGISTER_COLUMNS: readonly RegisterColumn[] = [
  { header: '№', width: 6 },
  { header: 'Раздел', width: 18 },
  { header: 'Документ и лист', width: 28 },
  { header: 'Замечание', width: 48 },
  { header: 'Обоснование (норма, цитата, страница)', width: 44 },
  { header: 'Важность', width: 15 },
  { header: 'Решение специалиста', width: 30 },
  { header: 'Ответ проектировщика', width: 30 },
  { header: 'Статус', width: 18 },
  { header: 'Изменение с прошлой проверки', width: 26 },
];

export const REGISTER_TITLE = 'Реестр замечаний';

export interface RegisterRow {
  /** The finding's number in the overall report. */
  n: number;
  cells: string[];
  /** Rejected by the specialist: left out unless asked for, marked when included. */
  rejected: boolean;
}

export interface RegisterOptions {
  filter?: ReportFilter;
  /** Include the findings a specialist rejected (marked «Отклонено специалистом»). */
  includeRejected?: boolean;
  /**
   * The current decisions of the previous round (the run this one was compared with): shown beside the persisting
   * findings they were taken on, never applied to them.
   */
  previousDecisions?: readonly Decision[];
  /** IANA zone in which the decisions' times are given (the organization's); Europe/Moscow when absent. */
  timeZone?: string;
}

const DECISION_LABELS: Record<Decision['decision'], string> = { accepted: 'Принято', rejected: 'Отклонено', withdrawn: 'Решение отозвано' };

/** Where a finding is, as the report names it: its page captions, else its documents, else the set as a whole. */
export function placeOf(f: Finding): string {
  if (f.page_refs.length) return f.page_refs.map((r) => r.label).join('; ');
  const documents = f.sources.filter((s) => s.type === 'document').map((s) => s.title);
  return documents.length ? documents.join('; ') : 'Комплект в целом';
}

function groundsOf(f: Finding): string {
  const norms = f.sources.filter((s) => s.type === 'norm').map((s) => s.title);
  const lines = [
    norms.length ? `Норма: ${norms.join('; ')}` : '',
    f.evidence_text.trim() ? `Цитата: «${f.evidence_text.trim()}»` : '',
    f.pages.length ? `Стр. в комплекте: ${f.pages.join(', ')}` : '',
  ];
  return lines.filter(Boolean).join('\n');
}

function remarkOf(f: Finding): string {
  return f.action.trim() ? `${f.essence}\nЧто сделать: ${f.action}` : f.essence;
}

function decisionText(d: Decision | undefined, timeZone: string | undefined): string {
  if (!d) return '';
  const who = d.employeeId ?? d.actor;
  return [`${DECISION_LABELS[d.decision]}${d.reason.trim() ? `: ${d.reason.trim()}` : ''}`, `${who}, ${formatDateTime(d.createdAt, timeZone)}`].join('\n');
}

/** «Новое» or «Повторное» with the previous number and the decision taken on it then; empty without a comparison. */
function revisionText(f: Finding, previousByFinding: ReadonlyMap<string, Decision[]>): string {
  const r = f.revision;
  if (!r) return '';
  if (r.status !== 'persisting') return 'Новое';
  const before = r.previous_finding_id ? standingDecision(previousByFinding.get(r.previous_finding_id) ?? []) : undefined;
  const decided = before
    ? `\nРешение в прошлом туре: ${DECISION_LABELS[before.decision].toLowerCase()}${before.reason.trim() ? ` — ${before.reason.trim()}` : ''}`
    : '';
  return `Повторное (№ ${r.previous_n} прошлой проверки)${decided}`;
}

function byFindingOf(decisions: readonly Decision[]): Map<string, Decision[]> {
  const by = new Map<string, Decision[]>();
  for (const d of decisions) by.set(d.findingId, [...(by.get(d.findingId) ?? []), d]);
  return by;
}

function statusOf(d: Decision | undefined): string {
  if (d?.decision === 'accepted') return 'Принято, к устранению';
  if (d?.decision === 'rejected') return 'Отклонено специалистом';
  if (d?.decision === 'withdrawn') return 'Открыто (решение отозвано)';
  return 'Открыто';
}

/**
 * The rows of a register, in the order of the overall report's numbers. `current` is the current decision of
 * every author on every finding. The section and theme filters are those of the reports.
 */
export function registerRows(result: PublishedResult, current: readonly Decision[], options: RegisterOptions = {}): RegisterRow[] {
  const byFinding = byFindingOf(current);
  const previousByFinding = byFindingOf(options.previousDecisions ?? []);
  const rows: RegisterRow[] = [];
  for (const f of filterFindings(result.findings, options.filter).sort((a, b) => a.n - b.n)) {
    const decision = standingDecision(byFinding.get(f.finding_id) ?? []);
    const rejected = decision?.decision === 'rejected';
    if (rejected && !options.includeRejected) continue;
    rows.push({
      n: f.n,
      rejected,
      cells: [
        String(f.n),
        sectionTitle(f.section),
        placeOf(f),
        remarkOf(f),
        groundsOf(f),
        importanceLabel(f.importance),
        decisionText(decision, options.timeZone),
        '',
        statusOf(decision),
        revisionText(f, previousByFinding),
      ],
    });
  }
  return rows;
}

/**
 * What the register covers, printed under its title: the run, the section or theme, rejected findings in or out,
 * and against the previous round the remarks of that round no longer found (within the same section or theme).
 */
export function registerSubtitle(
  runId: string,
  filter: ReportFilter | undefined,
  includeRejected: boolean,
  revision?: PublishedRevision,
  timeZone?: string,
): string {
  const scope = !filter
    ? 'все разделы'
    : 'section' in filter
      ? `раздел ${sectionTitle(filter.section)}`
      : `тематическая группа «${THEME_LABELS[filter.theme]}»`;
  const text = `Проверка ${runId}; ${scope}; ${includeRejected ? 'отклонённые специалистом замечания включены и отмечены' : 'без замечаний, отклонённых специалистом'}`;
  if (!revision) return text;
  const resolved = filterResolved(revision, filter);
  const numbers = resolved.length ? `: ${resolved.map((f) => `№ ${f.n}`).join(', ')}` : '';
  const missing = filterNotResubmitted(revision, filter);
  const notBack = missing.length ? `; том не представлен повторно — замечания ${missing.map((f) => `№ ${f.n}`).join(', ')} не сняты` : '';
  const documents = revisionDocumentLines(revision);
  return `${text}. Сравнение с проверкой от ${formatDateTime(revision.previous_published_at, timeZone)}: устранено замечаний прошлой проверки — ${resolved.length}${numbers}${notBack}${documents.length ? `. ${documents.join(' ')}` : ''}`;
}
