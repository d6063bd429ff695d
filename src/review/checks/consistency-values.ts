import type { Theme } from '../../kernel/result.ts';
import type { ValueKind } from '../facts/types.ts';
import { formatValue, sameValue, VALUE_TITLES, VALUE_UNITS } from '../facts/values.ts';
import { docValue, groupBy, designDocs } from './common.ts';
import { reviewSide, where, type Check, type DraftFinding } from './types.ts';

/**
 * A cross-document check of one or more key values (C-04, C-06 … C-08): every document states the same
 * value of each kind; a document that disagrees with the majority is reported with both places and values.
 */
function valueCheck<const Id extends string>(id: Id, kinds: ValueKind[], title: string, theme: Theme = 'construction'): Check<Id> {
  return {
    id,
    theme,
    importance: 'significant',
    title,
    run(ctx) {
      const findings: DraftFinding[] = [];
      for (const kind of kinds) {
        const items = designDocs(ctx)
          .map((doc) => ({ doc, item: docValue(doc, kind) }))
          .filter((x) => x.item !== null) as { doc: (typeof ctx.docs)[number]; item: NonNullable<ReturnType<typeof docValue>> }[];
        // a statement about the designed object that contradicts the document's usual value is compared too
        for (const d of designDocs(ctx)) {
          const usual = items.find((x) => x.doc === d)?.item;
          for (const v of d.values) {
            if (v.kind !== kind || !v.designed || (usual && sameValue(v, usual))) continue;
            if (!items.some((x) => x.doc === d && sameValue(x.item, v))) items.push({ doc: d, item: v });
          }
        }
        const groups = groupBy(items, sameValue);
        if (groups.length < 2) continue;
        const ref = groups[0]![0]!;
        for (const g of groups.slice(1)) {
          for (const other of g) {
            const about = reviewSide(other.doc, ref.doc);
            if (!about) continue;
            const name = VALUE_TITLES[kind];
            const unit = VALUE_UNITS[kind];
            const a = { doc: ref.doc, page: ref.item.docPage };
            const b = { doc: other.doc, page: other.item.docPage };
            findings.push({
              checkId: id,
              importance: 'significant',
              theme,
              about,
              essence: `Расхождение значения «${name}» между документами: ${formatValue(other.item.value)}${unit} в «${other.doc.doc.name}» и ${formatValue(ref.item.value)}${unit} в «${ref.doc.doc.name}».`,
              evidence: `${where(b)}: ${other.item.snippet}\n${where(a)}: ${ref.item.snippet}${groups[0]!.length > 1 ? `\nЗначение ${formatValue(ref.item.value)}${unit} указано также в ${groups[0]!.length - 1} др. документах комплекта.` : ''}`,
              action: `Уточнить ${name} и привести значение к единому во всех разделах (ПЗ, ТЭП, графическая часть); после исправления проверить зависящие от него решения.`,
              places: about === other.doc ? [b, a] : [a, b],
            });
          }
        }
      }
      return { findings };
    },
  };
}

export const storeysConsistency = valueCheck('consistency.storeys', ['storeys', 'floors'], 'Этажность и количество этажей совпадают во всех документах');
export const areaConsistency = valueCheck(
  'consistency.area',
  ['area_total', 'area_building', 'area_plot'],
  'Общая площадь здания, площадь застройки и площадь участка совпадают во всех документах',
);
export const volumeConsistency = valueCheck('consistency.building_volume', ['volume'], 'Строительный объём совпадает во всех документах');
export const apartmentsConsistency = valueCheck('consistency.apartments', ['apartments'], 'Количество квартир совпадает во всех документах');
