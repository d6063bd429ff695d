import { canonicalSection, SECTION_CODES, SECTION_SYNONYMS } from '../data/docset.ts';
import type { CipherFact } from './types.ts';

/** Marks that may end a cipher: reference codes, their synonyms and common РД marks (sections.md §4, §6). */
const MARKS = [
  ...new Set([
    ...SECTION_CODES.map((c) => c.replace(/\d+$/, '')),
    ...Object.values(SECTION_SYNONYMS).flat(),
    'ОПЗ', 'ЭЭ', 'ПКР', 'АС', 'КМД', 'ИЛО', 'ППО', 'ТКР', 'СП', 'ОВ', 'ВК', 'АПС', 'ГП',
  ]),
].filter((m) => m.length >= 1).sort((a, b) => b.length - a.length);

const MARK_SRC = MARKS.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
// base: at least one digit; segments of letters/digits joined by - . _ /; tail: part of a volume («.С» содержание, «.ТЧ», «.ГЧ»)
export const CIPHER_RE = new RegExp(
  String.raw`(?<![\wА-Яа-яЁё./-])((?=[^\s]*\d)[0-9A-ZА-ЯЁ][0-9A-ZА-ЯЁ./_]*(?:-[0-9A-ZА-ЯЁ][0-9A-ZА-ЯЁ./_]*)*?)-(${MARK_SRC})(\d+(?:\.\d+)*)?((?:\.[А-ЯЁ]{1,3})?)(?![\wА-Яа-яЁё])`,
  'g',
);

/** Section of the reference for a mark with its number: «ИОС4» → ИОС4, «КЖ» → КР, «ВК» → ИОС2. */
export function sectionOfMark(mark: string, num: string | undefined): string | null {
  if (mark === 'ИОС' && num) return canonicalSection(`ИОС${num.split('.')[0]}`);
  if (mark === 'ОПЗ') return 'ПЗ';
  if (mark === 'СП') return 'ПЗ';
  return canonicalSection(mark);
}

/** Every mark is written in capitals after a hyphen: text without «-» and a capital has no cipher to look for. */
const MARK_AFTER_HYPHEN = /-[A-ZА-ЯЁ]/;

export function parseCiphers(text: string): CipherFact[] {
  const out: CipherFact[] = [];
  if (!MARK_AFTER_HYPHEN.test(text)) return out;
  CIPHER_RE.lastIndex = 0;
  for (let m = CIPHER_RE.exec(text); m; m = CIPHER_RE.exec(text)) {
    const base = m[1]!.replace(/[./_]+$/, '');
    if (!/\d/.test(base) || base.length < 3) continue;
    const mark = m[2]!;
    const num = m[3];
    out.push({ cipher: `${base}-${mark}${num ?? ''}${m[4] ?? ''}`, base, mark: mark + (mark === 'ИОС' ? (num ?? '') : ''), section: sectionOfMark(mark, num) });
  }
  return out;
}

/** Compares ciphers ignoring case, spaces and look-alike separators. */
export function cipherKey(c: string): string {
  return c.toUpperCase().replace(/\s+/g, '').replace(/[_/]/g, '-');
}
