import type { DocFacts, ValueFact, ValueKind } from '../facts/types.ts';
import { formatValue, VALUE_TITLES, VALUE_UNITS } from '../facts/values.ts';
import { designDocs } from './common.ts';
import { conflictsOf, soleValue } from './sole-values.ts';
import { reviewSide, where, type Check, type DraftFinding } from './types.ts';

/**
 * A check of one value of the designed object that every document states alike (C-05, C-09). A document is compared
 * only when it states one value of the kind: two different ones on its pages (sections, existing buildings) are not a
 * statement a specialist could hold against another document.
 */
export function soleValueCheck<const Id extends string>(o: {
  id: Id;
  kind: ValueKind;
  title: string;
  same: (a: ValueFact, b: ValueFact) => boolean;
  action: string /** Least decimals the values are printed with. */;
  decimals?: number;
}): Check<Id> {
  return {
    id: o.id,
    theme: 'construction',
    importance: 'significant',
    title: o.title,
    run(ctx) {
      const items = designDocs(ctx)
        .map((doc) => ({
          doc,
          item: soleValue(
            doc.values.filter((v) => v.kind === o.kind),
            o.same,
          ),
        }))
        .filter((x): x is { doc: DocFacts; item: ValueFact } => x.item !== null);
      const findings: DraftFinding[] = [];
      const name = VALUE_TITLES[o.kind];
      // elevations keep their centimetres: «145,60», not «145,6»
      const fmt = (v: number) =>
        `${o.decimals ? v.toLocaleString('ru-RU', { minimumFractionDigits: o.decimals, maximumFractionDigits: 3 }).replace(/\s/g, ' ') : formatValue(v)}${VALUE_UNITS[o.kind]}`;
      for (const { other, ref, majority } of conflictsOf(items, o.same)) {
        const about = reviewSide(other.doc, ref.doc);
        if (!about) continue;
        const a = { doc: ref.doc, page: ref.item.docPage };
        const b = { doc: other.doc, page: other.item.docPage };
        findings.push({
          checkId: o.id,
          importance: 'significant',
          theme: 'construction',
          about,
          essence: `Расхождение значения «${name}» между документами: ${fmt(other.item.value)} в «${other.doc.doc.name}» и ${fmt(ref.item.value)} в «${ref.doc.doc.name}».`,
          evidence: `${where(b)}: ${other.item.snippet}\n${where(a)}: ${ref.item.snippet}${majority > 1 ? `\nЗначение ${fmt(ref.item.value)} указано также в ${majority - 1} др. документах комплекта.` : ''}`,
          action: o.action,
          places: about === other.doc ? [b, a] : [a, b],
        });
      }
      return { findings };
    },
  };
}
