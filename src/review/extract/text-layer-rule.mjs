// Which pages of a PDF are read by OCR instead of their text layer: one rule for both readers (mutool-reader.ts and
// pdf-child.mjs), in plain JavaScript so the reader child can load it without a compiler.

const TEN_VISIBLE = /\S(?:\s*\S){9}/;

/** Whether a page has a text layer worth reading: fewer than ten visible characters is a scan or a bare drawing. */
export function hasTextLayer(text) {
  return TEN_VISIBLE.test(text);
}

// Latin letters a Latin-only OCR or a CAD font's encoding puts for Cyrillic ones («HA npoeKTHr,re pa6oTbr»)
const LOOKALIKE = {
  a: 'а',
  A: 'А',
  B: 'В',
  c: 'с',
  C: 'С',
  e: 'е',
  E: 'Е',
  H: 'Н',
  K: 'К',
  k: 'к',
  M: 'М',
  o: 'о',
  O: 'О',
  p: 'р',
  P: 'Р',
  T: 'Т',
  x: 'х',
  X: 'Х',
  y: 'у',
  n: 'п',
  u: 'и',
  r: 'г',
  3: 'з',
  6: 'б',
};
const RUSSIAN_SHORT = new Set(['на', 'по', 'для', 'от', 'не', 'до', 'за', 'из', 'при', 'или', 'как', 'что', 'все', 'его', 'её', 'она', 'они']);
const ENGLISH_SHORT = new Set(['the', 'of', 'and', 'to', 'in', 'is', 'for', 'on', 'with', 'by', 'as', 'at', 'from', 'this', 'that', 'are', 'be']);
/** Letters enough to judge a page by. */
const MIN_LETTERS = 200;

/**
 * At least MIN_LETTERS Latin letters and fewer than one Cyrillic letter to ten Latin ones. Counted by char codes in one
 * pass: every page of every set is asked, and almost every one answers no at its Cyrillic letters.
 */
function mostlyLatin(text) {
  let latin = 0;
  let cyrillic = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) latin++;
    else if ((c >= 0x410 && c <= 0x44f) || c === 0x401 || c === 0x451) {
      // a Russian page: more Cyrillic letters than the rest of it could outweigh
      if (++cyrillic * 10 > latin + text.length - i) return false;
    }
  }
  return latin >= MIN_LETTERS && cyrillic * 10 <= latin;
}

/**
 * Whether a page's text layer is not text: Latin letters standing for Cyrillic ones — a scan given a text layer by an
 * OCR without Russian, or a CAD font's private encoding — reading as no language: hardly a Cyrillic letter, no English
 * function words, and either Russian function words once the look-alikes are read as Cyrillic or words with capitals
 * and digits inside them («npoeKTHr», «pa6oTbr»). Single-byte code pages misread as Latin-1 are repaired, not recognised
 * again (text-layer-repair.ts): their letters are accented («Ïðîåêò»), not plain ASCII.
 */
export function misreadTextLayer(text) {
  if (!mostlyLatin(text)) return false;
  const words = text.match(/[A-Za-z0-9]+/g)?.filter((w) => /[A-Za-z]/.test(w)) ?? [];
  const lower = words.map((w) => w.toLowerCase());
  const english = lower.filter((w) => ENGLISH_SHORT.has(w)).length;
  if (english * 50 >= words.length) return false;
  const russian = words.filter((w) =>
    RUSSIAN_SHORT.has(
      [...w]
        .map((c) => LOOKALIKE[c] ?? c)
        .join('')
        .toLowerCase(),
    ),
  ).length;
  const long = words.filter((w) => w.length >= 4);
  const broken = long.filter((w) => /[a-z][A-Z]|[A-Za-z]\d+[A-Za-z]/.test(w)).length;
  return russian * 33 >= words.length || (long.length >= 20 && broken * 4 >= long.length);
}

/**
 * What a page's text layer is: text to read, none (read by OCR), or misread (not text: read by OCR, with a warning).
 * Asked once per page by each reader.
 */
export function textLayerState(text) {
  if (!hasTextLayer(text)) return 'none';
  return misreadTextLayer(text) ? 'misread' : 'text';
}
