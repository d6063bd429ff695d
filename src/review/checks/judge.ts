import type { Importance } from '../../kernel/result.ts';
import type { DocFacts } from '../facts/types.ts';
import { authority } from './common.ts';
import { where, type FindingDraft, type Place, type Report } from './types.ts';

/**
 * The one conflict judge of the review: every value compared across documents — a figure, a class, a number of a cited
 * document — is judged here, «the odd one out against the rest». The XML note, the design assignment, a ГПЗУ and a ТУ take
 * part like any volume; a source document (the ГПЗУ, a ТУ) is the reference wherever it states the value.
 */

/** What one participant says of an attribute. */
export interface Statement<T> {
  doc: DocFacts;
  item: T;
  /** Where the designer finds it. */
  place: Place;
  /** The quote shown in the evidence: «док. 3 «…», с. 2: …» or «XML (TEI): …». */
  said: string;
}

export interface Verdict<T> {
  /** The participant that disagrees with the rest. */
  other: Statement<T>;
  /** The participant it is held against: the source document, else the first of the majority. */
  ref: Statement<T>;
  /** Participants that agree with the reference, itself included. */
  majority: number;
  /** Further statements of the same document in conflict on the same attribute: one cause, one finding. */
  more: Statement<T>[];
}

/** A statement placed at its page, quoted with «док. N …, с. P: snippet» (page 1 and an element name for the XML note). */
export function statementOf<T>(doc: DocFacts, item: T, page: number, quoteText: string, xmlElement = 'TEI'): Statement<T> {
  const place: Place = { doc, page: doc.xml ? 1 : page };
  return { doc, item, place, said: doc.xml ? `XML (${xmlElement}): ${quoteText}` : `${where(place)}: ${quoteText}` };
}

export interface JudgeRules<T> {
  /** Two statements can state the same value (within the rounding of the less precise one). */
  same: (a: T, b: T) => boolean;
  /** A source document: the reference whatever the majority. */
  isSource?: (d: DocFacts) => boolean;
}

/**
 * Groups the statements by agreement; the group holding a source, else the largest (ties to the most authoritative
 * document: the ПЗ, then the ПЗУ, then the earlier document) is the rest; every statement none of the rest can agree with
 * is an odd one. Agreement may be non-transitive («II» ~ «IIВ» ~ «II»): a statement some of the rest agrees with is no conflict.
 * A document in conflict with several statements gets one verdict that carries them all.
 */
export function judge<T>(statements: readonly Statement<T>[], rules: JudgeRules<T>): Verdict<T>[] {
  const { same } = rules;
  const isSource = rules.isSource ?? (() => false);
  const groups: Statement<T>[][] = [];
  for (const s of statements) {
    const g = groups.find((gr) => same(gr[0]!.item, s.item));
    if (g) g.push(s);
    else groups.push([s]);
  }
  if (groups.length < 2) return [];
  const hasSource = (g: Statement<T>[]) => Number(g.some((x) => isSource(x.doc)));
  // the XML note is written after the volumes: in a tie the volumes' value stands
  const best = (g: Statement<T>[]) => Math.min(...g.map((x) => (x.doc.xml ? Number.MAX_SAFE_INTEGER : authority(x.doc))));
  groups.sort((a, b) => hasSource(b) - hasSource(a) || b.length - a.length || best(a) - best(b));
  const major = groups[0]!;
  // a document saying two things is judged where it differs from the rest, not against itself
  const refFor = (d: DocFacts) => {
    const others = major.filter((x) => x.doc !== d);
    return others.find((x) => isSource(x.doc)) ?? others[0];
  };
  const byDoc = new Map<DocFacts, Verdict<T>>();
  for (const other of groups.slice(1).flat()) {
    if (major.some((m) => same(m.item, other.item))) continue;
    const ref = refFor(other.doc);
    if (!ref) continue;
    const known = byDoc.get(other.doc);
    if (known) known.more.push(other);
    else byDoc.set(other.doc, { other, ref, majority: new Set(major.map((x) => x.doc)).size, more: [] });
  }
  return [...byDoc.values()];
}

/** How a verdict is told: the attribute's name, the wording of the values and what the designer should do. */
export interface Telling<T> {
  importance?: Importance;
  /** The value as shown in the text: «1 234,5 м²», «IIВ», «№ RU-…». */
  shown: (item: T) => string;
  /** The essence; by default «Расхождение значения «name» между документами: X в «A» и Y в «B».». */
  essence: (v: Verdict<T>) => string;
  action: string;
  norm?: string;
  /** The line closing the evidence when more documents agree with the reference; by default «Значение X указано также в N др. документах комплекта.». */
  also?: (v: Verdict<T>) => string;
}

/** The standard essence of a disagreement on an attribute. */
export function disagreement<T>(noun: 'значения' | 'характеристики', name: string, shown: (item: T) => string): (v: Verdict<T>) => string {
  return (v) =>
    `Расхождение ${noun} «${name}» между документами: ${oddValues(v, shown)} в «${v.other.doc.doc.name}» и ${shown(v.ref.item)} в «${v.ref.doc.doc.name}».`;
}

/** The odd values of a verdict as shown: «12», or «12 и 8» when the document states two. */
export function oddValues<T>(v: Verdict<T>, shown: (item: T) => string): string {
  return [...new Set([v.other, ...v.more].map((s) => shown(s.item)))].join(' и ');
}

/**
 * One finding per verdict, about the odd participant and held against the reference: the reporter gives it to the
 * reference when the odd one is a context document, and drops it when both are.
 */
export function toldOf<T>(v: Verdict<T>, t: Telling<T>): FindingDraft {
  const also = t.also ? t.also(v) : v.majority > 1 ? `Значение ${t.shown(v.ref.item)} указано также в ${v.majority - 1} др. документах комплекта.` : '';
  const own = [v.other, ...v.more.filter((m) => m.place.page !== v.other.place.page || m.said !== v.other.said)];
  const ownPlaces = [...new Map(own.map((s) => [s.place.page, s.place])).values()];
  return {
    ...(t.importance ? { importance: t.importance } : {}),
    about: v.other.doc,
    against: v.ref.doc,
    essence: t.essence(v),
    evidence: [...own.map((s) => s.said), v.ref.said, ...(also ? [also] : [])].join('\n'),
    action: t.action,
    places: [...ownPlaces, v.ref.place],
    ...(t.norm ? { norm: t.norm } : {}),
  };
}

/** Judges the statements and reports every verdict as told. */
export function judged<T>(statements: readonly Statement<T>[], rules: JudgeRules<T>, t: Telling<T>, report: Report): void {
  for (const v of judge(statements, rules)) report(toldOf(v, t));
}

/**
 * The judge's second comparison kind, for what is not equality: statements held against a yardstick rather than against
 * each other — the address typed with the request, an assignment's «не более / не менее», the most a ТУ supplies. The
 * yardstick is a participant whatever the majority says; every statement that does not meet it is returned.
 */
export function heldAgainst<T, Y>(statements: readonly Statement<T>[], yardstick: Y, meets: (stated: T, yardstick: Y) => boolean): Statement<T>[] {
  return statements.filter((s) => !meets(s.item, yardstick));
}

/** A bound a figure is held to: «не более» (≤) or «не менее» (≥). */
export type Bound = '≤' | '≥';

/**
 * Whether a stated figure meets a bound beyond the tolerance (the rounding of the less precise of the two): a range
 * («1–3 этажа») meets «не более» by its upper end.
 */
export function meetsBound(bound: Bound, stated: { value: number; upTo?: number }, limit: number, tolerance: number): boolean {
  return bound === '≤' ? (stated.upTo ?? stated.value) - limit <= tolerance : limit - stated.value <= tolerance;
}
