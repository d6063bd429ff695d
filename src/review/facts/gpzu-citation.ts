import { snippet } from '../text/normalize.ts';

/** «ГПЗУ № РФ-77-4-53-3-05-2021-0123 от 12.03.2021»: the plan the documentation rests on, with its date (ГрК РФ ст. 49 ч. 5.2). */
export interface GpzuCitation {
  /** The plan's number as written, or null when the text names only its date. */
  number: string | null;
  /** ISO date of the plan. */
  date: string;
  raw: string;
  docPage: number;
  snippet: string;
}

const MONTHS = ['январ', 'феврал', 'март', 'апрел', 'ма', 'июн', 'июл', 'август', 'сентябр', 'октябр', 'ноябр', 'декабр'];
const MONTH_SRC = String.raw`(?:января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)`;
export const DATE_SRC = String.raw`\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})(?!\d)|\d{1,2}\s+${MONTH_SRC}\s+\d{4}`;

/**
 * Day, month and year of «12.03.2021», «12.03.21», «12 марта 2021» as written, whatever the year (a typed «0024» stays 24),
 * or null when it is no calendar day and month.
 */
// «04.05.99» is 1999 and «12.03.21» is 2021: two-digit years above 50 belong to the last century (laws of the 1990s
// are cited that way), the rest to this one
const fullYear = (y: string) => (y.length === 2 ? (Number(y) > 50 ? 1900 : 2000) + Number(y) : Number(y));

export function ruDateParts(s: string): { day: number; month: number; year: number } | null {
  let d: number, m: number, y: number;
  const num = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/.exec(s.trim());
  const word = /^(\d{1,2})\s+([а-яё]+)\s+(\d{4})$/i.exec(s.trim());
  if (num) [d, m, y] = [Number(num[1]), Number(num[2]), fullYear(num[3]!)];
  else if (word) {
    const w = word[2]!.toLowerCase();
    m = MONTHS.findIndex((p) => (p === 'ма' ? w === 'мая' : w.startsWith(p))) + 1;
    [d, y] = [Number(word[1]), Number(word[3])];
  } else return null;
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  return { day: d, month: m, year: y };
}

/** ISO date of «12.03.2021», «12.03.21», «12 марта 2021»; null when it is no calendar date of the documentation's era. */
export function parseRuDate(s: string): string | null {
  const p = ruDateParts(s);
  if (!p || p.year < 1990 || p.year > 2100) return null;
  return isoDate(p);
}

export const isoDate = (p: { day: number; month: number; year: number }) =>
  `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;

// the plan named by its abbreviation or in full (any case), an optional number, then «от <date>» within a short reach
const GPZU_RE = new RegExp(
  String.raw`(?:ГПЗУ|градостроительн\S*\s+план\S*\s+земельного\s+участка)\s*(?:№|N|номер)?\s*((?:[A-ZА-ЯЁ]{2}-)?[\dA-ZА-ЯЁ][\dA-ZА-ЯЁ-]{3,40})?[\s,]{0,3}(?:\([^)]{0,40}\)\s*)?(?:от|выдан\S*(?:\s+\S+){0,3}?\s+)\s*(${DATE_SRC})`,
  'giu',
);

/** Citations of a ГПЗУ with a date on one page (flattened text). */
export function findGpzuCitations(flat: string, docPage: number): GpzuCitation[] {
  if (!/ГПЗУ|градостроительн/i.test(flat)) return [];
  const out: GpzuCitation[] = [];
  for (const m of flat.matchAll(GPZU_RE)) {
    const date = parseRuDate(m[2]!);
    if (!date) continue;
    out.push({ number: m[1]?.replace(/-+$/, '') ?? null, date, raw: m[0], docPage, snippet: snippet(flat, m.index, m.index + m[0].length) });
  }
  return out;
}
