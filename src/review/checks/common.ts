import type { DocFacts, TextFact, ValueFact, ValueKind } from '../facts/types.ts';
import { sameValue } from '../facts/values.ts';

/** Documents that take part in cross-checks: readable, not the XML note (it has its own check). */
export function textDocs(docs: readonly DocFacts[]): DocFacts[] {
  return docs.filter((d) => !d.xml && d.pagesRead > 0);
}

/** The value a document states most often for a kind (labelled values first; first occurrence breaks ties), or null. */
export function docValue(d: DocFacts, kind: ValueKind): ValueFact | null {
  const all = d.values.filter((v) => v.kind === kind);
  // a labelled value («Этажность – 9») outweighs a descriptive one («9-этажный»)
  const labelled = all.filter((v) => !/этажн(?:ый|ого|ое|ая|ом|ые|ых)$/iu.test(v.raw));
  const facts = labelled.length ? labelled : all;
  let best: { v: ValueFact; n: number } | null = null;
  for (const v of facts) {
    const n = facts.filter((o) => sameValue(o, v)).length;
    if (!best || n > best.n) best = { v, n };
  }
  return best?.v ?? null;
}

/** Preference among documents that disagree: the explanatory note first, then the earlier document. */
export function authority(d: DocFacts): number {
  return (d.section === 'ПЗ' ? 0 : d.section === 'ПЗУ' ? 1 : 2) * 10000 + d.doc.index;
}

/**
 * Groups documents by an equivalence of their values and returns the majority group first (ties go to the
 * group holding the most authoritative document), so each other group can be reported against it.
 */
export function groupBy<T>(items: { doc: DocFacts; item: T }[], same: (a: T, b: T) => boolean): { doc: DocFacts; item: T }[][] {
  const groups: { doc: DocFacts; item: T }[][] = [];
  for (const it of items) {
    const g = groups.find((gr) => same(gr[0]!.item, it.item));
    if (g) g.push(it);
    else groups.push([it]);
  }
  const best = (g: { doc: DocFacts }[]) => Math.min(...g.map((x) => authority(x.doc)));
  return groups.sort((a, b) => b.length - a.length || best(a) - best(b));
}

/** The most frequent text fact of a document under a key function (first occurrence breaks ties). */
export function docText(facts: readonly TextFact[], key: (s: string) => string): TextFact | null {
  let best: { f: TextFact; n: number } | null = null;
  for (const f of facts) {
    const k = key(f.value);
    const n = facts.filter((o) => key(o.value) === k).length;
    if (!best || n > best.n) best = { f, n };
  }
  return best?.f ?? null;
}

export const quote = (s: string) => `«${s.replace(/[«»]/g, '"')}»`;
