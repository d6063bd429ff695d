import { fold } from '../text/normalize.ts';

/**
 * The words that disclose a content item, compiled once for every requirement: a phrase is a few word stems, found when
 * each begins a word and all of them stand within WINDOW words of one another on a page, in any order. Matching goes
 * word by word through a table keyed by a word's first letters, so a page costs one pass however many phrases there are.
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
  trie: StemNode;
  /** For every stem, the phrases that need it: a page is only asked about phrases one of whose stems it holds. */
  stemPhrases: readonly (readonly number[])[];
  /** For every phrase, how many different stems it needs (a stem may stand twice in a phrase). */
  distinctStems: readonly number[];
}

/** A node of the stems' trie: the stems ending here, and the next letters by char code. */
export interface StemNode {
  stems: number[];
  next: Map<number, StemNode>;
}

/** A trie node nothing follows: where a glued spelling starts once the joined one has left the trie. */
const EMPTY: StemNode = { stems: [], next: new Map() };

/** How far apart the stems of one phrase may stand, in words. */
export const WINDOW = 8;
/** Words shorter than this are not looked up (no stem is shorter). */
const MIN_WORD = 3;

/**
 * Words as the phrases read them: letters and ASCII digits, a hyphenated word kept whole («инженерно-геологических»),
 * also where a line breaks after a hyphen («архитектурно-⏎художественных», «инженер-⏎но-технических»): a run of
 * [\p{L}\d], then runs joined by «-» or by «-» with a line break (spaces and tabs around it) before the next run.
 * The scan reads them by char codes and walks the stems' trie as it goes: no word is cut out of the page.
 */
const LETTER = /\p{L}/u;
/** Word characters among the code units below U+0500 (ASCII, Latin-1, Latin Extended, Cyrillic), decided once. */
const LOW = new Uint8Array(0x500).map((_, c) => ((c >= 0x30 && c <= 0x39) || LETTER.test(String.fromCharCode(c)) ? 1 : 0));

/** How many code units the word character at i takes: 0 when there is none. */
function wordCharAt(s: string, i: number): number {
  if (i >= s.length) return 0;
  const c = s.charCodeAt(i);
  if (c < 0x500) return LOW[c]!;
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
  const trie: StemNode = { stems: [], next: new Map() };
  for (const [i, s] of stems.entries()) {
    if (s.length < MIN_WORD) continue;
    let node = trie;
    for (let c = 0; c < s.length; c++) {
      const code = s.charCodeAt(c);
      let child = node.next.get(code);
      if (!child) node.next.set(code, (child = { stems: [], next: new Map() }));
      node = child;
    }
    node.stems.push(i);
  }
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
  const folded = fold(text);
  // where each stem stands, in order: word positions and character offsets, as pairs in one flat list per stem
  const seen = new Map<number, number[]>();
  let word = 0;
  let at = 0;
  // a stem is noted once per word, whichever spelling of a broken word begins with it
  const note = (found: StemNode | undefined) => {
    if (!found) return;
    for (const s of found.stems) {
      const list = seen.get(s);
      if (!list) seen.set(s, [word, at]);
      else if (list[list.length - 2] !== word) list.push(word, at);
    }
  };
  for (let i = 0; i < folded.length; ) {
    let k = wordCharAt(folded, i);
    if (!k) {
      i++;
      continue;
    }
    at = i;
    // the word as written with its hyphens (joined) and, once a line broke after one, without them (glued): a line
    // broken after a hyphen breaks a compound («архитектурно-⏎художественных») or a word («инженер-⏎но-технических»)
    let joined: StemNode | undefined = index.trie;
    let glued: StemNode | undefined;
    for (;;) {
      for (; k; k = wordCharAt(folded, i)) {
        for (const end = i + k; i < end; i++) {
          const c = folded.charCodeAt(i);
          note((joined = joined?.next.get(c)));
          if (glued) note((glued = glued.next.get(c)));
        }
      }
      if (folded.charCodeAt(i) !== 0x2d) break;
      if (wordCharAt(folded, i + 1)) {
        note((joined = joined?.next.get(0x2d)));
        if (glued) note((glued = glued.next.get(0x2d)));
        k = wordCharAt(folded, ++i);
        continue;
      }
      const next = brokenHyphenEnd(folded, i);
      if (next < 0) break;
      glued ??= joined ?? EMPTY;
      note((joined = joined?.next.get(0x2d)));
      i = next;
      k = wordCharAt(folded, i);
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
