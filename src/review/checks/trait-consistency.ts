import type { XmlCharacteristic } from '../extract/xml-note.ts';
import type { DocFacts, TraitFact, TraitKind } from '../facts/types.ts';
import { formatTrait, TRAIT_TITLES, traitsAgree, xmlTrait } from '../facts/traits.ts';
import { FIGURES } from '../facts/catalogue.ts';
import { designAssignments, designDocs } from './common.ts';
import { typeOf } from './sole-values.ts';
import { figureTold } from './consistency-values.ts';
import { disagreement, judge, statementOf, toldOf, type Statement } from './judge.ts';
import { defineCheck, where, type Check, type CheckContext, type Report } from './types.ts';

/** What one document (or the XML note) says of a characteristic: one value, or the set of Ф-classes of the building. */
interface Group {
  facts: TraitFact[];
}

/** Kinds where a document names several values of the building as one set (Ф1.3 and Ф4.3 of a house with shops). */
const SET_KINDS = new Set<TraitKind>(['functional_fire_class']);

/**
 * Two statements can be the same. For a set of Ф-classes the building's own class (not one listed after it for a part)
 * of one side must be among the other's: «Ф1.3, Ф4.3» and «Ф1.4, Ф4.3» disagree although both name the shops.
 */
function agree(a: Group, b: Group): boolean {
  const meets = (x: Group, y: Group) => x.facts.some((f) => !f.secondary && y.facts.some((g) => traitsAgree(f, g)));
  return meets(a, b) || meets(b, a);
}

/**
 * A document's statement of a kind, or null when it states none or is ambiguous (two values that cannot both be the
 * building's, e.g. a degree for the building and another one for a part the label did not name).
 */
function groupOf(doc: DocFacts, kind: TraitKind): Group | null {
  const facts = doc.traits.filter((t) => t.kind === kind);
  if (!facts.length) return null;
  if (SET_KINDS.has(kind)) return { facts };
  if (facts.some((a) => facts.some((b) => !traitsAgree(a, b)))) return null;
  // the most specific spelling represents the document: «IIВ» rather than «II»
  const rep = facts.reduce((best, f) => (f.value.length > best.value.length ? f : best), facts[0]!);
  return { facts: [rep] };
}

function xmlStatement(ctx: CheckContext, kind: TraitKind, elements: readonly XmlCharacteristic[]): Group | null {
  if (!ctx.xml) return null;
  for (const el of elements) {
    const raw = ctx.xml.facts.characteristics[el];
    const fact = raw ? xmlTrait(el, raw) : null;
    if (fact?.kind === kind) return { facts: [fact] };
  }
  return null;
}

const shown = (s: Group) => [...new Set(s.facts.map(formatTrait))].join(', ');

export interface TraitCheckSpec {
  id: string;
  title: string;
  kinds: readonly TraitKind[];
  /** XML elements of the object compared too. */
  xml: readonly XmlCharacteristic[];
  action: string;
  norm: string;
  /**
   * The design assignment states these characteristics as the values the object must have (a climate district, a fire
   * category) and is the reference where it states one; absent where it states a bound instead (an energy class «не ниже
   * B», which assignment.requirements judges).
   */
  assignmentStates?: true;
  /** A remark on the values in conflict (a value of the wrong kind written under the label), or null. */
  remark?(kind: TraitKind, values: string[]): string | null;
  /**
   * Judges the set against a reference first (the climate of the place in СП 131.13330) and returns the kinds and figure
   * keys it judged: those are not compared across documents too, a wrong value is one cause and one finding.
   */
  reference?(ctx: CheckContext, report: Report): ReadonlySet<string>;
}

/**
 * A cross-document check of labelled characteristics (C-10 … C-12): a document (or the XML note) that states a value
 * none of the majority's statements can agree with is reported, quoting both places. Documents that state nothing,
 * or state the value ambiguously, take no part. The catalogue's figures reported under the same id (the snow load of the
 * climate data) are judged with them.
 */
export function traitCheck<const Id extends string>(spec: TraitCheckSpec & { id: Id }): Check<Id> {
  const figures = FIGURES.filter((f) => f.checkId === spec.id);
  return defineCheck({
    id: spec.id,
    theme: 'construction',
    importance: 'significant',
    title: spec.title,
    find(ctx, report) {
      const held = spec.reference?.(ctx, report) ?? new Set<string>();
      for (const kind of spec.kinds) {
        if (held.has(kind)) continue;
        const statements: Statement<Group>[] = [];
        const quoteOf = (s: Group) => [...new Set(s.facts.map((f) => f.snippet))].join(' … ');
        // the design assignment states the characteristics the customer requires: the reference wherever it states one
        for (const doc of [...designDocs(ctx), ...(spec.assignmentStates ? designAssignments(ctx) : [])]) {
          const s = groupOf(doc, kind);
          if (s) statements.push(statementOf(doc, s, s.facts[0]!.docPage, quoteOf(s)));
        }
        const xs = xmlStatement(ctx, kind, spec.xml);
        if (xs)
          statements.push({
            doc: ctx.xml!.doc,
            item: xs,
            place: { doc: ctx.xml!.doc, page: 1 },
            said: `${where({ doc: ctx.xml!.doc, page: 1 })}: ${quoteOf(xs)}`,
          });
        const name = TRAIT_TITLES[kind];
        for (const v of judge(statements, { same: agree, isSource: (d) => typeOf(ctx, d) === 'design_task' })) {
          const remark = spec.remark?.(
            kind,
            [...v.other.item.facts, ...v.ref.item.facts].map((f) => f.value),
          );
          report(
            toldOf(v, {
              shown,
              essence: (x) => `${disagreement('характеристики', name, shown)(x)}${remark ? ` ${remark}` : ''}`,
              action: spec.action.replace('{name}', name),
              norm: spec.norm,
            }),
          );
        }
      }
      for (const f of figures) if (!held.has(f.key)) for (const told of figureTold(ctx, f)) report(told);
    },
  });
}
