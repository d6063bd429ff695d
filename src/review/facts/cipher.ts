import { canonicalSection, SECTION_CODES, SECTION_SYNONYMS } from '../../kernel/docset.ts';
import { fixLookalikes, hasMixedScript, unifyDashes } from '../text/normalize.ts';
import type { CipherFact } from './types.ts';

/** Marks that may end a cipher: reference codes, their synonyms and common РД marks (sections.md §4, §6). */
const MARKS = [
  ...new Set([
    ...SECTION_CODES.map((c) => c.replace(/\d+$/, '')),
    ...Object.values(SECTION_SYNONYMS).flat(),
    'ОПЗ',
    'ЭЭ',
    'ПКР',
    'АС',
    'КМД',
    'ИЛО',
    'ППО',
    'ТКР',
    'СП',
    'ОВ',
    'ВК',
    'АПС',
    'ГП',
    // «…-СД.ПЗ»: the estimate documentation («сметная документация») and its explanatory note
    'СД',
  ]),
]
  .filter((m) => m.length >= 1)
  .sort((a, b) => b.length - a.length);

const MARK_SRC = MARKS.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
// base: at least one digit; segments of letters/digits joined by - . _ /. The mark may follow an object's code
// («НС.ЭМ» — ЭМ of a pumping station). Tail: parts of a volume or of the object, read whole so that «ТХ.А» is not «ТХ»:
// «.С» содержание, «.ТЧ», «.СО» спецификация, «.А», «-К4» корпус, «.О.СО», and a text or graphic part after a
// hyphen («…-ПБ-ПЗ», «…-КР-ГЧ»). «АР2_изм10» is АР2 in its tenth edition.
// A doubled hyphen before the mark («…-СОШ7--ИОС1.2.ПЗ») is a slip of typing, not the end of the cipher.
export const CIPHER_RE = new RegExp(
  String.raw`(?<![\wА-Яа-яЁё./-])((?=[^\s]*\d)[0-9A-ZА-ЯЁ][0-9A-ZА-ЯЁ./_]*(?:-[0-9A-ZА-ЯЁ][0-9A-ZА-ЯЁ./_]*)*?)--?((?:[А-ЯЁ]{1,5}\.)??)(${MARK_SRC})(\d+(?:\.\d+)*)?((?:\.[А-ЯЁ]{1,4}\d*(?:\.\d+)*)*(?:-[А-ЯЁ]\d{1,2}(?:\.[А-ЯЁ]{1,4})*)?(?:-(?:ПЗ|ТЧ|ГЧ)(?![\wА-Яа-яЁё]))?)(?:(?![\wА-Яа-яЁё])|(?=_[Ии][Зз][Мм]))`,
  'g',
);

/** Section of the reference for a mark with its number: «ИОС4» → ИОС4, «КЖ» → КР, «ВК» → ИОС2. */
export function sectionOfMark(mark: string, num: string | undefined): string | null {
  if (mark === 'ИОС' && num) return canonicalSection(`ИОС${num.split('.')[0]}`);
  if (mark === 'ОПЗ') return 'ПЗ';
  if (mark === 'СП') return 'ПЗ';
  if (mark === 'СД') return 'СМ';
  return canonicalSection(mark);
}

/**
 * Whether two marks name the same volume: equal, or a subsection and one of its books — «ИОС1.2» is Книга 2 of
 * subsection ИОС1, «ИОС5.5» Книга 5 of ИОС5 (the book's own cipher, not a wrong suffix); parts of a volume («.ПЗ», «.ТЧ»,
 * «.ГЧ») are not in the mark at all. Two different books («ИОС5.5», «ИОС5.6») do not agree.
 */
export function marksAgree(a: string, b: string): boolean {
  if (a === b) return true;
  const [subsection, book] = a.length < b.length ? [a, b] : [b, a];
  return /^ИОС\d+$/.test(subsection) && book.startsWith(`${subsection}.`) && /^\d+$/.test(book.slice(subsection.length + 1));
}

/**
 * A cipher holds no space and has its mark after a hyphen, in capitals («-АР», «--ИОС1»): the expression is run over the
 * words holding such a hyphen only, not along the whole page. Within its word it finds what it would find in the page:
 * a word is bounded by spaces on both sides, and the expression's edges accept a space as readily as the text's end.
 */
const HYPHEN_BEFORE_MARK = /-[-A-ZА-ЯЁ]/g;
const SPACE = /\s/;

/** Ciphers in a text with where each begins and how long it is as printed. */
export function findCiphers(text: string): { index: number; length: number; fact: CipherFact }[] {
  const out: { index: number; length: number; fact: CipherFact }[] = [];
  HYPHEN_BEFORE_MARK.lastIndex = 0;
  for (let h = HYPHEN_BEFORE_MARK.exec(text), wordsFrom = 0; h; h = HYPHEN_BEFORE_MARK.exec(text)) {
    let start = h.index;
    while (start > wordsFrom && !SPACE.test(text[start - 1]!)) start--;
    let end = h.index + 1;
    while (end < text.length && !SPACE.test(text[end]!)) end++;
    HYPHEN_BEFORE_MARK.lastIndex = wordsFrom = end;
    const word = text.slice(start, end);
    CIPHER_RE.lastIndex = 0;
    for (let m = CIPHER_RE.exec(word); m; m = CIPHER_RE.exec(word)) {
      const at = start + m.index;
      let base = m[1]!.replace(/[./_]+$/, '');
      // a file name «Том 5.1_24-017-ИОС1» glues the volume number to the cipher: it is not part of the base
      if (/том\s*$/i.test(text.slice(Math.max(0, at - 6), at))) base = base.replace(/^\d{1,2}(?:\.\d{1,2})?_(?=[A-ZА-ЯЁ\d])/, '');
      if (!/\d/.test(base) || base.length < 3) continue;
      const mark = m[3]!;
      const num = m[4];
      out.push({
        index: at,
        length: m[0].length,
        fact: {
          cipher: `${base}-${m[2] ?? ''}${mark}${num ?? ''}${m[5] ?? ''}`,
          base,
          mark: mark + (mark === 'ИОС' ? (num ?? '') : ''),
          section: sectionOfMark(mark, num),
        },
      });
    }
  }
  return out;
}

/**
 * Ciphers printed with a Latin letter among Cyrillic ones («25/06/2025-CОШ10-ИОС1.2» with a Latin «C»): the reading
 * fixes such look-alikes so the cipher still matches, but the printed cipher is wrong and searching by it fails.
 * Read from the raw text, before normalisation.
 */
export function findMixedScriptCiphers(raw: string): { printed: string; cipher: string }[] {
  if (!hasMixedScript(raw)) return [];
  // both replacements keep every character's place, so a cipher found in the fixed text stands at the same place in the raw one
  const fixed = fixLookalikes(unifyDashes(raw));
  if (fixed.length !== raw.length) return [];
  return findCiphers(fixed).flatMap(({ index, length, fact }) => {
    const printed = raw.slice(index, index + length);
    return /[A-Za-z]/.test(printed) && /[А-ЯЁа-яё]/.test(printed) && printed !== fixed.slice(index, index + length) ? [{ printed, cipher: fact.cipher }] : [];
  });
}

export function parseCiphers(text: string): CipherFact[] {
  return findCiphers(text).map((c) => c.fact);
}

/** Compares ciphers ignoring case, spaces and look-alike separators. */
export function cipherKey(c: string): string {
  return c.toUpperCase().replace(/\s+/g, '').replace(/[_/]/g, '-');
}

/** Levenshtein distance, for telling a mistyped cipher («25-153» for «25-143») from another project's. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

// the line above a designation on a cover or title page names the part it designates
const PART_TITLE_LINE = /^\s*(?:раздел|подраздел|часть|книга|том|альбом)\s*(?:№\s*)?\d/iu;

/** Whether a cipher found at `index` stands alone on its line under a line naming a part of the documentation. */
function underPartTitle(text: string, index: number, length: number): boolean {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const lineEnd = text.indexOf('\n', index + length);
  const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
  if (line.trim() !== text.slice(index, index + length).trim()) return false;
  // the nearest line above with text: pages extracted by blocks leave blank lines between them
  const above = text.slice(0, lineStart).trimEnd();
  return PART_TITLE_LINE.test(above.slice(above.lastIndexOf('\n') + 1));
}

/**
 * Where the page prints its document's designation as a cover or title page does — one cipher alone on its line, under
 * the line naming the section («Раздел 9. Мероприятия по обеспечению пожарной безопасности») —: the cipher's index, or
 * null. A page of several such lines is a list of the documentation's volumes, whose ciphers are references.
 */
export function designationOf(text: string, found: readonly { index: number; length: number }[] = findCiphers(text)): number | null {
  const under = found.filter((c) => underPartTitle(text, c.index, c.length));
  return under.length === 1 ? under[0]!.index : null;
}
