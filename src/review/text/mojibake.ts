/**
 * Mojibake repair: Cyrillic written in a single-byte code page (cp1251, KOI8-R, cp866) whose text layer maps the
 * bytes to Latin-1 / cp1252 / cp1250 characters («Ñîäåðæàíèå òîìà» for «Содержание тома»). Such a layer is read
 * back byte by byte; the code page is chosen by Russian letter statistics over the whole page, and each run of
 * broken words is repaired only when it decodes into plausible Russian. Words holding a plain Latin letter
 * («Café», «Müller») or a real Cyrillic one are never touched, so mixed pages keep their good text.
 */
import iconv from 'iconv-lite';
import { BIGRAM_ALPHABET, BIGRAM_COST } from './russian-bigrams.ts';

export type MojibakeEncoding = 'cp1251' | 'koi8-r' | 'cp866';
export const MOJIBAKE_ENCODINGS: readonly MojibakeEncoding[] = ['cp1251', 'koi8-r', 'cp866'];

/** How an encoding is named to the reader of a warning. */
export const ENCODING_TITLE: Record<MojibakeEncoding, string> = { cp1251: 'Windows-1251', 'koi8-r': 'KOI8-R', cp866: 'CP866 (DOS)' };

/**
 * A page without two characters of U+00C0–U+00FF in a row holds no broken Russian text: every code page puts most
 * letters there, so any page of it has such pairs. A lone «×» or «Ø» of a good page does not make it look.
 */
const MAY_BE_BROKEN = /[\u00c0-\u00ff]{2}/;
const NOT_ASCII = /[^\x00-\x7f]/;

// The byte each misread character stands for: Latin-1 for 0x80–0xFF, then cp1252's and cp1250's own characters
// of 0x80–0xFF (the three tables never give one character two bytes).
const BYTE_OF = new Int16Array(0x2200).fill(-1);
for (let b = 0x80; b <= 0xff; b++) BYTE_OF[b] = b;
for (const [enc, from] of [
  ['win1252', 0x80],
  ['win1250', 0x80],
] as const) {
  for (let b = from; b <= 0xff; b++) {
    const c = iconv.decode(Buffer.from([b]), enc).charCodeAt(0);
    if (c !== 0xfffd && c < BYTE_OF.length && BYTE_OF[c] === -1) BYTE_OF[c] = b;
  }
}
const MISREAD_CHARS = [...BYTE_OF.keys()]
  .filter((c) => BYTE_OF[c]! >= 0)
  .map((c) => String.fromCharCode(c))
  .join('');
// A word: letters and marks of any script plus every misread character (some are symbols: «¹» is «№», «¸» is «ё»).
const WORD = new RegExp(`[\\p{L}\\p{M}${MISREAD_CHARS.replace(/[\\\]^-]/g, '\\$&')}]+`, 'gu');

const DECODED: Record<MojibakeEncoding, string> = Object.fromEntries(
  MOJIBAKE_ENCODINGS.map((e) => [e, iconv.decode(Buffer.from(Array.from({ length: 256 }, (_, b) => b)), e)]),
) as Record<MojibakeEncoding, string>;

/** Symbols a Russian text layer holds besides letters: a byte may decode into one. */
const SAFE_SYMBOLS = new Set('«»„“”‘’‚–—…№°±§·•©®™µ\u00a0');
/** Signs a page holds as they are («м²», «±0,000»): when a code page gives them no meaning they stay; anything else left over spoils the word. */
const KEPT_SIGNS = new Set([...SAFE_SYMBOLS, ...'²³¹×÷¼½¾¶¬¦¤\u00ad']);
/** The one-letter words of Russian: a lone sign read as another letter («—» as «Ч» in cp866) is a sign. */
const ONE_LETTER_WORDS = /^[авикосуяАВИКОСУЯ]$/;
const LETTER = /\p{L}/u;
/**
 * A lone character that is no misread letter: the diameter of «Ø400», the «×» of «5×6», a dash or a quote between
 * words or numbers («1–3», «стены — блоки»), a sign read as a letter which is no one-letter word. A sign standing
 * for a letter next to a number or a slash («Ф1.3», «Н.», «п/п») is read.
 */
function lonePseudoWord(word: string, text: string, prev: string, next: string): boolean {
  if (word.length !== 1 || !RU_LETTER.test(text)) return false;
  if (word === 'Ø' || word === 'ø') return /\d/.test(next);
  if (word === '×') return /\d/.test(prev) || /\d/.test(next);
  if (LETTER.test(word) || ONE_LETTER_WORDS.test(text)) return false;
  if (SAFE_SYMBOLS.has(word)) return !/\d/.test(next) || /\d/.test(prev);
  return !/[\d./]/.test(next) && !/[\d./]/.test(prev);
}

const RU_LETTER = /[а-яёА-ЯЁ]/;
const PAIR_COST = new Map<string, number>();
for (const [i, row] of BIGRAM_COST.entries()) {
  for (const [j, d] of [...row].entries()) PAIR_COST.set(BIGRAM_ALPHABET[i]! + BIGRAM_ALPHABET[j]!, Number(d));
}
const pairCost = (a: string, b: string): number => PAIR_COST.get(a + b) ?? 9;

/**
 * Mean cost of a letter pair (−2·log10 of its probability) the decoded words of a page may not exceed: Russian text
 * costs about 2.4, the same bytes read in a wrong code page 3.5 and more.
 */
const MAX_MEAN_COST = 3;
/** Runs this long are judged by their own letters too (a little more leniently), not only by the page's verdict. */
const RUN_JUDGED_FROM = 12;
const RUN_MAX_MEAN_COST = 3.2;

interface WordReading {
  text: string;
  /** Russian letters the word decodes into. */
  letters: number;
  /** Letter pairs (word boundaries included) and their summed cost. */
  pairs: number;
  cost: number;
  /** The decoded word is what Russian text can hold: no misread letter left over, no «яНДЕП» case pattern. */
  ok: boolean;
}

/** A lower-case letter before two capitals is the mark of a case-swapping wrong code page («яНДЕПФ»); «кВт», «СНиП» pass. */
const CASE_SWAP = /[а-яё][А-ЯЁ]{2}/;

/** The word decoded in `enc`; `before` and `after` are the characters around it in the text. */
function readWord(word: string, before: string, after: string, enc: MojibakeEncoding): WordReading {
  const table = DECODED[enc];
  let text = '';
  let letters = 0;
  let pairs = 0;
  let cost = 0;
  let prev = '_';
  let leftover = false;
  const step = (c: string) => {
    cost += pairCost(prev, c);
    pairs++;
    prev = c;
  };
  for (const ch of word) {
    const d = table[BYTE_OF[ch.charCodeAt(0)]!]!;
    if (RU_LETTER.test(d)) {
      text += d;
      letters++;
      step(d === 'ё' || d === 'Ё' ? 'е' : d.toLowerCase());
      continue;
    }
    if (prev !== '_') step('_');
    if (KEPT_SIGNS.has(d)) text += d;
    else {
      text += ch;
      if (!KEPT_SIGNS.has(ch)) leftover = true;
    }
  }
  if (prev !== '_') step('_');
  return { text, letters, pairs, cost, ok: !leftover && !CASE_SWAP.test(text) && !lonePseudoWord(word, text, before, after) };
}

/** A word of a run with the characters just before and after it. */
interface RunWord {
  start: number;
  end: number;
  word: string;
  prev: string;
  next: string;
}
type Run = RunWord[];

/**
 * Runs of words made only of misread characters, broken by any word holding another character (an ASCII or a
 * Cyrillic letter: «Café», «Содержание»). Only what lies between the words of a run (spaces, digits, ASCII
 * punctuation) is kept as it is.
 */
function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  let cur: Run | null = null;
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    const start = m.index;
    let misread = true;
    for (let i = 0; i < word.length; i++)
      if (BYTE_OF[word.charCodeAt(i)]! < 0) {
        misread = false;
        break;
      }
    if (!misread) {
      cur = null;
      continue;
    }
    if (!cur) runs.push((cur = []));
    cur.push({ start, end: start + word.length, word, prev: text.charAt(start - 1), next: text.charAt(start + word.length) });
  }
  return runs;
}

interface RunReading {
  words: WordReading[];
  letters: number;
  pairs: number;
  cost: number;
  /** Letters of words that do not read as Russian. */
  badLetters: number;
  /** Words of three letters and more that read well: Western text has no such word made of accented letters alone. */
  longWords: number;
}

function readRun(run: Run, enc: MojibakeEncoding): RunReading {
  const r: RunReading = { words: [], letters: 0, pairs: 0, cost: 0, badLetters: 0, longWords: 0 };
  for (const w of run) {
    const wr = readWord(w.word, w.prev, w.next, enc);
    r.words.push(wr);
    if (!wr.ok) r.badLetters += w.word.length;
    else {
      r.letters += wr.letters;
      r.pairs += wr.pairs;
      r.cost += wr.cost;
      if (wr.letters >= 3) r.longWords++;
    }
  }
  return r;
}

/** A run repaired on its own merits: nearly every word reads as Russian, and a long run scores as Russian letters. */
function runReadsRussian(r: RunReading): boolean {
  if (r.letters === 0 || r.badLetters * 5 > r.letters) return false;
  return r.letters < RUN_JUDGED_FROM || r.cost / r.pairs <= RUN_MAX_MEAN_COST;
}

export interface MojibakeVerdict {
  encoding: MojibakeEncoding;
  /** Mean cost of the decoded letter pairs (lower reads more like Russian). */
  cost: number;
  letters: number;
}

/**
 * The code page a page's broken words were written in, or null when the page has none (or too few to be sure).
 * `known` is the code page earlier pages of the same document were repaired with: a short page (a drawing's title
 * block) is then enough.
 */
export function detectMojibake(texts: readonly string[], known: MojibakeEncoding | null = null): MojibakeVerdict | null {
  if (!texts.some((t) => MAY_BE_BROKEN.test(t))) return null;
  const runs = texts.flatMap(runsOf);
  if (!runs.length) return null;
  let best: MojibakeVerdict | null = null;
  for (const enc of MOJIBAKE_ENCODINGS) {
    let letters = 0;
    let pairs = 0;
    let cost = 0;
    let bad = 0;
    let longWords = 0;
    for (const run of runs) {
      const r = readRun(run, enc);
      bad += r.badLetters;
      if (!runReadsRussian(r)) continue;
      letters += r.letters;
      pairs += r.pairs;
      cost += r.cost;
      longWords += r.longWords;
    }
    const enough = enc === known ? letters >= 3 && longWords >= 1 : letters >= 8 && longWords >= 2;
    if (!enough || bad * 3 > letters) continue;
    const mean = cost / pairs;
    if (mean > MAX_MEAN_COST) continue;
    if (!best || mean < best.cost) best = { encoding: enc, cost: mean, letters };
  }
  return best;
}

/**
 * The degree sign as a broken page shows it, per code page: «°C» of a KOI8-R page reads «œC». The Latin «C» after it
 * keeps the word out of the runs, so it is mended on its own: misread characters standing for «°» before C/С/F.
 */
const MISREAD_DEGREE = Object.fromEntries(
  MOJIBAKE_ENCODINGS.map((e) => {
    const byte = DECODED[e].indexOf('°');
    const shown = byte < 0 ? [] : [...MISREAD_CHARS].filter((c) => BYTE_OF[c.charCodeAt(0)] === byte && c !== '°');
    return [e, shown.length ? new RegExp(`[${shown.join('')}](?=\\s?[CСF](?![A-Za-zА-Яа-яЁё]))`, 'g') : null];
  }),
) as Record<MojibakeEncoding, RegExp | null>;

/** The text with every run that reads as Russian in `enc` decoded; the rest (and every good word) as it was. */
export function repairWith(raw: string, enc: MojibakeEncoding): string {
  // the page is known to be broken: a title-block line of one letter («Ï», the stage) is repaired too
  if (!NOT_ASCII.test(raw)) return raw;
  const degree = MISREAD_DEGREE[enc];
  const text = degree ? raw.replace(degree, '°') : raw;
  let out = '';
  let at = 0;
  for (const run of runsOf(text)) {
    const r = readRun(run, enc);
    if (!runReadsRussian(r)) continue;
    run.forEach((w, i) => {
      const wr = r.words[i]!;
      if (!wr.ok) return;
      out += text.slice(at, w.start) + wr.text;
      at = w.end;
    });
  }
  return at === 0 ? text : out + text.slice(at);
}

/** Detects and repairs one text on its own; the encoding is null when nothing was repaired. */
export function repairMojibake(text: string, known: MojibakeEncoding | null = null): { text: string; encoding: MojibakeEncoding | null } {
  const v = detectMojibake([text], known);
  if (!v) return { text, encoding: null };
  const fixed = repairWith(text, v.encoding);
  return { text: fixed, encoding: fixed === text ? null : v.encoding };
}
