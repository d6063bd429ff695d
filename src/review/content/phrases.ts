import { fold } from '../text/normalize.ts';

/**
 * The words that disclose a content item, compiled once for every requirement: a phrase is a few word stems, found when
 * each begins a word and all of them stand within WINDOW words of one another on a page, in any order. Each word of a
 * page walks a trie of the stems as it is read, so a page costs one pass however many phrases there are.
 */
export interface PhraseIndex {
  /** Every distinct phrase, as stems; its position is the phrase's number in hits. */
  phrases: readonly (readonly string[])[];
  /** Distinct stems, their position the stem's number. */
  stems: readonly string[];
  /** Phrase numbers of a requirement, by its id. */
  byRequirement: ReadonlyMap<string, readonly number[]>;
  /** For every phrase, the stem numbers it needs. */
  phraseStems: readonly (readonly number[])[];
  /** The stems letter by letter: walking a word down it meets every stem the word begins with. */
  trie: StemTrie;
  /** For every stem, the phrases that need it: a page is only asked about phrases one of whose stems it holds. */
  stemPhrases: readonly (readonly number[])[];
  /** For every phrase, how many different stems it needs (a stem may stand twice in a phrase). */
  distinctStems: readonly number[];
}

/**
 * The stems' trie as a transition table: states are rows of `width` cells, one per letter the stems use; a cell holds
 * the next state or -1. State 0 is the root; DEAD (-1) is where a word has left every stem.
 */
export interface StemTrie {
  /** A char code below U+0500 → its column + 1; 0 for a letter no stem uses. */
  columns: Uint8Array;
  width: number;
  next: Int32Array;
  /** The stems ending at each state (empty for most). */
  ends: readonly (readonly number[])[];
}

/** How far apart the stems of one phrase may stand, in words. */
export const WINDOW = 8;
/** Stems shorter than this are not kept: a word of one or two letters says nothing of a content item. */
const MIN_WORD = 3;

const DEAD = -1;
/** Code units below this have columns and a word-character verdict of their own (ASCII, Latin-1, Latin Extended, Cyrillic). */
const COLUMN_CODES = 0x500;

function buildTrie(stems: readonly string[]): StemTrie {
  const columns = new Uint8Array(COLUMN_CODES);
  let width = 0;
  for (const s of stems)
    for (let c = 0; c < s.length; c++) {
      const code = s.charCodeAt(c);
      // a stem with a letter beyond the table could never be met by the scan: none is written so
      if (code >= COLUMN_CODES) throw new Error(`stem «${s}» has a letter the scan does not read`);
      if (!columns[code]) columns[code] = ++width;
    }
  // a page is read as written: a letter whose folded form a stem uses shares that letter's column («П», «Ё» as «п», «е»)
  for (let code = 0; code < COLUMN_CODES; code++) {
    const folded = fold(String.fromCharCode(code));
    if (!columns[code] && folded.length === 1) columns[code] = columns[folded.charCodeAt(0)]!;
  }
  const rows: number[][] = [new Array(width).fill(DEAD)];
  const ends: number[][] = [[]];
  for (const [i, s] of stems.entries()) {
    if (s.length < MIN_WORD) continue;
    let state = 0;
    for (let c = 0; c < s.length; c++) {
      const col = columns[s.charCodeAt(c)]! - 1;
      if (rows[state]![col] === DEAD) {
        rows[state]![col] = rows.length;
        rows.push(new Array(width).fill(DEAD));
        ends.push([]);
      }
      state = rows[state]![col]!;
    }
    ends[state]!.push(i);
  }
  return { columns, width, next: Int32Array.from(rows.flat()), ends };
}

/**
 * Words as the phrases read them: letters and ASCII digits, a hyphenated word kept whole («инженерно-геологических»),
 * also where a line breaks after a hyphen («архитектурно-⏎художественных», «инженер-⏎но-технических»): a run of
 * [\p{L}\d], then runs joined by «-» or by «-» with a line break (spaces and tabs around it) before the next run.
 * The scan reads them by char codes and walks the stems' trie as it goes: no word is cut out of the page.
 */
const LETTER = /\p{L}/u;
/** Word characters among the code units below COLUMN_CODES, decided once. */
const LOW = new Uint8Array(COLUMN_CODES).map((_, c) => ((c >= 0x30 && c <= 0x39) || LETTER.test(String.fromCharCode(c)) ? 1 : 0));

/** How many code units the word character at i takes: 0 when there is none. */
function wordCharAt(s: string, i: number): number {
  if (i >= s.length) return 0;
  const c = s.charCodeAt(i);
  if (c < COLUMN_CODES) return LOW[c]!;
  const cp = s.codePointAt(i)!;
  return LETTER.test(String.fromCodePoint(cp)) ? (cp > 0xffff ? 2 : 1) : 0;
}

/** Where a line break after a hyphen ends: the next word character's index, or -1 when it is no such break. */
function brokenHyphenEnd(s: string, hyphen: number): number {
  let i = hyphen + 1;
  while (s[i] === ' ' || s[i] === '\t') i++;
  if (s[i] === '\r') i++;
  if (s[i] !== '\n') return -1;
  i++;
  while (s[i] === ' ' || s[i] === '\t') i++;
  return wordCharAt(s, i) ? i : -1;
}

/** A stem as the phrases compare it: folded (lower case, ё → е). */
const stemOf = (s: string) => fold(s.trim());

export function compilePhrases(requirements: readonly { id: string; terms: readonly string[] }[]): PhraseIndex {
  const phrases: string[][] = [];
  const phraseByText = new Map<string, number>();
  const stems: string[] = [];
  const stemByText = new Map<string, number>();
  const phraseStems: number[][] = [];
  const byRequirement = new Map<string, number[]>();
  for (const r of requirements) {
    const own: number[] = [];
    for (const term of r.terms) {
      const words = term.split(/\s+/).map(stemOf).filter(Boolean);
      if (!words.length) continue;
      const text = [...words].sort().join(' ');
      let p = phraseByText.get(text);
      if (p === undefined) {
        p = phrases.length;
        phraseByText.set(text, p);
        phrases.push(words);
        phraseStems.push(
          words.map((w) => {
            let s = stemByText.get(w);
            if (s === undefined) {
              s = stems.length;
              stemByText.set(w, s);
              stems.push(w);
            }
            return s;
          }),
        );
      }
      if (!own.includes(p)) own.push(p);
    }
    byRequirement.set(r.id, own);
  }
  const trie = buildTrie(stems);
  const stemPhrases: number[][] = stems.map(() => []);
  for (const [p, need] of phraseStems.entries()) for (const s of new Set(need)) stemPhrases[s]!.push(p);
  const distinctStems = phraseStems.map((need) => new Set(need).size);
  return { phrases, stems, byRequirement, phraseStems, trie, stemPhrases, distinctStems };
}

/** One phrase found on a page: where its first stem stands in the text, and the line around it. */
export interface PhraseMatch {
  phrase: number;
  /** Character offset of the earliest stem of the match in the text given. */
  at: number;
  /** The line the match begins on, as written (trimmed). */
  line: string;
}

/** What one pass over a text gives: the stems present and the phrases found (each once, at its first match). */
export interface PhraseScan {
  stems: Set<number>;
  matches: PhraseMatch[];
}

export function scanPhrases(text: string, index: PhraseIndex): PhraseScan {
  // where each stem stands, in order: word positions and character offsets, as pairs in one flat list per stem
  const seen = new Map<number, number[]>();
  let word = 0;
  let at = 0;
  const { ends, columns, next, width } = index.trie;
  // a stem is noted once per word, whichever spelling of a broken word begins with it
  const note = (state: number) => {
    for (const s of ends[state]!) {
      const list = seen.get(s);
      if (!list) seen.set(s, [word, at]);
      else if (list[list.length - 2] !== word) list.push(word, at);
    }
  };
  /** The state after one more char code: DEAD once the word has left every stem (stems ending there noted). */
  const step = (state: number, code: number): number => {
    if (state === DEAD || code >= COLUMN_CODES) return DEAD;
    const col = columns[code]!;
    const to = col ? next[state * width + col - 1]! : DEAD;
    if (to !== DEAD && ends[to]!.length) note(to);
    return to;
  };
  const n = text.length;
  for (let i = 0; i < n; ) {
    let k = wordCharAt(text, i);
    if (!k) {
      i++;
      continue;
    }
    at = i;
    // the word as written with its hyphens (joined) and, once a line broke after one, without them (glued): a line
    // broken after a hyphen breaks a compound («архитектурно-⏎художественных») or a word («инженер-⏎но-технических»)
    let joined = 0;
    let glued: number | null = null;
    for (;;) {
      while (k) {
        for (const end = i + k; i < end; i++) {
          const c = text.charCodeAt(i);
          joined = step(joined, c);
          if (glued !== null) glued = step(glued, c);
        }
        k = wordCharAt(text, i);
      }
      if (text.charCodeAt(i) !== 0x2d) break;
      if (wordCharAt(text, i + 1)) {
        joined = step(joined, 0x2d);
        if (glued !== null) glued = step(glued, 0x2d);
        k = wordCharAt(text, ++i);
        continue;
      }
      const after = brokenHyphenEnd(text, i);
      if (after < 0) break;
      glued ??= joined;
      joined = step(joined, 0x2d);
      i = after;
      k = wordCharAt(text, i);
    }
    word++;
  }
  const matches: PhraseMatch[] = [];
  if (!seen.size) return { stems: new Set(), matches };
  // the phrases all of whose stems the page holds, in the order of the index: each seen stem counts once for every
  // phrase that needs it, and a phrase is complete when its count reaches the number of its distinct stems
  const counts = new Uint16Array(index.phrases.length);
  const complete: number[] = [];
  for (const s of seen.keys()) for (const p of index.stemPhrases[s]!) if (++counts[p]! === index.distinctStems[p]) complete.push(p);
  complete.sort((a, b) => a - b);
  for (const p of complete) {
    const at = firstWindow(index.phraseStems[p]!.map((s) => seen.get(s)!));
    if (at === null) continue;
    matches.push({ phrase: p, at, line: lineAround(text, at) });
  }
  return { stems: new Set(seen.keys()), matches };
}

/**
 * The first place all stems stand within WINDOW words, as the character offset of the earliest of them; null when none.
 * Each list holds (word, offset) pairs in the order of the words.
 */
function firstWindow(occurrences: number[][]): number | null {
  const lead = occurrences[0]!;
  for (let i = 0; i < lead.length; i += 2) {
    const word = lead[i]!;
    let from = lead[i + 1]!;
    let ok = true;
    for (let r = 1; r < occurrences.length && ok; r++) {
      // the nearest occurrence (the first of equally near ones): a phrase wrapped over two lines is found, a word of
      // the line before is not borrowed
      const list = occurrences[r]!;
      let near = -1;
      let nearDistance = WINDOW + 1;
      for (let j = 0; j < list.length; j += 2) {
        const distance = Math.abs(list[j]! - word);
        if (distance < nearDistance) {
          near = j;
          nearDistance = distance;
        } else if (list[j]! > word) break; // further on, every word is further away
      }
      if (near < 0) ok = false;
      else if (list[near + 1]! < from) from = list[near + 1]!;
    }
    if (ok) return from;
  }
  return null;
}

function lineAround(text: string, at: number): string {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text.slice(start, end < 0 ? undefined : end).trim();
}

/**
 * A line that reads as a heading: short, not a sentence running on, often numbered («3.2 Климатические условия»,
 * «ИСХОДНЫЕ ДАННЫЕ»). A match in a heading says the volume gives the item a place of its own.
 */
export function isHeadingLine(line: string): boolean {
  const l = line.trim();
  if (l.length < 4 || l.length > 110) return false;
  const words = l.split(/\s+/).length;
  if (words > 14) return false;
  if (/^(?:\d{1,2}(?:\.\d{1,2}){0,3}\.?|[IVX]{1,4}\.|[А-Я]\)|Раздел|Глава|Приложение)\s+\S/u.test(l)) return !/[,;]\s*$/.test(l);
  const letters = l.replace(/[^\p{L}]/gu, '');
  return letters.length >= 4 && letters === letters.toUpperCase() && /\p{Lu}/u.test(letters);
}
