/**
 * The register of remarks (реестр замечаний) of one round of expertise, as plain data the XLSX and DOCX writers
 * both draw (so the two files always say the same, and the writing can run in any process): a heading block, the
 * rows, what the round compared, and the signature line. Two variants: for the designer — the document handed
 * over (continuous numbers, the volume and sheet in the designer's terms, the remark, the norm with a short quote
 * from the volume, and the answer columns), with none of the service's internal columns or reasons; and for the
 * specialist — everything, with the decisions and who made them by the names the organization gives its keys.
 */
import type { Decision } from '../../kernel/model/feedback.ts';
import { byFinding, standingDecision } from '../../kernel/decisions.ts';
import type { Finding, PublishedResult, PublishedRevision } from '../../kernel/result.ts';
import { formatDateTime, importanceLabel, sectionTitle, THEME_LABELS } from '../labels.ts';
import type { ReportFilter } from '../types.ts';
import { filterFindings, filterNotResubmitted, filterResolved, revisionDocumentLines } from '../view.ts';
import { answerNotes, proposalCell } from './proposals.ts';

/** The sheet of the XLSX register (xlsx.ts), by which a register brought back is found among a set's workbooks. */
export const SHEET_NAME = 'Реестр замечаний';

export { standingDecision } from '../../kernel/decisions.ts';

export type RegisterVariant = 'designer' | 'specialist';

export interface RegisterColumn {
  /** What the column holds, for the reader of the answers (answers.ts) and the tests. */
  key: ColumnKey;
  header: string;
  /** Width in characters (XLSX) and share of the page width (DOCX). */
  width: number;
  /** Kept in the XLSX, hidden, for reading the designer's answers back; never printed nor in the DOCX. */
  hidden?: boolean;
}

export type ColumnKey =
  | 'no'
  | 'report_n'
  | 'volume'
  | 'sheet'
  | 'remark'
  | 'norm'
  | 'grounds'
  | 'importance'
  | 'decision'
  | 'answer'
  | 'answer_sheet'
  | 'closed'
  | 'status'
  | 'revision'
  | 'finding_id';

const COLUMNS: Record<ColumnKey, Omit<RegisterColumn, 'key'>> = {
  no: { header: '№', width: 5 },
  report_n: { header: '№ в отчёте', width: 8 },
  volume: { header: 'Том', width: 16 },
  sheet: { header: 'Лист', width: 9 },
  remark: { header: 'Замечание', width: 48 },
  norm: { header: 'Норма (пункт) и цитата из тома', width: 36 },
  grounds: { header: 'Обоснование', width: 34 },
  importance: { header: 'Важность', width: 15 },
  decision: { header: 'Решение специалиста', width: 26 },
  answer: { header: 'Ответ проектировщика', width: 30 },
  answer_sheet: { header: 'Лист с исправлением', width: 15 },
  closed: { header: 'Снято / не снято', width: 10 },
  status: { header: 'Статус', width: 16 },
  revision: { header: 'Изменение с прошлой проверки', width: 22 },
  finding_id: { header: 'Идентификатор замечания', width: 38, hidden: true },
};

const VARIANT_COLUMNS: Record<RegisterVariant, ColumnKey[]> = {
  designer: ['no', 'volume', 'sheet', 'remark', 'norm', 'answer', 'answer_sheet', 'closed', 'finding_id'],
  // the status is said by the decision, the importance opens the remark: ten columns still print legibly on A4
  specialist: ['no', 'report_n', 'volume', 'sheet', 'remark', 'grounds', 'decision', 'answer', 'closed', 'revision', 'finding_id'],
};

export function registerColumns(variant: RegisterVariant): RegisterColumn[] {
  return VARIANT_COLUMNS[variant].map((key) => ({ key, ...COLUMNS[key] }));
}

export const REGISTER_TITLE = 'Реестр замечаний';
export const VARIANT_LABELS: Record<RegisterVariant, string> = { designer: 'для проектировщика', specialist: 'для специалиста' };

export interface RegisterRow {
  /** The row's number in the register (1, 2, 3… without gaps). */
  no: number;
  /** The finding's number in the overall report. */
  n: number;
  findingId: string;
  /** One text per column of the variant, in order. */
  cells: string[];
  /** Rejected by the specialist: left out of the designer's register unless asked for, marked when included. */
  rejected: boolean;
}

/** A block under the table: a title and its lines (the round's volumes, the remarks resolved, not resubmitted). */
export interface RegisterNote {
  title: string;
  lines: string[];
}

/** Everything a register file shows; plain data, so it can be written in any process. */
export interface RegisterSheet {
  variant: RegisterVariant;
  title: string;
  /** Label → value lines of the heading: object, address, stage, customer, designer, expertise, case, round, date. */
  heading: [string, string][];
  /** What the register covers (section or theme, rejected remarks in or out), one line. */
  scope: string;
  columns: RegisterColumn[];
  rows: RegisterRow[];
  notes: RegisterNote[];
  /** «Эксперт ______________ / Иванов И. И. /» */
  signature: string;
  /** Read back from the designer's XLSX to tell the run and the variant the file was made for. */
  marker: string;
}

/** The designer's answer to a remark, brought in from the filled register (answers.ts). */
export interface RegisterAnswer {
  answer: string;
  sheet: string;
  closed: string;
}

/** What the register says about the round besides the findings (read by the caller from the run and its bundle). */
export interface RegisterContext {
  runId: string;
  /** The organization: the expertise body that hands the register over. */
  organization: string;
  objectAddress: string | null;
  /** The bundle's label: the case (дело) of the object; null for a run outside a bundle. */
  bundleLabel: string | null;
  /** The round's number in its bundle (1 for the first run), null outside a bundle. */
  round: number | null;
  /** When the register is drawn (ISO). */
  at: string;
  /** The name of the key drawing it (the expert), or null when the organization gave it none. */
  expert: string | null;
  /** feedback_actor → the name the organization gives that key. */
  authors: ReadonlyMap<string, string>;
  timeZone?: string;
}

export interface RegisterOptions {
  variant?: RegisterVariant;
  filter?: ReportFilter;
  /** The designer's register: include the findings a specialist rejected (marked «Отклонено специалистом»). */
  includeRejected?: boolean;
  /**
   * The current decisions of the previous round (the run this one was compared with): shown beside the persisting
   * findings in the specialist's register, never applied to them.
   */
  previousDecisions?: readonly Decision[];
  /** The designer's answers by finding_id (this round's, or the previous round's for persisting findings). */
  answers?: ReadonlyMap<string, RegisterAnswer>;
}

const DECISION_LABELS: Record<Decision['decision'], string> = { accepted: 'Принято', rejected: 'Отклонено', withdrawn: 'Решение отозвано' };

/** Where a finding is, as the report names it: its page captions, else its documents, else the set as a whole. */
export function placeOf(f: Finding): string {
  if (f.page_refs.length) return f.page_refs.map((r) => r.label).join('; ');
  const documents = f.sources.filter((s) => s.type === 'document').map((s) => s.title);
  return documents.length ? documents.join('; ') : 'Комплект в целом';
}

/** The volumes a finding is in, by cipher (else section), and its sheets in each, as the designer names them. */
function volumesOf(f: Finding): { volume: string; sheet: string } {
  if (!f.page_refs.length) {
    const documents = f.sources.filter((s) => s.type === 'document').map((s) => s.title);
    return { volume: documents.length ? documents.join('; ') : 'Комплект в целом', sheet: '—' };
  }
  const by = new Map<string, string[]>();
  for (const r of f.page_refs) {
    const volume = r.cipher ?? (r.kind ? `Раздел ${r.kind}` : `Документ ${r.doc_index}`);
    const sheet = r.sheet ? `л. ${r.sheet}` : `с. ${r.doc_page}`;
    const list = by.get(volume) ?? [];
    if (!list.includes(sheet)) list.push(sheet);
    by.set(volume, list);
  }
  const volumes = [...by.keys()];
  if (volumes.length === 1) return { volume: volumes[0]!, sheet: by.get(volumes[0]!)!.join(', ') };
  return { volume: volumes.join(';\n'), sheet: volumes.map((v) => `${v}: ${by.get(v)!.join(', ')}`).join(';\n') };
}

/** Sentences of the service's own reasoning, not the designer's business: its registries, its dates of judgement. */
const INTERNAL = /сервис|реестр[а-яё]* норматив|дат[а-яё]* оценки|оценк[а-яё]* на текущую|ссылка отмечена|комплект принят|профил[а-яё]* организации/i;
const QUOTE_LENGTH = 220;

/** A short quote from the volume: the evidence without the service's reasoning, cut at a word. */
export function shortQuote(evidence: string): string {
  const sentences = evidence
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?»])\s+(?=[А-ЯЁA-Z«(])/u)
    .filter((s) => s && !INTERNAL.test(s));
  let text = sentences.join(' ').trim();
  if (text.length > QUOTE_LENGTH) text = `${text.slice(0, QUOTE_LENGTH).replace(/\s+\S*$/, '')}…`;
  return text;
}

function normOf(f: Finding): string {
  const norms = f.sources.filter((s) => s.type === 'norm').map((s) => s.title);
  const quote = f.page_refs.length ? shortQuote(f.evidence_text) : '';
  return [norms.length ? norms.join(';\n') : '', quote ? `«${quote}»` : ''].filter(Boolean).join('\n');
}

function groundsOf(f: Finding): string {
  const norms = f.sources.filter((s) => s.type === 'norm').map((s) => s.title);
  const lines = [norms.length ? `Норма: ${norms.join('; ')}` : '', f.evidence_text.trim() ? `Цитата: «${f.evidence_text.trim()}»` : '', `Место: ${placeOf(f)}`];
  return lines.filter(Boolean).join('\n');
}

function remarkOf(f: Finding): string {
  return f.action.trim() ? `${f.essence}\nЧто сделать: ${f.action}` : f.essence;
}

function authorOf(d: Decision, authors: ReadonlyMap<string, string>): string {
  return d.employeeId ?? authors.get(d.actor) ?? 'ключ без имени';
}

function decisionText(d: Decision | undefined, ctx: RegisterContext): string {
  if (!d) return '';
  const carried = d.carriedFrom ? ' (перенесено из прошлого тура)' : '';
  return [
    `${DECISION_LABELS[d.decision]}${carried}${d.reason.trim() ? `: ${d.reason.trim()}` : ''}`,
    `${authorOf(d, ctx.authors)}, ${formatDateTime(d.createdAt, ctx.timeZone)}`,
  ].join('\n');
}

/** «Новое» or «Повторное» with the previous number and the decision taken on it then; empty without a comparison. */
function revisionText(f: Finding, previous: Decision | undefined, ctx: RegisterContext): string {
  const r = f.revision;
  if (!r) return '';
  if (r.status !== 'persisting') return 'Новое';
  const decided = previous
    ? `\nРешение в прошлом туре: ${DECISION_LABELS[previous.decision].toLowerCase()}${previous.reason.trim() ? ` — ${previous.reason.trim()}` : ''} (${authorOf(previous, ctx.authors)})`
    : '';
  return `Повторное (№ ${r.previous_n} прошлой проверки)${decided}`;
}

function statusOf(d: Decision | undefined): string {
  if (d?.decision === 'accepted') return 'Принято, к устранению';
  if (d?.decision === 'rejected') return 'Отклонено специалистом';
  if (d?.decision === 'withdrawn') return 'Открыто (решение отозвано)';
  return 'Открыто';
}

/** The heading block: the object and the round, as an expertise body heads the list it hands over. */
function headingOf(result: PublishedResult, ctx: RegisterContext): [string, string][] {
  const object = result.set?.object;
  const stage = result.set?.stage;
  const stageText = stage === 'П' ? 'П — проектная документация' : stage === 'Р' ? 'Р — рабочая документация' : '—';
  return [
    ['Объект', object?.name?.value ?? '—'],
    ['Адрес объекта', ctx.objectAddress ?? object?.address?.value ?? '—'],
    ['Стадия', stageText],
    ['Заказчик (застройщик)', object?.customer?.value ?? '—'],
    ['Проектная организация', object?.designer?.value ?? '—'],
    ['Экспертная организация', ctx.organization],
    ['Дело', ctx.bundleLabel ?? '—'],
    ['Тур (проверка комплекта)', ctx.round ? `${ctx.round}-й` : '1-й (вне пакета)'],
    ['Дата', formatDateTime(ctx.at, ctx.timeZone).replace(/ \d\d:\d\d .*$/, '')],
  ];
}

function scopeOf(variant: RegisterVariant, filter: ReportFilter | undefined, includeRejected: boolean): string {
  const scope = !filter
    ? 'все разделы'
    : 'section' in filter
      ? `раздел ${sectionTitle(filter.section)}`
      : `тематическая группа «${THEME_LABELS[filter.theme]}»`;
  const rejected =
    variant === 'specialist'
      ? 'все замечания, отклонённые специалистом отмечены'
      : includeRejected
        ? 'отклонённые специалистом замечания включены и отмечены'
        : 'без замечаний, отклонённых специалистом';
  return `Реестр ${VARIANT_LABELS[variant]}; ${scope}; ${rejected}`;
}

/** The round against the previous one: volumes, remarks resolved and not resubmitted (within the filter). */
function notesOf(revision: PublishedRevision | undefined, filter: ReportFilter | undefined, ctx: RegisterContext): RegisterNote[] {
  if (!revision) return [];
  const resolved = filterResolved(revision, filter);
  const missing = filterNotResubmitted(revision, filter);
  const notes: RegisterNote[] = [
    {
      title: `Сравнение с прошлым туром (результат от ${formatDateTime(revision.previous_published_at, ctx.timeZone)})`,
      lines: revisionDocumentLines(revision),
    },
    {
      title: `Сняты — устранены с прошлого тура: ${resolved.length}`,
      lines: resolved.map((f) => `№ ${f.n} прошлого тура (${f.section}): ${f.essence}`),
    },
  ];
  if (revision.not_resubmitted)
    notes.push({
      title: `Том не представлен повторно — замечания прошлого тура не сняты: ${missing.length}`,
      lines: missing.map((f) => `№ ${f.n} прошлого тура (${f.section}): ${f.essence}`),
    });
  return notes.filter((n) => n.lines.length || n.title.startsWith('Сняты'));
}

/**
 * The register of a run: `current` is the current decision of every author on every finding (latestDecisions).
 * Rows in the order of the overall report's numbers, numbered 1, 2, 3… The designer's register leaves out a
 * finding whose standing decision is a rejection — and a persisting one undecided in this round whose previous
 * round rejected it — unless includeRejected; the specialist's has every finding.
 */
export function registerSheet(result: PublishedResult, current: readonly Decision[], ctx: RegisterContext, options: RegisterOptions = {}): RegisterSheet {
  const variant = options.variant ?? 'designer';
  const columns = registerColumns(variant);
  const decisions = byFinding(current);
  const previousByFinding = byFinding(options.previousDecisions ?? []);
  const rows: RegisterRow[] = [];
  const proposals = new Map((result.revision?.answers?.proposals ?? []).map((p) => [p.decide_on, p]));
  const standingOn = (id: string) => standingDecision(decisions.get(id) ?? []);
  for (const f of filterFindings(result.findings, options.filter).sort((a, b) => a.n - b.n)) {
    const decision = standingDecision(decisions.get(f.finding_id) ?? []);
    const previousId = f.revision?.status === 'persisting' ? f.revision.previous_finding_id : undefined;
    const previous = previousId ? standingDecision(previousByFinding.get(previousId) ?? []) : undefined;
    const rejectedBefore = (!decision || decision.decision === 'withdrawn') && previous?.decision === 'rejected';
    const rejected = decision?.decision === 'rejected' || rejectedBefore;
    if (variant === 'designer' && rejected && !options.includeRejected) continue;
    const answer = options.answers?.get(f.finding_id) ?? (previousId ? options.answers?.get(previousId) : undefined);
    const { volume, sheet } = volumesOf(f);
    const no = rows.length + 1;
    const values: Record<ColumnKey, string> = {
      no: String(no),
      report_n: String(f.n),
      volume,
      sheet,
      remark: variant === 'specialist' ? `${importanceLabel(f.importance)}.\n${remarkOf(f)}` : remarkOf(f),
      norm: normOf(f),
      grounds: groundsOf(f),
      importance: importanceLabel(f.importance),
      decision: rejectedBefore ? 'Отклонено в прошлом туре, в этом без решения' : decisionText(decision, ctx) || 'Без решения',
      answer: answer ? [answer.answer, variant === 'specialist' && answer.sheet ? `Лист с исправлением: ${answer.sheet}` : ''].filter(Boolean).join('\n') : '',
      answer_sheet: answer?.sheet ?? '',
      // a persisting remark of a round whose answers came back: what the answer loop proposes and the specialist made of it
      closed: proposals.has(f.finding_id) ? proposalCell(proposals.get(f.finding_id)!, decision, variant) : (answer?.closed ?? ''),
      status: rejectedBefore ? 'Отклонено в прошлом туре, в этом без решения' : statusOf(decision),
      revision: revisionText(f, previous, ctx),
      finding_id: f.finding_id,
    };
    rows.push({ no, n: f.n, findingId: f.finding_id, rejected, cells: columns.map((c) => values[c.key]) });
  }
  return {
    variant,
    title: `${REGISTER_TITLE} ${VARIANT_LABELS[variant]}`,
    heading: headingOf(result, ctx),
    scope: scopeOf(variant, options.filter, options.includeRejected === true),
    columns,
    rows,
    notes: [...notesOf(result.revision, options.filter, ctx), ...answerNotes(result.revision?.answers, options.filter, standingOn, variant, ctx)],
    signature: `Эксперт ____________________ / ${ctx.expert ?? '____________________'} /`,
    marker: registerMarker(ctx.runId, variant),
  };
}

/** What the hidden column's header holds: the run and the variant the file was drawn for. */
export function registerMarker(runId: string, variant: RegisterVariant): string {
  return `drs-register:${variant}:${runId}`;
}
