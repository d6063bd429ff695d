import type { XmlNoteFacts } from '../extract/xml-note.ts';
import type { DocFacts, ResourceFact } from '../facts/types.ts';
import { findResources, KW_PER_GCAL_H, RESOURCE_TITLES } from '../facts/resources.ts';
import { formatValue, roundingStep } from '../facts/values.ts';
import { collapseSpaces } from '../text/normalize.ts';
import { textDocs } from './common.ts';
import { disagreement, heldAgainst, judge, toldOf, type Statement, type Verdict } from './judge.ts';
import { isTuDoc, soleValue } from './sole-values.ts';
import { defineCheck, where, type CheckContext, type Place } from './types.ts';

/** ОКЕИ codes of the units a Resource or PowerIndicator may be given in (normocontrol.md §6). */
const OKEI_UNITS: Record<string, string> = { '214': 'кВт', '238': 'Гкал/ч', '598': 'м³/ч' };

/** Resources and PowerIndicator entries of the XML note read as labelled loads («Расчетная электрическая мощность», 214, 245). */
export function xmlResources(x: XmlNoteFacts): ResourceFact[] {
  const out: ResourceFact[] = [];
  for (const r of [...x.resources, ...x.indicators]) {
    const unit = OKEI_UNITS[r.measure];
    const found =
      findResources(collapseSpaces(`${r.name} ${r.value}`), 1)[0] ?? (unit ? findResources(collapseSpaces(`${r.name}, ${unit} ${r.value}`), 1)[0] : undefined);
    if (found) out.push({ ...found, snippet: `${r.name}: ${r.value}${unit ? ` (ОКЕИ ${r.measure})` : ''}` });
  }
  return out;
}

/** Equal within the rounding of either; a figure converted from Гкал/ч to кВт may differ by the conversion's 1 %. */
export function sameLoad(a: ResourceFact, b: ResourceFact): boolean {
  const converted = (a.scale ?? 1) !== (b.scale ?? 1) ? 0.01 * Math.max(a.value, b.value) : 0;
  return Math.abs(a.value - b.value) <= Math.max(roundingStep(a), roundingStep(b)) + converted + 1e-6;
}

const keyOf = (f: ResourceFact) => `${f.resource}|${f.measure}|${f.unit}`;
/** In the unit the document wrote: «0,279 Гкал/ч», not the кВт it was compared in. */
const shown = (f: ResourceFact) =>
  f.scale === KW_PER_GCAL_H
    ? `${formatValue(f.value / f.scale, 3)} Гкал/ч`
    : f.scale === 1000
      ? `${formatValue(f.value / 1000, 3)} МВт`
      : `${formatValue(f.value)} ${f.unit}`;
const placeOf = (d: DocFacts, f: ResourceFact): Place => ({ doc: d, page: d.xml ? 1 : f.docPage });
const said = (d: DocFacts, f: ResourceFact) => (d.xml ? `XML (Resources): ${f.snippet}` : `${where(placeOf(d, f))}: ${f.snippet}`);

/**
 * Where a load is the object's: its subsection, the ПЗ, the XML note, a ТУ. Other sections give loads of equipment or of
 * the construction period under the same words («Установленная мощность — 15 кВт» of the ventilation in ИОС4).
 */
const STATED_IN: Record<ResourceFact['resource'], readonly string[]> = { power: ['ИОС1', 'ПЗ'], water: ['ИОС2', 'ПЗ'], heat: ['ИОС4', 'ПЗ'] };
const statedBy = (ctx: CheckContext, d: DocFacts, f: ResourceFact) => !!d.xml || isTuDoc(ctx, d) || STATED_IN[f.resource].includes(d.section ?? '');

/** Each document's one figure per resource, measure and unit (none when it gives two that differ). */
function itemsByKey(ctx: CheckContext): Map<string, { doc: DocFacts; item: ResourceFact }[]> {
  const by = new Map<string, { doc: DocFacts; item: ResourceFact }[]>();
  const docs: { doc: DocFacts; facts: ResourceFact[] }[] = textDocs(ctx.docs).map((doc) => ({
    doc,
    facts: doc.resources.filter((f) => statedBy(ctx, doc, f)),
  }));
  if (ctx.xml) docs.push({ doc: ctx.xml.doc, facts: xmlResources(ctx.xml.facts) });
  for (const { doc, facts } of docs) {
    for (const key of new Set(facts.map(keyOf))) {
      const item = soleValue(
        facts.filter((f) => keyOf(f) === key),
        sameLoad,
      );
      if (item) by.set(key, [...(by.get(key) ?? []), { doc, item }]);
    }
  }
  return by;
}

/** E-01: loads of the object in ИОС, ПЗ, the XML note and the ТУ agree (like with like: measure, resource, unit). */
export const resourcesConsistency = defineCheck({
  id: 'consistency.resources',
  theme: 'engineering',
  importance: 'significant',
  title: 'Электрическая мощность, водопотребление и тепловая нагрузка объекта совпадают в ИОС, ПЗ, XML ПЗ и ТУ',
  find(ctx, report) {
    const source = (d: DocFacts) => isTuDoc(ctx, d);
    const statement = (x: { doc: DocFacts; item: ResourceFact }): Statement<ResourceFact> => ({
      doc: x.doc,
      item: x.item,
      place: placeOf(x.doc, x.item),
      said: said(x.doc, x.item),
    });
    const nameOf = (f: ResourceFact) => RESOURCE_TITLES[f.resource][f.measure] ?? 'нагрузка';
    for (const items of itemsByKey(ctx).values()) {
      const design = items.filter((x) => !source(x.doc)).map(statement);
      // a ТУ gives the most the network will supply: only a design figure above it contradicts it
      const overTu: Verdict<ResourceFact>[] = items
        .filter((x) => source(x.doc))
        .flatMap((ref) =>
          heldAgainst(design, ref.item, (load, tu) => load.value <= tu.value || sameLoad(load, tu)).map((other) => ({
            other,
            ref: statement(ref),
            majority: 1,
            more: [],
          })),
        );
      for (const v of judge(design, { same: sameLoad })) {
        const name = nameOf(v.other.item);
        report(
          toldOf(v, {
            shown,
            essence: disagreement('значения', name, shown),
            action: `Уточнить ${name} по расчёту в подразделе ИОС и привести значение к единому в ИОС, ПЗ и XML ПЗ (Resources); сверить с техническими условиями.`,
          }),
        );
      }
      for (const v of overTu) {
        report(
          toldOf(v, {
            shown,
            essence: (x) =>
              `Значение «${nameOf(x.other.item)}» в «${x.other.doc.doc.name}» (${shown(x.other.item)}) превышает указанное в технических условиях «${x.ref.doc.doc.name}» (${shown(x.ref.item)}).`,
            action: 'Привести нагрузку объекта в соответствие с техническими условиями или получить ТУ на требуемую нагрузку; исправить значение в ИОС и ПЗ.',
          }),
        );
      }
    }
  },
});
