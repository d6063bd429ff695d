/**
 * The content of one report, independent of its format: the Markdown and PDF renderers both draw this,
 * so the two always carry the same structure and the same texts.
 */
import {
  DOCUMENTS_UNREAD,
  IMPORTANCE_ORDER,
  type Finding,
  type PublishedContentItem,
  type PublishedContentVolume,
  type PublishedResult,
  type PublishedRevision,
  type Question,
  type ResolvedFinding,
  type ReferenceProblem,
  type ResultWarning,
} from '../kernel/result.ts';
import { compareSections } from '../kernel/docset.ts';
import {
  CONTENT_STATUS_LABELS,
  EDITION_LABELS,
  EVIDENCE_KIND_LABELS,
  FINDING_FORMS,
  formatDateTime,
  importanceLabel,
  pageRange,
  placeLabel,
  plural,
  pointLabel,
  READING_LABELS,
  roleLabel,
  sectionTitle,
  sourceLabel,
  THEME_LABELS,
} from './labels.ts';
import type { ReportFilter, ReportMeta } from './types.ts';
import { answerReviewLines } from './revision/answers.ts';

export interface ReportView {
  title: string;
  /** «Сводный отчёт», «Отчёт по разделу …» or «Отчёт по тематической группе …». */
  subtitle: string;
  /** Label → value rows of the title page (object, address, organization, dates, task). */
  facts: [string, string][];
  summary: string[];
  documents: { cells: string[] }[];
  documentHeader: string[];
  sections: SectionView[];
  questions: QuestionView[];
  warnings: string[];
  referenceProblems: string[];
  /** The appendix «Карта содержания томов»: empty for results without a content map (and theme reports). */
  contentMap: ContentVolumeView[];
}

/** One volume of the content map's appendix. */
export interface ContentVolumeView {
  /** «Том 1 «24-017-ПЗ.pdf» — ПЗ — Раздел 1. Пояснительная записка». */
  title: string;
  /** Edition, reading and counts, one line each. */
  facts: string[];
  /** Rows under CONTENT_HEADER: items not found first, then found, then conditional; each kept in the map's order. */
  rows: string[][];
  /** The items that do not apply, folded into one line with their reasons; '' when none. */
  notApplicable: string;
}

export interface SectionView {
  code: string;
  /** «КР — Раздел 4. Конструктивные решения». */
  title: string;
  /** Findings ordered by importance (critical → significant → minor), then by number. */
  findings: FindingView[];
}

export interface FindingView {
  n: number;
  /** «№ 12 · Критическое · Тема: …». */
  heading: string;
  importance: string;
  /** Label → text rows, in print order; empty values are left out. */
  fields: [string, string][];
}

export interface QuestionView {
  heading: string;
  fields: [string, string][];
}

export const REPORT_TITLE = 'Отчёт о проверке проектной документации';
export const DOCUMENT_HEADER = ['№', 'Документ', 'Раздел', 'Страниц', 'Стр. в комплекте', 'Роль'];
export const CONTENT_HEADER = ['П./подп.', 'Часть', 'Что требуется', 'Статус', 'Где', 'Основание или причина'];
export const CONTENT_MAP_TITLE = 'Приложение. Карта содержания томов';

export function filterFindings(findings: readonly Finding[], filter: ReportFilter | undefined): Finding[] {
  if (!filter) return [...findings];
  if ('section' in filter) return findings.filter((f) => f.section === filter.section);
  return findings.filter((f) => f.topic === filter.theme);
}

/** The previous round's resolved findings within a report's filter (their section or theme, as filterFindings). */
export function filterResolved(
  revision: PublishedRevision,
  filter: ReportFilter | undefined,
  list: readonly ResolvedFinding[] = revision.resolved,
): ResolvedFinding[] {
  if (!filter) return [...list];
  if ('section' in filter) return list.filter((f) => f.section === filter.section);
  return list.filter((f) => f.topic === filter.theme);
}

/** The previous round's findings on documents that were not resubmitted, within a report's filter. */
export function filterNotResubmitted(revision: PublishedRevision, filter: ReportFilter | undefined): ResolvedFinding[] {
  return filterResolved(revision, filter, revision.not_resubmitted ?? []);
}

/** A document as the round names it: its cipher and section when known, and its file name. */
function documentLabel(d: { name: string; section: string | null; cipher: string | null }): string {
  const what = [d.cipher, d.section && d.section !== d.cipher ? sectionTitle(d.section).split(' — ')[0] : null].filter(Boolean).join(', ');
  return what ? `${what} («${d.name}»)` : `«${d.name}»`;
}

/**
 * The documents of the round against the previous one, one line each kind: corrected, unchanged, added, not
 * resubmitted; empty when the comparison was made before documents were compared.
 */
export function revisionDocumentLines(revision: PublishedRevision): string[] {
  const docs = revision.documents ?? [];
  const lines: string[] = [];
  const of = (status: string) => docs.filter((d) => d.status === status);
  if (of('corrected').length) lines.push(`Исправленные тома: ${of('corrected').map(documentLabel).join('; ')}.`);
  if (of('unchanged').length) lines.push(`Без изменений (тот же файл): ${of('unchanged').map(documentLabel).join('; ')}.`);
  if (of('added').length) lines.push(`Добавлены: ${of('added').map(documentLabel).join('; ')}.`);
  if (revision.dropped?.length) lines.push(`Не представлены повторно: ${revision.dropped.map(documentLabel).join('; ')}.`);
  return lines;
}

function importanceRank(level: string): number {
  const i = IMPORTANCE_ORDER.indexOf(level as (typeof IMPORTANCE_ORDER)[number]);
  return i < 0 ? IMPORTANCE_ORDER.length : i;
}

function subtitleOf(filter: ReportFilter | undefined): string {
  if (!filter) return 'Сводный отчёт';
  if ('section' in filter) return `Отчёт по разделу ${sectionTitle(filter.section)}`;
  return `Отчёт по тематической группе «${THEME_LABELS[filter.theme]}»`;
}

function findingView(f: Finding, meta: ReportMeta): FindingView {
  const place = f.page_refs.length ? f.page_refs.map((r) => r.label).join('; ') : f.evidence_text;
  const fields: [string, string][] = [
    ['Суть', f.essence],
    ['Место', place],
    ['Обоснование', f.page_refs.length ? f.evidence_text : ''],
    ['Что сделать', f.action],
    ['Источники', f.sources.map((s) => sourceLabel(meta.documents, s)).join('; ')],
    ['Том, стадия', [f.album, f.stage].filter(Boolean).join(', ')],
    ['С прошлой проверки', revisionLabel(f)],
  ];
  return {
    n: f.n,
    heading: `№ ${f.n} · ${importanceLabel(f.importance)} · ${THEME_LABELS[f.topic] ?? f.topic}`,
    importance: f.importance,
    fields: fields.filter(([, v]) => v.trim() !== ''),
  };
}

function revisionLabel(f: Finding): string {
  if (!f.revision) return '';
  return f.revision.status === 'persisting' ? `повторное (№ ${f.revision.previous_n} прошлой проверки)` : 'новое';
}

/**
 * The round against the previous run of the bundle, within the report's filter: how many of its findings are new,
 * how many persist, and which of the previous round's are no longer found.
 */
function revisionSummary(revision: PublishedRevision, findings: readonly Finding[], filter: ReportFilter | undefined, meta: ReportMeta): string[] {
  const timeZone = meta.time_zone;
  const persisting = findings.filter((f) => f.revision?.status === 'persisting').length;
  const resolved = filterResolved(revision, filter);
  const missing = filterNotResubmitted(revision, filter);
  const lines = [
    `Сравнение с предыдущей проверкой комплекта (результат от ${formatDateTime(revision.previous_published_at, timeZone)}): ` +
      `новых замечаний — ${findings.length - persisting}, повторных — ${persisting}, устранено — ${resolved.length}` +
      `${revision.not_resubmitted ? `, по томам, не представленным повторно, — ${missing.length}` : ''}.`,
    ...revisionDocumentLines(revision),
  ];
  if (resolved.length)
    lines.push(`Устранены замечания прошлой проверки: ${resolved.map((f) => `№ ${f.n} (${sectionTitle(f.section)}) — ${f.essence}`).join('; ')}`);
  if (missing.length)
    lines.push(
      `Том не представлен повторно — замечания прошлой проверки не сняты: ${missing.map((f) => `№ ${f.n} (${sectionTitle(f.section)}) — ${f.essence}`).join('; ')}`,
    );
  lines.push(...answerReviewLines(revision.answers, filter, meta.proposal_decisions));
  return lines;
}

function questionView(q: Question): QuestionView {
  const fields: [string, string][] = [
    ['Вопрос', q.text],
    ['Основание', q.reason],
    ['Страницы', q.pages.join(', ')],
  ];
  return { heading: `Вопрос ${q.n} · ${sectionTitle(q.section)}`, fields: fields.filter(([, v]) => v.trim() !== '') };
}

function warningText(w: ResultWarning, meta: ReportMeta): string {
  const place = placeLabel(meta.documents, w.doc_index, w.page);
  return place ? `${w.message} (${place})` : w.message;
}

function referenceText(r: ReferenceProblem, meta: ReportMeta): string {
  return `Ссылка «${r.reference}»: ${r.problem} (${placeLabel(meta.documents, r.doc_index, r.page)})`;
}

function countsLine(findings: readonly Finding[]): string {
  const by = IMPORTANCE_ORDER.map((level) => {
    const n = findings.filter((f) => f.importance === level).length;
    return `${importanceLabel(level).toLowerCase()}: ${n}`;
  });
  return `${findings.length} ${plural(findings.length, FINDING_FORMS)} (${by.join(', ')})`;
}

/** The printed order of a volume's table: what is missing first, what is disclosed next, what depends on a condition last. */
const CONTENT_ROW_ORDER: readonly PublishedContentItem['status'][] = ['not_found', 'found', 'conditional'];

/** What a not-found item raised, by its number in this result: «Вопрос 4: …» (what the designer is asked), «Замечание № 12 (существенное)». */
function raisedLabel(result: PublishedResult, raised: PublishedContentItem['raised']): string {
  if (!raised) return 'не задавался вопрос';
  if (raised.kind === 'question') {
    const q = result.questions.find((x) => x.question_id === raised.id);
    return q ? `Вопрос ${q.n}: ${q.text}` : 'Задан вопрос';
  }
  const f = result.findings.find((x) => x.finding_id === raised.id);
  return f ? `Замечание № ${f.n} (${importanceLabel(f.importance).toLowerCase()})` : 'Сделано замечание';
}

function contentRow(result: PublishedResult, item: PublishedContentItem): string[] {
  // the place as findings give it (PageRef.label); a sheet alone when no page is known
  const where = item.page?.label ?? (item.sheet !== null ? `лист ${item.sheet}` : '—');
  const basis =
    item.status === 'found'
      ? item.evidence
        ? `${item.evidence_kind ? `${EVIDENCE_KIND_LABELS[item.evidence_kind]}: ` : ''}«${item.evidence}»`
        : ''
      : item.status === 'not_found'
        ? raisedLabel(result, item.raised)
        : (item.reason ?? '');
  const part = item.part === 'text' ? 'текстовая' : item.part === 'graphic' ? 'графическая' : '—';
  return [pointLabel(item), part, item.requirement, CONTENT_STATUS_LABELS[item.status] ?? item.status, item.status === 'found' ? where : '—', basis || '—'];
}

function contentVolumeView(result: PublishedResult, meta: ReportMeta, v: PublishedContentVolume): ContentVolumeView {
  const doc = meta.documents.find((d) => d.index === v.doc_index);
  const rows = CONTENT_ROW_ORDER.flatMap((status) => v.items.filter((i) => i.status === status).map((i) => contentRow(result, i)));
  const skipped = v.items.filter((i) => i.status === 'not_applicable');
  const c = v.counts;
  return {
    title: `Том ${v.doc_index}${doc ? ` «${doc.name}»` : ''} — ${sectionTitle(v.section)}`,
    facts: [
      `Требования: ${EDITION_LABELS[v.edition] ?? v.edition}. Том ${READING_LABELS[v.reading] ?? v.reading}.`,
      `Не найдено: ${c.not_found}; найдено: ${c.found}; при условии: ${c.conditional}; не применяется: ${c.not_applicable}.`,
    ],
    rows,
    notApplicable: skipped.length ? `Не применяются: ${skipped.map((i) => `${pointLabel(i)} — ${i.reason ?? 'причина не указана'}`).join('; ')}.` : '',
  };
}

/** The volumes of the appendix: all of them in the overall report, the section's in a section report, none by theme. */
function contentVolumes(result: PublishedResult, filter: ReportFilter | undefined): PublishedContentVolume[] {
  if (!result.content_map || (filter && 'theme' in filter)) return [];
  return filter ? result.content_map.filter((v) => v.section === filter.section) : result.content_map;
}

/** One summary line for the map: how many volumes and how many items were not found in them. */
function contentMapSummary(volumes: readonly PublishedContentVolume[]): string {
  const missing = volumes.reduce((n, v) => n + v.counts.not_found, 0);
  return `Карта содержания томов (приложение): томов — ${volumes.length}, пунктов Положения о составе разделов ПД, сведения по которым не найдены, — ${missing}.`;
}

/**
 * What a report shows. A section report keeps only that section's findings and questions; a theme report
 * only the findings of that theme. Every report keeps the overall numbers n, all warnings and all
 * reference problems (they limit the whole review).
 */
export function buildView(result: PublishedResult, meta: ReportMeta, filter?: ReportFilter): ReportView {
  const findings = filterFindings(result.findings, filter);
  const bySection = new Map<string, Finding[]>();
  for (const f of findings) {
    const list = bySection.get(f.section);
    if (list) list.push(f);
    else bySection.set(f.section, [f]);
  }
  const sections = [...bySection.keys()].sort(compareSections).map((code) => ({
    code,
    title: sectionTitle(code),
    findings: bySection
      .get(code)!
      .sort((a, b) => importanceRank(a.importance) - importanceRank(b.importance) || a.n - b.n)
      .map((f) => findingView(f, meta)),
  }));
  const questions = filter && 'section' in filter ? result.questions.filter((q) => q.section === filter.section) : result.questions;

  const summary = [`Замечаний в отчёте: ${countsLine(findings)}.`];
  // what the set was taken to be (stage, edition, reference date) frames every finding below
  // documents that gave no page are said before the counts, so «no findings» is not read as «nothing wrong»
  const unread = result.warnings.find((w) => w.code === DOCUMENTS_UNREAD);
  if (unread) summary.unshift(unread.message);
  if (result.set?.summary) summary.unshift(result.set.summary);
  if (result.revision) summary.push(...revisionSummary(result.revision, findings, filter, meta));
  if (filter) summary.push(`Всего замечаний по комплекту: ${result.counts.total}; номера замечаний совпадают со сводным отчётом.`);
  if (meta.rejected_findings?.length) {
    const numbers = meta.rejected_findings.map((n) => `№ ${n}`).join(', ');
    summary.push(`Отклонены специалистом и в отчёт не включены: ${numbers} (они есть в реестре замечаний с include_rejected=true).`);
  }
  summary.push(`Вопросов: ${questions.length}. Предупреждений: ${result.warnings.length}. Проблем ссылок: ${result.reference_problems.length}.`);
  const volumes = contentVolumes(result, filter);
  if (volumes.length) summary.push(contentMapSummary(volumes));

  const facts: [string, string][] = [
    // the object as the review established it (set model); results published before it was keep their object_name
    ['Объект', result.set?.object?.name?.value ?? meta.object_name ?? '—'],
    ['Адрес объекта', meta.object_address ?? result.set?.object?.address?.value ?? '—'],
    ['Организация', meta.organization],
    ['Комплект принят', formatDateTime(meta.created_at, meta.time_zone)],
    ['Результат опубликован', formatDateTime(meta.published_at, meta.time_zone)],
    ['Идентификатор проверки', meta.run_id],
    ['Задание', meta.user_request?.trim() || '—'],
  ];

  return {
    title: REPORT_TITLE,
    subtitle: subtitleOf(filter),
    facts,
    summary,
    documentHeader: DOCUMENT_HEADER,
    documents: meta.documents.map((d) => ({
      cells: [String(d.index), d.name, d.kind ?? '—', d.pages === null ? '—' : String(d.pages), pageRange(d.page_from, d.page_to), roleLabel(d.role)],
    })),
    sections,
    questions: questions.map(questionView),
    warnings: result.warnings.map((w) => warningText(w, meta)),
    referenceProblems: result.reference_problems.map((r) => referenceText(r, meta)),
    contentMap: volumes.map((v) => contentVolumeView(result, meta, v)),
  };
}
