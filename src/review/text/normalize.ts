/** Text normalisation shared by the fact extractors: look-alike letters, dashes, spaces, numbers. */
import { LATIN_TO_CYRILLIC } from '../../kernel/lookalikes.ts';
import { memoized } from './memo.ts';

const CYR_RE = /[А-Яа-яЁё]/;
// A word mixing the alphabets has a Latin letter next to a Cyrillic one somewhere; most pages have none.
const MIXED_RE = /[A-Za-z][А-Яа-яЁё]|[А-Яа-яЁё][A-Za-z]/;

/** Whether a text has a word mixing Latin and Cyrillic letters (cheap test before looking closer). */
export const hasMixedScript = (text: string): boolean => MIXED_RE.test(text);

/** Replaces Latin look-alike letters inside words that also contain Cyrillic ones («CНиП», «ГOCT» → Cyrillic). */
export function fixLookalikes(text: string): string {
  if (!MIXED_RE.test(text)) return text;
  return text.replace(/[A-Za-zА-Яа-яЁё]+/g, (w) => (CYR_RE.test(w) && /[A-Za-z]/.test(w) ? w.replace(/[A-Za-z]/g, (c) => LATIN_TO_CYRILLIC[c] ?? c) : w));
}

/** Every dash-like character (‐ - ‒ – — − ‑) as an ASCII hyphen. */
export function unifyDashes(text: string): string {
  return text.replace(/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u00ad]/g, '-');
}

// A character outside those NFKC leaves as they are (ASCII, basic Cyrillic, quotes, dashes, «№», «°»): a page
// without one skips it. (Searched for, not matched from end to end: the search is the faster scan.)
const NFKC_UNSTABLE = /[^\t\n\r\x20-\x7e\u00ab\u00b0\u00bb\u0410-\u044f\u0401\u0451\u2013\u2014\u2116]/;

/** NFKC, look-alikes fixed, dashes unified, non-breaking and thin spaces as plain spaces. */
export function normalizeText(text: string): string {
  // most pages hold only characters NFKC keeps, and so no special spaces either
  if (!NFKC_UNSTABLE.test(text)) {
    const fixed = fixLookalikes(text);
    return fixed.includes('–') || fixed.includes('—') ? unifyDashes(fixed) : fixed;
  }
  // NFKC would turn «№» into «No»; keep it, references and title blocks rely on it
  const nfkc = text
    .replace(/№/g, '\u0001')
    .normalize('NFKC')
    .replace(/\u0001/g, '№');
  return unifyDashes(fixLookalikes(nfkc)).replace(/[\u00a0\u2007\u202f\u2009]/g, ' ');
}

// Whitespace that collapsing would change: anything but a single space (lone spaces are left alone, which is most of them).
const LOOSE_SPACE = / \s|[^\S ]/;
const LOOSE_SPACES = /[^\S ]\s*| \s+/g;

/** Runs of whitespace (line breaks included) as one space; text that is already flat is returned as it is. */
export function collapseSpaces(text: string): string {
  return LOOSE_SPACE.test(text) ? text.replace(LOOSE_SPACES, ' ') : text;
}

/** Lower case with ё → е, for comparisons. */
export function fold(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

/** A number as written in Russian documents: «1 234,5», «1234.5», «1 234». */
export const NUMBER_SRC = String.raw`\d{1,3}(?:[ ]\d{3})+(?:[.,]\d+)?|\d+(?:[.,]\d+)?`;

export function parseNumber(raw: string): number | null {
  const n = Number(raw.replace(/[ \u00a0\u202f]/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/**
 * Units written with digits («м2», «м3») as superscripts, so the digit is not taken for a value. The finders of values,
 * loads and bounds each ask it of the same page: the last page's answer is kept.
 */
export const unitsToSymbols: (text: string) => string = memoized(
  (text) => text.replace(/(?<![А-Яа-яA-Za-z])(?:(кв\.?\s*м|м\s?\^?2)|куб\.?\s*м|м\s?\^?3)(?![\dА-Яа-я])/g, (_m, square?: string) => (square ? 'м²' : 'м³')),
  1,
);

// The header of a title block's table of changes: the quote stops there rather than run into the stamp.
const STAMP_HEADER = /Изм\.?\s*Кол\.?\s*уч/iu;

/** One-line snippet around [start, end) for evidence, at most about `width` characters; it does not run into a title block. */
export function snippet(text: string, start: number, end: number, width = 160): string {
  const pad = Math.max(0, Math.floor((width - (end - start)) / 2));
  const a = Math.max(0, start - pad);
  let b = Math.min(text.length, end + pad);
  const stamp = STAMP_HEADER.exec(text.slice(end, b));
  if (stamp) b = end + stamp.index;
  const s = collapseSpaces(text.slice(a, b)).trim();
  return `${a > 0 ? '…' : ''}${s}${b < text.length ? '…' : ''}`;
}

/**
 * A snippet cut from upper-cased matcher text, given back in the document's own letter case when the same
 * characters can be found in `text` (whitespace collapsed); otherwise the snippet as it is.
 */
export function printedSnippet(upperSnippet: string, text: string): string {
  const lead = upperSnippet.startsWith('…') ? '…' : '';
  const tail = upperSnippet.endsWith('…') ? '…' : '';
  const core = upperSnippet.slice(lead.length, upperSnippet.length - tail.length);
  const flat = collapseSpaces(text);
  const upper = flat.toUpperCase();
  if (upper.length !== flat.length) return upperSnippet;
  const at = upper.indexOf(core);
  // the matcher joins «СП 20. 13330. 2016» and «застройки – 1210»: find the quote again ignoring spaces
  const span = at >= 0 ? [at, at + core.length] : findIgnoringSpaces(upper, core);
  return span ? `${lead}${flat.slice(span[0], span[1])}${tail}` : upperSnippet;
}

/** Start and end in `hay` of `needle` when spaces are ignored in both, or null. */
function findIgnoringSpaces(hay: string, needle: string): [number, number] | null {
  const compactNeedle = needle.replaceAll(' ', '');
  if (!compactNeedle) return null;
  const positions: number[] = [];
  let compact = '';
  for (let i = 0; i < hay.length; i++) {
    if (hay[i] === ' ') continue;
    compact += hay[i];
    positions.push(i);
  }
  const at = compact.indexOf(compactNeedle);
  return at < 0 ? null : [positions[at]!, positions[at + compactNeedle.length - 1]! + 1];
}
