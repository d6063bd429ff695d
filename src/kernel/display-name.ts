/**
 * Invisible and direction-changing characters a file name can carry: every control character (C0, DEL and C1,
 * U+0085 NEXT LINE among them), every format character of Unicode (general category Cf: zero-width spaces and
 * joiners, the LTR/RTL and Arabic letter marks U+200E, U+200F, U+061C, the bidi embeddings, overrides and isolates
 * — U+202E can make «АР.exe.pdf» look like «АР.fdp.exe» —, the word joiner and invisible operators, the byte
 * order mark, the soft hyphen, tag characters), variation selectors, the combining grapheme joiner, and the
 * letters that draw nothing (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the Khmer inherent vowels
 * U+17B4, U+17B5, the braille blank U+2800). They are removed where a person reads the name — findings,
 * reports, the cabinet; the stored name keeps them, so `kinds` and `roles` keyed by the client's own name
 * still match. A name, or the last part of a path, left with nothing visible before its extension is shown
 * under a neutral name instead of as blank.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Variation_Selector}\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0]|\u034f/gu;

/** What a name without anything visible is shown as (its extension kept). */
export const UNNAMED = 'Документ без имени';

/** Nothing but spaces (of any width) left. */
const BLANK = /^\p{White_Space}*$/u;

/** The document name as it is shown: without invisible and bidi control characters; a blank one named neutrally. */
export function displayName(name: string): string {
  const shown = name.replace(INVISIBLE, '');
  const slash = shown.lastIndexOf('/');
  const folder = shown.slice(0, slash + 1);
  const file = shown.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  const stem = dot >= 0 ? file.slice(0, dot) : file;
  if (!BLANK.test(stem)) return shown;
  const extension = dot >= 0 && !BLANK.test(file.slice(dot + 1)) ? file.slice(dot).trim() : '';
  return `${BLANK.test(folder.replaceAll('/', '')) ? '' : folder}${UNNAMED}${extension}`;
}
