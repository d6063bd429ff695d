import type { DocFacts, TextFact, ValueFact, ValueKind } from '../facts/types.ts';
import { DOCUMENT_TYPES } from '../set/document-types.ts';
import type { SetModel } from '../set/types.ts';

/** Documents that take part in cross-checks: readable, not the XML note (it has its own check). */
export function textDocs(docs: readonly DocFacts[]): DocFacts[] {
  return docs.filter((d) => !d.xml && d.pagesRead > 0);
}

/**
 * Documents that state facts of the designed object (DOCUMENT_TYPES' `objectValues`): volumes of ПД and РД, the
 * customer's application and its form, ТЭП, contracts and their schedules, and what the set model could not type. A ГПЗУ lists
 * the buildings standing on the plot with their own addresses and storeys, a survey report describes the site, a ТУ or an
 * estimate its own subject: their values are not the object's and are compared only by the checks made for them.
 */
export function designDocs(ctx: { docs: readonly DocFacts[]; set: SetModel }): DocFacts[] {
  const notDesign = new Set(ctx.set.documents.filter((t) => !DOCUMENT_TYPES[t.type].objectValues).map((t) => t.docIndex));
  return textDocs(ctx.docs).filter((d) => !notDesign.has(d.doc.index));
}

/** The design assignments of the set (PDF, scan, DOCX or XML): read for what they require, never as design documents. */
export function designAssignments(ctx: { docs: readonly DocFacts[]; set: SetModel }): DocFacts[] {
  const tasks = new Set(ctx.set.documents.filter((t) => t.type === 'design_task').map((t) => t.docIndex));
  return ctx.docs.filter((d) => tasks.has(d.doc.index));
}

/** The value a document states most often for a kind (labelled values first; first occurrence breaks ties), or null. */
export function docValue(d: DocFacts, kind: ValueKind): ValueFact | null {
  const all = d.values.filter((v) => v.kind === kind);
  // a labelled value («Этажность – 9») outweighs one said in passing («9-этажный», «для 120 квартир»)
  const labelled = all.filter((v) => !v.weak);
  const facts = labelled.length ? labelled : all;
  return mostFrequent(facts, (v) => (Math.round(v.value * 10) / 10).toString());
}

/** The item whose key occurs most often (the first one of that key), in one pass. */
function mostFrequent<T>(items: readonly T[], key: (t: T) => string): T | null {
  const counts = new Map<string, { first: T; n: number }>();
  let best: { first: T; n: number } | null = null;
  for (const it of items) {
    const k = key(it);
    const e = counts.get(k) ?? { first: it, n: 0 };
    e.n++;
    counts.set(k, e);
    if (!best || e.n > best.n) best = e;
  }
  return best?.first ?? null;
}

/** Preference among documents that disagree: the explanatory note first, then the earlier document. */
export function authority(d: DocFacts): number {
  return (d.section === 'ПЗ' ? 0 : d.section === 'ПЗУ' ? 1 : 2) * 10000 + d.doc.index;
}

/** The most frequent text fact of a document under a key function (first occurrence breaks ties). */
export function docText(facts: readonly TextFact[], key: (s: string) => string): TextFact | null {
  return mostFrequent(facts, (f) => key(f.value));
}

export const quote = (s: string) => `«${s.replace(/[«»]/g, '"')}»`;

/** The pages a list of facts stands on, once each, in order. */
export const pagesOf = (facts: readonly { docPage: number }[]): number[] => [...new Set(facts.map((f) => f.docPage))].sort((a, b) => a - b);
