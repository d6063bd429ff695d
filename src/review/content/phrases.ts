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
  /** Stems by the first KEY letters of the words they can begin. */
  byKey: ReadonlyMap<string, readonly number[]>;
  /** For every stem, the phrases that need it: a page is only asked about phrases one of whose stems it holds. */
  stemPhrases: readonly (readonly number[])[];
  /** For every phrase, how many different stems it needs (a stem may stand twice in a phrase). */
  distinctStems: readonly number[];
}

/** How far apart the stems of one phrase may stand, in words. */
export const WINDOW = 8;
const KEY = 3;

/**
 * Words as the phrases read them: letters and digits, a hyphenated word kept whole («инженерно-геологических»), also
 * where a line breaks after a hyphen («архитектурно-⏎художественных», «инженер-⏎но-технических»).
 */
const WORD = /[\p{L}\d]+(?:-(?:[ \t]*\r?\n[ \t]*)?[\p{L}\d]+)*/gu;

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
  const byKey = new Map<string, number[]>();
  for (const [i, s] of stems.entries()) {
    const key = s.slice(0, KEY);
    const list = byKey.get(key);
    if (list) list.push(i);
    else byKey.set(key, [i]);
  }
  const stemPhrases: number[][] = stems.map(() => []);
  for (const [p, need] of phraseStems.entries()) for (const s of new Set(need)) stemPhrases[s]!.push(p);
  const distinctStems = phraseStems.map((need) => new Set(need).size);
  return { phrases, stems, byRequirement, phraseStems, byKey, stemPhrases, distinctStems };
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
  WORD.lastIndex = 0;
  for (let m = WORD.exec(folded); m; m = WORD.exec(folded), word++) {
    const w = m[0];
    if (w.length < KEY) continue;
    const candidates = index.byKey.get(w.slice(0, KEY));
    if (!candidates) continue;
    // a line broken after a hyphen breaks a compound («архитектурно-⏎художественных») or a word («инженер-⏎но-технических»)
    const broken = w.includes('\n');
    const joined = broken ? w.replace(/-\s+/g, '-') : w;
    const glued = broken ? w.replace(/-\s+/g, '') : w;
    for (const s of candidates) {
      const stem = index.stems[s]!;
      if (!joined.startsWith(stem) && !glued.startsWith(stem)) continue;
      const list = seen.get(s);
      if (list) list.push(word, m.index);
      else seen.set(s, [word, m.index]);
    }
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
