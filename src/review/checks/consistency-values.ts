import type { Theme } from '../../kernel/result.ts';
import { FIGURES, figure, type FigureAttribute } from '../facts/catalogue.ts';
import type { DocFacts, ValueFact, ValueKind } from '../facts/types.ts';
import { findValues, formatValue, sameValue, VALUE_UNITS } from '../facts/values.ts';
import { collapseSpaces } from '../text/normalize.ts';
import { designDocs, docValue } from './common.ts';
import { foreignObjects } from './object-identity.ts';
import { disagreement, judge, statementOf, toldOf, type Statement, type Verdict } from './judge.ts';
import { isGpzuDoc, soleValue, typeOf } from './sole-values.ts';
import { defineCheck, type Check, type CheckContext, type FindingDraft } from './types.ts';

/** TEI/PowerIndicator entries read as key values (ОКЕИ 909 «квартира» counts apartments). */
export function xmlValues(ctx: Pick<CheckContext, 'xml'>): ValueFact[] {
  const out: ValueFact[] = [];
  for (const i of ctx.xml?.facts.indicators ?? []) {
    const found = findValues(collapseSpaces(`${i.name} ${i.value}`), 1);
    if (found[0]) out.push({ ...found[0], raw: `${i.name}: ${i.value}`, snippet: `${i.name}: ${i.value}` });
    else if (i.measure === '909' && /квартир/i.test(i.name)) {
      const v = Number(i.value.replace(',', '.'));
      if (Number.isInteger(v)) out.push({ kind: 'apartments', value: v, raw: i.value, docPage: 1, snippet: `${i.name}: ${i.value}` });
    }
  }
  return out;
}

/** A value as printed in a finding: «1 234,5 м²», «145,60», a range «1–3», a year «1975». */
export function shownValue(f: FigureAttribute, v: number, upTo?: number): string {
  const n = (x: number) =>
    f.year
      ? String(x)
      : f.decimals
        ? x.toLocaleString('ru-RU', { minimumFractionDigits: f.decimals, maximumFractionDigits: 3 }).replace(/\s/g, ' ')
        : formatValue(x);
  return `${n(v)}${upTo !== undefined ? `–${n(upTo)}` : ''}${VALUE_UNITS[f.key as ValueKind]}`;
}

/** A stated value as printed in a finding, by its figure of the catalogue: «переменная этажность 1–3» is «1–3», not «1». */
export const shownFact = (x: ValueFact): string => shownValue(figure(x.kind), x.value, x.upTo);

/**
 * What each participant states of a figure: every design document (its usual value, and a contradicting statement about
 * the designed object said in passing), the XML note's TEI, and a source document (the ГПЗУ for the plot) where the
 * catalogue names one.
 */
export function figureStatements(ctx: CheckContext, f: FigureAttribute): Statement<ValueFact>[] {
  const kind = f.key as ValueKind;
  const out: Statement<ValueFact>[] = [];
  const add = (doc: DocFacts, v: ValueFact) => out.push(statementOf(doc, v, v.docPage, v.snippet));
  const sources = ctx.docs.filter((d) => !d.xml && d.pagesRead > 0 && isSourceOf(ctx, f, d));
  // a whole volume of another object states another building's figures: identity.other_object reports it, once
  const foreign = new Set(foreignObjects(ctx).flatMap((x) => (x.wholeVolume ? [x.doc] : [])));
  for (const doc of [...designDocs(ctx).filter((d) => !foreign.has(d)), ...sources]) {
    const own = doc.values.filter((v) => v.kind === kind);
    if (f.sole) {
      const v = soleValue(own, sameValue);
      if (v) add(doc, v);
      continue;
    }
    const usual = docValue(doc, kind);
    if (!usual) continue;
    add(doc, usual);
    for (const v of own) if (v.designed && !sameValue(v, usual) && !out.some((s) => s.doc === doc && sameValue(s.item, v))) add(doc, v);
  }
  if (ctx.xml) {
    const x = xmlValues(ctx).find((v) => v.kind === kind);
    if (x) add(ctx.xml.doc, x);
  }
  return out;
}

/**
 * A document stating the figure with authority, the reference wherever it states it: the ГПЗУ for the plot, the design
 * assignment for the capacity it orders («Количество учащихся — 550»).
 */
function isSourceOf(ctx: CheckContext, f: FigureAttribute, d: DocFacts): boolean {
  return (!!f.sources?.includes('gpzu') && isGpzuDoc(ctx, d)) || (!!f.sources?.includes('design_task') && typeOf(ctx, d) === 'design_task');
}

const defaultAction = (f: FigureAttribute) =>
  `Уточнить ${f.title} и привести значение к единому во всех разделах (ПЗ, ТЭП, графическая часть); после исправления проверить зависящие от него решения.`;

/** One figure's verdicts, judged once per set: the figure's check tells the documents', the XML check the XML note's. */
interface FigureVerdict {
  v: Verdict<ValueFact>;
  /** The XML note alone against the set (no document states its value): the XML check's finding. */
  xmlAlone: boolean;
}

const judgedFigures = new WeakMap<CheckContext, Map<string, FigureVerdict[]>>();

/** The judge's verdicts on a figure: every participant's statement, the source documents the reference where they state it. */
export function figureVerdicts(ctx: CheckContext, f: FigureAttribute): FigureVerdict[] {
  const known = judgedFigures.get(ctx) ?? new Map<string, FigureVerdict[]>();
  judgedFigures.set(ctx, known);
  const cached = known.get(f.key);
  if (cached) return cached;
  const statements = figureStatements(ctx, f);
  const verdicts = judge(statements, { same: sameValue, isSource: (d) => isSourceOf(ctx, f, d) }).map((v) => ({
    v,
    // the XML siding with some documents means the documents disagree: theirs is the finding
    xmlAlone: !!v.other.doc.xml && !statements.some((s) => s !== v.other && !s.doc.xml && sameValue(s.item, v.other.item)),
  }));
  known.set(f.key, verdicts);
  return verdicts;
}

/** The XML note alone against the set, as the XML check tells it: the note's TEI is written apart from the volumes. */
export function xmlFigureTold(f: FigureAttribute, v: Verdict<ValueFact>): FindingDraft {
  return {
    about: v.other.doc,
    against: v.ref.doc,
    essence: `Значение «${f.title}» в XML пояснительной записке (${shownFact(v.other.item)}) не совпадает с документами комплекта (${shownFact(v.ref.item)}).`,
    evidence: `${v.other.said}\n${v.ref.said}${v.majority > 1 ? `\nЗначение ${shownFact(v.ref.item)} указано также в ${v.majority - 1} др. док.` : ''}`,
    action: `Уточнить ${f.title} и привести значение в XML ПЗ (TEI) и в документах к единому.`,
    places: [v.other.place, v.ref.place],
  };
}

/** The documents' disagreements on one figure as told under the figure's check (the XML note's are the XML check's). */
export function figureTold(ctx: CheckContext, f: FigureAttribute): FindingDraft[] {
  return figureVerdicts(ctx, f)
    .filter(({ v }) => !v.other.doc.xml)
    .map(({ v }) => toldOf(v, { shown: shownFact, essence: disagreement('значения', f.title, shownFact), action: f.action ?? defaultAction(f) }));
}

/** A cross-document check of the catalogue's figures reported under its id (C-04 … C-09). */
export function figureCheck<const Id extends string>(id: Id, title: string, theme: Theme = 'construction'): Check<Id> {
  const figures = FIGURES.filter((f) => f.checkId === id);
  if (!figures.length) throw new Error(`no figure of the catalogue reports under ${id}`);
  return defineCheck({
    id,
    theme,
    importance: 'significant',
    title,
    find(ctx, report) {
      for (const told of oneCausePerQuote(figures.flatMap((f) => figureTold(ctx, f).map((finding) => ({ f, finding }))))) report(told);
    },
  });
}

/**
 * Figures of one document read from the same quoted statements («размеры здания в осях 52,28×102,14 м» against
 * «53,58×80,10 м») differ for one cause: one finding names them all.
 */
function oneCausePerQuote(told: { f: FigureAttribute; finding: FindingDraft }[]): FindingDraft[] {
  const groups = new Map<string, { f: FigureAttribute; finding: FindingDraft }[]>();
  for (const t of told) {
    const key = `${t.finding.about?.doc.index}|${t.finding.evidence}`;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  return [...groups.values()].map((g) => {
    if (g.length === 1) return g[0]!.finding;
    // each essence reads «Расхождение значения «…» между документами: <values>.»: the values are kept, one per figure
    const values = g.map(({ f, finding }) => `${f.title} — ${finding.essence.slice(finding.essence.indexOf(': ') + 2).replace(/\.$/, '')}`);
    return {
      ...g[0]!.finding,
      essence: `Расхождение значений между документами: ${values.join('; ')}.`,
      action: `Уточнить ${g.map(({ f }) => f.title).join(', ')} и привести значения к единым во всех разделах; после исправления проверить зависящие от них решения.`,
    };
  });
}

export const storeysConsistency = figureCheck('consistency.storeys', 'Этажность, количество этажей и количество подземных этажей совпадают во всех документах');
export const areaConsistency = figureCheck(
  'consistency.area',
  'Площади объекта (общая, застройки, участка, полезная, расчётная, квартир, нежилых помещений, озеленения, покрытий) совпадают во всех документах',
);
export const volumeConsistency = figureCheck(
  'consistency.building_volume',
  'Строительный объём (всего, надземной и подземной частей) совпадает во всех документах',
);
export const apartmentsConsistency = figureCheck('consistency.apartments', 'Количество квартир совпадает во всех документах');
export const capacityConsistency = figureCheck(
  'consistency.capacity',
  'Мощность и вместимость объекта (мощность в наименовании и котельной, места, учащиеся, посещения в смену, работающие, жители, койки, машино-места) совпадают во всех документах',
);
export const indicatorsConsistency = figureCheck(
  'consistency.indicators',
  'Высота здания и этажа, размеры в осях, год постройки, продолжительность строительства, количество лифтов, секций и подъездов совпадают во всех документах',
);
