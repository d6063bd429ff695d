import type { DocFacts, RequirementFact, TraitFact, ValueFact, ValueKind } from '../facts/types.ts';
import { traitsAgree, xmlTrait } from '../facts/traits.ts';
import { inCostIndicators } from '../facts/appendix.ts';
import { formatValue, roundingStep, sameValue, VALUE_TITLES, VALUE_UNITS } from '../facts/values.ts';
import { designAssignments, designDocs, docValue } from './common.ts';
import { heldAgainst, meetsBound, type Statement } from './judge.ts';
import { defineCheck, where, type CheckContext, type Place } from './types.ts';
import { shownFact, xmlValues } from './consistency-values.ts';

/** Energy classes from the best to the worst (СП 50.13330, приказ Минстроя № 399/пр): a higher class meets a lower bound. */
const CLASS_ORDER = ['A++', 'A+', 'A', 'B+', 'B', 'C+', 'C', 'C-', 'D', 'E', 'F', 'G'];
const rank = (cls: string) => CLASS_ORDER.indexOf(cls);

/** Values an assignment states without a bound and the design must keep: counts, where a range («1–3 этажа») is usual. */
const EXACT_KINDS = new Set<ValueKind>(['storeys', 'floors', 'apartments', 'capacity']);

/** One requirement of the assignment, with where it is written. */
interface Requirement {
  fact: RequirementFact | (ValueFact & { attribute: ValueKind; bound: '=' });
  doc: DocFacts;
}

/** What the design says of an attribute: one statement per document (and the XML note), a participant of the judge. */
type DesignStatement = Statement<ValueFact | TraitFact>;

/** A design value as a participant: quoted at its page, as the finding shows it. */
function stated(doc: DocFacts, value: ValueFact | TraitFact): DesignStatement {
  const place: Place = { doc, page: value.docPage };
  return { doc, item: value, place, said: `${where(place)}: ${value.snippet}` };
}

const BOUND_WORDS = { '≤': 'не более', '≥': 'не менее', '=': '' } as const;

/** The assignment's bounds, and its plain counts («Этажность 1–3») where it states no bound of that kind. */
function requirementsOf(doc: DocFacts): Requirement[] {
  const out: Requirement[] = [];
  const key = (r: Requirement['fact']) => `${r.attribute}|${r.bound}|${r.value}`;
  const seen = new Set<string>();
  const add = (fact: Requirement['fact']) => {
    if (seen.has(key(fact))) return;
    seen.add(key(fact));
    out.push({ fact, doc });
  };
  // the indicators an assignment gives for the contract's price describe the lot, not the design
  const required = (page: number) => !inCostIndicators(doc, page);
  for (const r of doc.requirements) if (required(r.docPage)) add(r);
  for (const v of doc.values) {
    if (!EXACT_KINDS.has(v.kind) || (v.weak && v.upTo === undefined) || !required(v.docPage)) continue;
    if (doc.requirements.some((r) => r.attribute === v.kind)) continue;
    add({ ...v, attribute: v.kind, bound: '=' });
  }
  // a class the assignment sets («класс энергоэффективности – В») is the lowest class the design may have
  for (const t of doc.traits) {
    if (t.kind !== 'energy_class' || doc.requirements.some((r) => r.attribute === 'energy_class')) continue;
    const classes = (t.options ?? [t.value]).filter((c) => rank(c) >= 0);
    if (!classes.length) continue;
    const weakest = classes.reduce((a, b) => (rank(a) > rank(b) ? a : b));
    add({ attribute: 'energy_class', bound: '≥', value: weakest, unit: '', raw: t.snippet, docPage: t.docPage, snippet: t.snippet });
  }
  return out;
}

/** The design's statements of a value: each design document's usual value, and the XML note's TEI. */
function designValues(ctx: CheckContext, kind: ValueKind): DesignStatement[] {
  const out: DesignStatement[] = [];
  for (const doc of designDocs(ctx)) {
    const v = docValue(doc, kind);
    if (v) out.push(stated(doc, v));
  }
  if (ctx.xml) for (const v of xmlValues(ctx).filter((x) => x.kind === kind)) out.push(stated(ctx.xml.doc, v));
  return out;
}

/** The design's energy class: each document stating one class only, and the XML note's EnergyEfficiencyClass. */
function designClasses(ctx: CheckContext): DesignStatement[] {
  const out: DesignStatement[] = [];
  for (const doc of designDocs(ctx)) {
    const facts = doc.traits.filter((t) => t.kind === 'energy_class');
    // a document naming two classes that cannot be one («B» and «C») takes no part; «A+» and «очень высокий» agree
    if (facts.length && facts.every((f) => traitsAgree(f, facts[0]!))) out.push(stated(doc, facts.find((f) => !f.options) ?? facts[0]!));
  }
  const raw = ctx.xml?.facts.characteristics.EnergyEfficiencyClass;
  const fact = raw ? xmlTrait('EnergyEfficiencyClass', raw) : null;
  if (ctx.xml && fact) out.push(stated(ctx.xml.doc, fact));
  return out;
}

/** Whether a design value meets a numeric requirement within the rounding of the less precise of the two. */
function meetsNumber(v: ValueFact, req: Requirement['fact']): boolean {
  if (req.bound === '=') return sameValue(req as ValueFact, v);
  return meetsBound(req.bound, v, req.value as number, Math.max(0.051, roundingStep(req), roundingStep(v)));
}

/** Whether a design class is not below the required one; a class name standing for several classes gets the best of them. */
function meetsClass(t: TraitFact, req: Requirement['fact']): boolean {
  const best = Math.min(...(t.options ?? [t.value]).map(rank).filter((r) => r >= 0));
  return !Number.isFinite(best) || best <= rank(req.value as string);
}

/** A design statement as printed: a figure by its catalogue entry, a class as written. */
const shownStatement = (v: ValueFact | TraitFact) => (typeof v.value === 'number' ? shownFact(v as ValueFact) : v.value);

function shownRequirement(r: Requirement['fact'], unit: string): string {
  if (r.attribute === 'energy_class') return `не ниже ${r.value}`;
  const upTo = 'upTo' in r && r.upTo !== undefined ? `–${formatValue(r.upTo)}` : '';
  return `${BOUND_WORDS[r.bound]} ${formatValue(r.value as number)}${upTo}${unit}`.trim();
}

/**
 * The design against the assignment (ГрК РФ ст. 48: the documentation is prepared on the assignment of the developer or
 * technical customer): every limit («не более 13 000 м²», «не более 4 этажей»), lower bound («класс не ниже B») and count
 * («переменная этажность 1–3 этажа») the assignment sets is met by the values the design states; a requirement met is silent.
 */
export const assignmentRequirements = defineCheck({
  id: 'assignment.requirements',
  theme: 'construction',
  importance: 'significant',
  title: 'Проектные значения (площади, этажность, объём, мощность, класс энергоэффективности) соответствуют ограничениям задания на проектирование',
  needs: ['design_task'],
  find(ctx, report) {
    for (const task of designAssignments(ctx)) {
      for (const { fact: req, doc } of requirementsOf(task)) {
        const energy = req.attribute === 'energy_class';
        const statements = energy ? designClasses(ctx) : designValues(ctx, req.attribute as ValueKind);
        // the assignment is the yardstick: each design statement is held to its bound, not to the other statements
        const broken = heldAgainst(statements, req, (v, r) => (energy ? meetsClass(v as TraitFact, r) : meetsNumber(v as ValueFact, r)));
        // a count the assignment states («Этажность 1–3») differs from the design only when no design document keeps it: one
        // volume off the rest is the cross-document checks' finding
        if (!broken.length || (req.bound === '=' && broken.length < statements.length)) continue;
        const first = broken.find((s) => s.doc.doc.role === 'review') ?? broken[0]!;
        const name = energy ? 'класс энергетической эффективности' : VALUE_TITLES[req.attribute as ValueKind];
        const unit = energy ? '' : VALUE_UNITS[req.attribute as ValueKind];
        const reqPlace: Place = { doc, page: req.docPage };
        const values = [...new Set(broken.map((s) => shownStatement(s.item)))].join(', ');
        const what =
          req.bound === '≤'
            ? 'превышает предельное значение, установленное'
            : req.bound === '≥'
              ? 'ниже минимального значения, установленного'
              : 'не совпадает со значением, установленным';
        report({
          about: first.doc,
          against: doc,
          essence: `${name[0]!.toUpperCase()}${name.slice(1)} в проекте (${values}) ${what} заданием на проектирование (${shownRequirement(req, unit)}).`,
          evidence: [
            `Задание на проектирование, ${where(reqPlace)}: ${req.snippet}`,
            ...broken.slice(0, 4).map((s) => s.said),
            ...(broken.length > 4 ? [`и ещё в ${broken.length - 4} док.`] : []),
          ].join('\n'),
          action: `Привести значение «${name}» в проекте в соответствие с заданием на проектирование либо представить изменение задания, утверждённое застройщиком (техническим заказчиком), и указать его в исходных данных ПЗ.`,
          places: [...broken.map((s) => s.place), reqPlace],
          norm: 'Градостроительный кодекс РФ, ст. 48 (подготовка проектной документации на основании задания застройщика или технического заказчика)',
        });
      }
    }
  },
});
