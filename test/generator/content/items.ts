/**
 * What the Положение (ПП РФ № 87) requires a section to disclose, written into the generated volumes from the review's
 * own requirements (src/review/data/content-requirements.ts): every item of the volume's section in the set's
 * composition edition, not already disclosed by the section's text, gains a heading and a short passage (graphic items
 * a drawing sheet where the volume has drawings). The blocks carry the item's tag, so defects can take them out again.
 */
import { CONTENT_REQUIREMENTS, requirementsFor } from '../../../src/review/data/content-requirements.ts';
import { CONTENT_PHRASES as PHRASES } from '../../../src/review/content/index.ts';
import { fewOfItsWords } from '../../../src/review/content/map.ts';
import { scanPhrases } from '../../../src/review/content/phrases.ts';
import { settle, type ObjectTraits } from '../../../src/review/content/conditions.ts';
import type { ContentRequirement } from '../../../src/review/content/types.ts';
import { EDITION_963_FROM } from '../../../src/review/set/edition.ts';
import type { CompositionEdition } from '../../../src/review/set/types.ts';
import { fold } from '../../../src/review/text/normalize.ts';
import type { SetFacts } from '../facts.ts';
import { blockTexts, type Block } from '../model.ts';
import { Rng } from '../rng.ts';
import { ORDER, sectionInfo } from '../sections.ts';
import type { DocContent, DrawingSheet } from './common.ts';

/** The composition edition the review will judge the set by: its documentation's date against 01.09.2022. */
export function setEdition(set: SetFacts): CompositionEdition {
  const dated = `${set.year}-${String(set.month).padStart(2, '0')}-01`;
  return dated < EDITION_963_FROM ? 'before_2022_09_01' : 'from_2022_09_01';
}

/** What the generated object is, as the review's conditions read it: a new residential building of class Ф1.3. */
function objectOf(set: SetFacts): ObjectTraits {
  return {
    name: set.objectName,
    fireClasses: [set.traits.functional],
    undergroundFloors: set.tep.underground,
    budget: null,
    demolitionSection: false,
    xmlKind: null,
  };
}

/** The items a volume of the section must disclose in the set's edition, less those whose condition fails for the object. */
export function itemsOf(section: string, set: SetFacts): ContentRequirement[] {
  const object = objectOf(set);
  return requirementsFor(section, setEdition(set), 'nonlinear').filter((r) => !r.when || settle(r.when, object).holds !== false);
}

/** Whether the review judges the item for the generated object (found or not found), rather than leaving it conditional. */
export function judged(r: ContentRequirement, set: SetFacts): boolean {
  return !r.when || settle(r.when, objectOf(set)).holds === true;
}

export const itemTag = (r: ContentRequirement): string => `item:${r.id}`;

/** Whether any of the texts discloses the item as the review's matcher reads it (one of its phrases, its stems close). */
export function discloses(texts: readonly string[], r: ContentRequirement): boolean {
  const own = new Set(PHRASES.byRequirement.get(r.id) ?? []);
  return texts.some((t) => scanPhrases(t, PHRASES).matches.some((m) => own.has(m.phrase)));
}

/** Whether fewer than half of the item's distinct stems begin a word anywhere in the texts: the check's «plainly absent». */
export function plainlyAbsentIn(texts: readonly string[], r: ContentRequirement): boolean {
  const met = new Set(texts.flatMap((t) => [...scanPhrases(t, PHRASES).stems]));
  return fewOfItsWords(r, PHRASES, (s) => met.has(s));
}

/** Every text of a volume's content: its blocks and its drawings' titles. */
export function contentTexts(c: DocContent): string[] {
  return [...c.text.flatMap(blockTexts), ...c.drawings.flatMap((d) => [d.sheetTitle, ...d.blocks.flatMap(blockTexts)])];
}

const bare = (w: string) => w.replace(/^[«"(]+|[»").,;:]+$/g, '');
const WINDOW = 8;
/** Words a heading does not end on. */
const DANGLING = new Set(['и', 'в', 'с', 'со', 'по', 'на', 'для', 'о', 'об', 'к', 'от', 'из', 'при', 'или', 'а', 'его', 'их']);

const wordsOf = (texts: readonly string[]) =>
  texts
    .flatMap((t) => t.split(/\s+/))
    .map((w) => bare(w).toLowerCase())
    .filter((w) => /^\p{L}/u.test(w));

/** Word forms the decree and the section titles use, to spell a stem as a word: the shortest one the stem begins. */
const VOCABULARY: readonly string[] = [
  ...new Set([...CONTENT_REQUIREMENTS.map((r) => r.requirement), ...ORDER.map((c) => sectionInfo(c).title)].flatMap((t) => wordsOf([t]))),
];

/**
 * The word a stem begins, in the decree's or the section titles' forms, else in the volume's own words, else the stem;
 * a form only an ending longer than the stem («этаж» → «этажность» is another word), so «План этаж» never reads as
 * «План этажность» and a number after it as the building's этажность.
 */
function spell(stem: string, own: readonly string[]): string {
  const s = fold(stem);
  const fit = (list: readonly string[]) =>
    list.filter((w) => fold(w).startsWith(s) && w.length <= s.length + 4 && (s.includes('-') || !w.includes('-'))).sort((a, b) => a.length - b.length)[0];
  return fit(VOCABULARY) ?? fit(own) ?? stem;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The decree's own words around a term of the item («Описание решений по отделке помещений»), or null when it has none. */
function decreeWording(r: ContentRequirement, term: string): string | null {
  const words = r.requirement.split(/\s+/);
  const stems = term.split(/\s+/).map(fold);
  const at = stems.map((s) => words.flatMap((w, i) => (fold(bare(w)).startsWith(s) ? [i] : [])));
  for (const first of at[0] ?? []) {
    const near = at.map((list) => list.find((i) => Math.abs(i - first) <= WINDOW));
    if (near.some((i) => i === undefined)) continue;
    const from = Math.min(...(near as number[]));
    const to = Math.max(...(near as number[]));
    let slice = words.length <= 12 ? [...words] : to < 12 ? words.slice(0, Math.min(words.length, Math.max(to + 1, 8), 12)) : words.slice(from, to + 1);
    slice = slice.map((w, i) => (i === slice.length - 1 ? w.replace(/[,;:]$/, '') : w));
    while (slice.length > 1 && DANGLING.has(fold(bare(slice[slice.length - 1]!)))) slice = slice.slice(0, -1);
    return capital(slice.join(' ').replace(/[,;:]$/, ''));
  }
  return null;
}

type GrammarNumber = 'pl' | 'm' | 'f' | 'n';
const ADJECTIVE = /^(.*?)(ых|их|ыми|ими|ые|ие|ого|его|ому|ему|ой|ей|ую|юю|ый|ий|ая|яя|ое|ее)$/;

/** An adjective put in the nominative of the number and gender its noun has («внешнего» → «внешний», «композиционных» → «композиционные»). */
function adjective(w: string, number: GrammarNumber): string {
  const m = ADJECTIVE.exec(w);
  if (!m) return w;
  const [, stem = '', end = ''] = m;
  const velar = /[кгхжшщч]$/.test(stem);
  const soft = !velar && /^(?:их|ими|его|ему|ей|юю|ий|ие|яя|ее)$/.test(end);
  const forms = soft ? { pl: 'ие', m: 'ий', f: 'яя', n: 'ее' } : velar ? { pl: 'ие', m: 'ий', f: 'ая', n: 'ое' } : { pl: 'ые', m: 'ый', f: 'ая', n: 'ое' };
  return stem + forms[number];
}

/** A noun in the nominative, plural where its adjectives or its form say so; with the number and gender it ends up in. */
function noun(w: string, plural: boolean): { word: string; number: GrammarNumber } {
  const rules: [RegExp, string, string][] = [
    [/ов$/, 'ы', 'ы'],
    [/(ени|ани)й$/, '$1я', '$1я'],
    [/(ени|ани)(?:я|ю|ем|и)$/, '$1е', '$1я'],
    [/ий$/, 'ия', 'ия'],
    [/ей$/, 'и', 'и'],
    [/ци(?:и|ю|ей|я)$/, 'ция', 'ции'],
    [/([кгх])(?:е|и|у|ой)$/, '$1а', '$1и'],
    [/([бвдзлмнпрстф])а$/, '$1', '$1ы'],
  ];
  for (const [form, singular, many] of rules) {
    if (!form.test(w)) continue;
    const sg = w.replace(form, singular);
    const pl = w.replace(form, many);
    // a form that is plural whatever the adjective says (фасадов, решений, условий, этажей)
    const alwaysPlural = singular === many;
    if (plural || alwaysPlural) return { word: pl, number: 'pl' };
    return { word: sg, number: /е$/.test(sg) ? 'n' : /[ая]$/.test(sg) ? 'f' : 'm' };
  }
  return { word: w, number: plural || /[ыи]$/.test(w) ? 'pl' : /е$/.test(w) ? 'n' : /[ая]$/.test(w) ? 'f' : 'm' };
}

/**
 * The words of a term put as a heading names a thing: the leading adjectives and their noun in the nominative
 * («оформлении фасадов» → «оформление фасадов», «внешнего внутреннего вида» → «внешний внутренний вид»), the rest as the
 * decree has it. A rough rule of endings: the caller keeps the words as found where the result loses a stem.
 */
function nominative(words: readonly string[]): string[] {
  let k = 0;
  while (k < words.length - 1 && ADJECTIVE.test(words[k]!)) k++;
  const adjectives = words.slice(0, k);
  const plural = adjectives.some((a) => /(?:ых|их|ыми|ими|ые|ие)$/.test(a) && !/(?:ий)$/.test(a));
  const head = noun(words[k]!, plural);
  return [...adjectives.map((a) => adjective(a, head.number)), head.word, ...words.slice(k + 1)];
}

/** A designer's short naming of the item from one of its terms («Архитектурные решения», «Оформление фасадов»). */
export function designerWording(term: string, own: readonly string[] = []): string {
  const ownWords = wordsOf(own);
  const words = term.split(/\s+/).map((w) => spell(w, ownWords));
  const named = capital(nominative(words).join(' '));
  return named
    .toLowerCase()
    .split(/\s+/)
    .every((w, i) => fold(w).startsWith(fold(term.split(/\s+/)[i] ?? '')))
    ? named
    : capital(words.join(' '));
}

/** The heading of an item: the decree's wording where one of its terms stands in it, else the first term in words. */
export function itemHeading(r: ContentRequirement): { heading: string; term: string } {
  for (const term of r.terms) {
    const heading = decreeWording(r, term);
    if (heading && discloses([heading], r)) return { heading, term };
  }
  return { heading: designerWording(r.terms[0] ?? r.requirement), term: r.terms[0] ?? '' };
}

/** A passage as a designer writes one under such a heading: the item's substance, and what the decisions rest on. */
export function itemPassage(rng: Rng, r: ContentRequirement, wording: string): string {
  return rng.pick([
    `${capital(r.requirement)}: решения приняты в соответствии с заданием на проектирование и требованиями технических регламентов.`,
    `${wording} — согласно заданию на проектирование, с учетом требований сводов правил, перечисленных в разделе.`,
    `Проектом предусмотрено: ${r.requirement}. Принятые решения согласованы с заказчиком.`,
  ]);
}

/** A drawing sheet whose title names a graphic item. */
export function itemDrawing(r: ContentRequirement, title: string, anchor: string): DrawingSheet {
  return {
    sheetTitle: title,
    anchor,
    blocks: [{ t: 'drawing', caption: title, scale: 'М 1:100', grid: [6, 3], labels: ['Ось 1', 'Ось 2'], tags: [itemTag(r)] }],
  };
}

/** The number the next top-level heading of a text part takes («7.» after «6. Перечень нормативных документов»). */
export function nextHeadingNumber(text: readonly Block[]): number {
  const numbers = text.flatMap((b) => (b.t === 'h' ? [Number(/^(\d+)\.?\s/.exec(b.text)?.[1] ?? 0)] : []));
  return Math.max(0, ...numbers) + 1;
}

/**
 * Writes every item of the section the content does not disclose yet: text items as a numbered heading and a passage at
 * the end of the text part, graphic items as a drawing sheet at the end of the graphic part (as text where there is none).
 */
export function discloseItems(content: DocContent, section: string, set: SetFacts, cipher: string): void {
  const items = itemsOf(section, set);
  if (!items.length) return;
  // a stream of its own, so the volume's other draws stay as they were
  let seed = 17;
  for (const c of cipher) seed = (seed * 31 + c.charCodeAt(0)) >>> 0;
  const rng = new Rng(seed);
  const present = contentTexts(content);
  let n = nextHeadingNumber(content.text);
  for (const [i, r] of items.entries()) {
    if (discloses(present, r)) continue;
    const { heading } = itemHeading(r);
    const tags = [itemTag(r)];
    if (r.part === 'graphic' && content.drawings.length) {
      // a drawing is titled short, in the designer's words («Планы этажей», «Фасады»), where they name the item
      const short = r.terms.map((t) => designerWording(t, present)).find((t) => discloses([t], r));
      content.drawings.push(itemDrawing(r, short ?? heading, `item-${i}`));
      continue;
    }
    content.text.push({ t: 'h', text: `${n++}. ${heading}`, tags }, { t: 'p', text: itemPassage(rng, r, heading), tags });
  }
}
