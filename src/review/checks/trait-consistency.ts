import type { XmlCharacteristic } from '../extract/xml-note.ts';
import type { DocFacts, TraitFact, TraitKind } from '../facts/types.ts';
import { formatTrait, TRAIT_TITLES, traitsAgree, xmlTrait } from '../facts/traits.ts';
import { groupBy, designDocs } from './common.ts';
import { reviewSide, where, type Check, type CheckContext, type DraftFinding, type Place } from './types.ts';

/** What one document (or the XML note) says of a characteristic: one value, or the set of Ф-classes of the building. */
interface Statement {
  facts: TraitFact[];
}

/** Kinds where a document names several values of the building as one set (Ф1.3 and Ф4.3 of a house with shops). */
const SET_KINDS = new Set<TraitKind>(['functional_fire_class']);

/**
 * Two statements can be the same. For a set of Ф-classes the building's own class (not one listed after it for a part)
 * of one side must be among the other's: «Ф1.3, Ф4.3» and «Ф1.4, Ф4.3» disagree although both name the shops.
 */
function agree(a: Statement, b: Statement): boolean {
  const meets = (x: Statement, y: Statement) => x.facts.some((f) => !f.secondary && y.facts.some((g) => traitsAgree(f, g)));
  return meets(a, b) || meets(b, a);
}

/**
 * A document's statement of a kind, or null when it states none or is ambiguous (two values that cannot both be the
 * building's, e.g. a degree for the building and another one for a part the label did not name).
 */
function statementOf(doc: DocFacts, kind: TraitKind): Statement | null {
  const facts = doc.traits.filter((t) => t.kind === kind);
  if (!facts.length) return null;
  if (SET_KINDS.has(kind)) return { facts };
  if (facts.some((a) => facts.some((b) => !traitsAgree(a, b)))) return null;
  // the most specific spelling represents the document: «IIВ» rather than «II»
  const rep = facts.reduce((best, f) => (f.value.length > best.value.length ? f : best), facts[0]!);
  return { facts: [rep] };
}

function xmlStatement(ctx: CheckContext, kind: TraitKind, elements: readonly XmlCharacteristic[]): Statement | null {
  if (!ctx.xml) return null;
  for (const el of elements) {
    const raw = ctx.xml.facts.characteristics[el];
    const fact = raw ? xmlTrait(el, raw) : null;
    if (fact?.kind === kind) return { facts: [fact] };
  }
  return null;
}

const shown = (s: Statement) => [...new Set(s.facts.map(formatTrait))].join(', ');

export interface TraitCheckSpec {
  id: string;
  title: string;
  kinds: readonly TraitKind[];
  /** XML elements of the object compared too. */
  xml: readonly XmlCharacteristic[];
  action: string;
  norm: string;
  /** A remark on the values in conflict (a value of the wrong kind written under the label), or null. */
  remark?(kind: TraitKind, values: string[]): string | null;
}

/**
 * A cross-document check of labelled characteristics (C-10 … C-12): a document (or the XML note) that states a value
 * none of the majority's statements can agree with is reported, quoting both places. Documents that state nothing,
 * or state the value ambiguously, take no part.
 */
export function traitCheck<const Id extends string>(spec: TraitCheckSpec & { id: Id }): Check<Id> {
  return {
    id: spec.id,
    theme: 'construction',
    importance: 'significant',
    title: spec.title,
    run(ctx) {
      const findings: DraftFinding[] = [];
      for (const kind of spec.kinds) {
        const items: { doc: DocFacts; item: Statement }[] = [];
        for (const doc of designDocs(ctx)) {
          const s = statementOf(doc, kind);
          if (s) items.push({ doc, item: s });
        }
        const xs = xmlStatement(ctx, kind, spec.xml);
        if (xs) items.push({ doc: ctx.xml!.doc, item: xs });
        const groups = groupBy(items, agree);
        if (groups.length < 2) continue;
        const major = groups[0]!;
        const ref = major[0]!;
        for (const other of groups.slice(1).flat()) {
          // non-transitive agreement («II» ~ «IIВ» ~ «II»): only a statement no one of the majority agrees with is a conflict
          if (major.some((m) => agree(m.item, other.item))) continue;
          const about = reviewSide(other.doc, ref.doc);
          if (!about) continue;
          const name = TRAIT_TITLES[kind];
          const a: Place = { doc: ref.doc, page: ref.item.facts[0]!.docPage };
          const b: Place = { doc: other.doc, page: other.item.facts[0]!.docPage };
          const quoteOf = (s: Statement) => [...new Set(s.facts.map((f) => f.snippet))].join(' … ');
          const remark = spec.remark?.(
            kind,
            [...other.item.facts, ...ref.item.facts].map((f) => f.value),
          );
          findings.push({
            checkId: spec.id,
            importance: 'significant',
            theme: 'construction',
            about,
            essence: `Расхождение характеристики «${name}» между документами: ${shown(other.item)} в «${other.doc.doc.name}» и ${shown(ref.item)} в «${ref.doc.doc.name}».${remark ? ` ${remark}` : ''}`,
            evidence: `${where(b)}: ${quoteOf(other.item)}\n${where(a)}: ${quoteOf(ref.item)}${major.length > 1 ? `\nЗначение ${shown(ref.item)} указано также в ${major.length - 1} др. документах комплекта.` : ''}`,
            action: spec.action.replace('{name}', name),
            places: about === other.doc ? [b, a] : [a, b],
            norm: spec.norm,
          });
        }
      }
      return { findings };
    },
  };
}
