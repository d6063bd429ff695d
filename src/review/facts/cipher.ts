import { canonicalSection, SECTION_CODES, SECTION_SYNONYMS } from '../../kernel/docset.ts';
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
  ]),
]
  .filter((m) => m.length >= 1)
  .sort((a, b) => b.length - a.length);

const MARK_SRC = MARKS.map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
// base: at least one digit; segments of letters/digits joined by - . _ /. The mark may follow an object's code
// («НС.ЭМ» — ЭМ of a pumping station). Tail: parts of a volume or of the object, read whole so that «ТХ.А» is not «ТХ»:
// «.С» содержание, «.ТЧ», «.СО» спецификация, «.А», «-К4» корпус, «.О.СО». «АР2_изм10» is АР2 in its tenth edition.
export const CIPHER_RE = new RegExp(
  String.raw`(?<![\wА-Яа-яЁё./-])((?=[^\s]*\d)[0-9A-ZА-ЯЁ][0-9A-ZА-ЯЁ./_]*(?:-[0-9A-ZА-ЯЁ][0-9A-ZА-ЯЁ./_]*)*?)-((?:[А-ЯЁ]{1,5}\.)??)(${MARK_SRC})(\d+(?:\.\d+)*)?((?:\.[А-ЯЁ]{1,4}\d*(?:\.\d+)*)*(?:-[А-ЯЁ]\d{1,2}(?:\.[А-ЯЁ]{1,4})*)?)(?:(?![\wА-Яа-яЁё])|(?=_[Ии][Зз][Мм]))`,
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

/** Ciphers in a text with where each begins. */
export function findCiphers(text: string): { index: number; fact: CipherFact }[] {
  const out: { index: number; fact: CipherFact }[] = [];
  if (!MARK_AFTER_HYPHEN.test(text)) return out;
  CIPHER_RE.lastIndex = 0;
  for (let m = CIPHER_RE.exec(text); m; m = CIPHER_RE.exec(text)) {
    const base = m[1]!.replace(/[./_]+$/, '');
    if (!/\d/.test(base) || base.length < 3) continue;
    const mark = m[3]!;
    const num = m[4];
    out.push({
      index: m.index,
      fact: {
        cipher: `${base}-${m[2] ?? ''}${mark}${num ?? ''}${m[5] ?? ''}`,
        base,
        mark: mark + (mark === 'ИОС' ? (num ?? '') : ''),
        section: sectionOfMark(mark, num),
      },
    });
  }
  return out;
}

export function parseCiphers(text: string): CipherFact[] {
  return findCiphers(text).map((c) => c.fact);
}

/** Compares ciphers ignoring case, spaces and look-alike separators. */
export function cipherKey(c: string): string {
  return c.toUpperCase().replace(/\s+/g, '').replace(/[_/]/g, '-');
}
