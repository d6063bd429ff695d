/** Russian captions shared by the Markdown and PDF reports. */
import type { FindingSource, Importance, PublishedContentItem, PublishedContentVolume, Theme } from '../kernel/result.ts';
import { DOCSET_ITEMS, SET_SECTION } from '../kernel/docset.ts';
import { DEFAULT_TIME_ZONE, zoneLabel } from '../kernel/time-zone.ts';
import type { ReportDocument } from './types.ts';

const IMPORTANCE_LABELS: Record<Importance, string> = {
  critical: 'Критическое',
  significant: 'Существенное',
  minor: 'Незначительное',
};

/** Label of an importance level; levels added later by the engine are shown as they are. */
export function importanceLabel(level: string): string {
  return IMPORTANCE_LABELS[level as Importance] ?? level;
}

export const THEME_LABELS: Record<Theme, string> = {
  engineering: 'Инженерные системы и технологические решения',
  norms: 'Нормативные требования и оформление',
  construction: 'Архитектурные, конструктивные и организационные решения',
  unassigned: 'Комплектность и общие требования',
};

export function roleLabel(role: ReportDocument['role']): string {
  return role === 'review' ? 'на проверку' : 'справочный';
}

/** «КР — Раздел 4. Конструктивные решения»; the code alone when the reference does not know it. */
export function sectionTitle(code: string): string {
  if (code === SET_SECTION) return `${SET_SECTION} — Комплект в целом`;
  const item = DOCSET_ITEMS.find((i) => i.code === code);
  return item ? `${code} — ${item.title}` : code;
}

/** «22.11.2026 03:34 МСК» from an ISO timestamp, in the organization's time zone; the input unchanged when it is not a date. */
export function formatDateTime(iso: string, timeZone = DEFAULT_TIME_ZONE): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${dateTimeFormat(timeZone).format(d).replace(', ', ' ')} ${zoneLabel(timeZone)}`;
}

/** «2026-11-26»: the calendar date of a timestamp in the organization's time zone, for file names. */
export function formatFileDate(iso: string, timeZone = DEFAULT_TIME_ZONE): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let f = dateTimeFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('ru-RU', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
    dateTimeFormats.set(timeZone, f);
  }
  return f;
}

/** «док. 3 «24-017-КР.pdf», стр. 4» for a place given by document index and page. */
export function placeLabel(documents: readonly ReportDocument[], docIndex: number | undefined, page: number | undefined): string {
  const parts: string[] = [];
  if (docIndex !== undefined) {
    const doc = documents.find((d) => d.index === docIndex);
    parts.push(doc ? `док. ${docIndex} «${doc.name}»` : `док. ${docIndex}`);
  }
  if (page !== undefined) parts.push(`стр. ${page}`);
  return parts.join(', ');
}

export function sourceLabel(documents: readonly ReportDocument[], source: FindingSource): string {
  const place = source.type === 'document' ? placeLabel(documents, source.doc_index, source.page) : '';
  return place && !source.title.includes(place) ? `${source.title} (${place})` : source.title;
}

/** «1–42» for a running page range, «—» when unknown. */
export function pageRange(from: number | null, to: number | null): string {
  if (from === null || to === null) return '—';
  return from === to ? String(from) : `${from}–${to}`;
}

/** Russian plural: plural(5, ['замечание', 'замечания', 'замечаний']) → «замечаний». */
export function plural(n: number, forms: readonly [string, string, string]): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return forms[0];
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return forms[1];
  return forms[2];
}

export const FINDING_FORMS = ['замечание', 'замечания', 'замечаний'] as const;
export const VOLUME_FORMS = ['том', 'тома', 'томов'] as const;

/** Statuses of a content map's item as the reports print them. */
export const CONTENT_STATUS_LABELS: Record<PublishedContentItem['status'], string> = {
  found: 'найдено',
  not_found: 'не найдено',
  not_applicable: 'не применяется',
  conditional: 'при условии',
};

/** How an item was found, said before the printed words. */
export const EVIDENCE_KIND_LABELS: Record<NonNullable<PublishedContentItem['evidence_kind']>, string> = {
  heading: 'заголовок',
  contents: 'строка содержания тома',
  drawings: 'графическая часть',
  text: 'текст',
};

/** The composition edition whose items were applied. */
export const EDITION_LABELS: Record<PublishedContentVolume['edition'], string> = {
  before_2022_09_01: 'состав разделов до 01.09.2022',
  from_2022_09_01: 'состав разделов с 01.09.2022',
};

/** How much of the volume was read, and so what the map can claim. */
export const READING_LABELS: Record<PublishedContentVolume['reading'], string> = {
  whole: 'прочитан полностью',
  partial: 'прочитан не полностью: часть страниц не прочитана или распознана',
  unread: 'не прочитан: об отсутствии сведений ничего не утверждается',
};

export { pointLabel } from '../kernel/result.ts';
