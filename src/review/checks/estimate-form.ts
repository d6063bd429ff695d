import type { PriceLevelStatement } from '../facts/types.ts';
import { pagesOf } from './common.ts';
import { ruDate } from './reference-date.ts';
import { defineCheck } from './types.ts';

/**
 * The estimate norms of 2001 (ГЭСН, ФЕР, ТЕР) and the ФСНБ-2020 in their base-index editions are priced at 01.01.2000
 * (Госстрой, письмо от 28.06.2004 № АП-3285/06): an estimate «в текущих ценах по состоянию на 01.01.2000» names the
 * base level with the word for the current one.
 */
const BASE_LEVEL_DATES = new Set(['2000-01-01']);

const LEVEL_WORDS = { current: 'текущих', base: 'базисных' } as const;

/** Why the estimate's statements of its price level disagree, or null when they agree. */
function priceLevelConflict(statements: readonly PriceLevelStatement[]): { essence: string; evidence: string[] } | null {
  const headings = statements.filter((s) => s.heading);
  const totals = statements.filter((s) => !s.heading);
  const baseDated = headings.find((s) => s.level === 'current' && s.date && BASE_LEVEL_DATES.has(s.date));
  if (baseDated)
    return {
      essence: `уровень цен назван текущим, а дата ${ruDate(baseDated.date!)} — дата базисного уровня цен сметных нормативов`,
      evidence: [baseDated.snippet, ...totals.filter((t) => t.level === 'base').map((t) => t.snippet)].slice(0, 3),
    };
  const heading = headings[0];
  const other = heading && totals.find((t) => t.level !== heading.level);
  if (heading && other)
    return {
      essence: `в заголовке — «в ${LEVEL_WORDS[heading.level]} ценах», в итогах — «в ${LEVEL_WORDS[other.level]} ценах»`,
      evidence: [heading.snippet, other.snippet],
    };
  return null;
}

/**
 * An estimate's own form, read from its text: the level of prices it is drawn up in, stated alike in its heading and
 * its totals; the person who checked it named on its signature line as the one who drew it up is.
 */
export const estimateForm = defineCheck({
  id: 'estimate.form',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Сметный расчёт: уровень цен указан непротиворечиво, строка «Проверил» заполнена',
  appliesTo: ['estimate'],
  find(ctx, report) {
    for (const d of ctx.docs) {
      const form = d.estimateForm;
      if (!form) continue;
      const conflict = priceLevelConflict(form.priceLevels);
      if (conflict)
        report({
          about: d,
          essence: `В сметном расчёте «${d.doc.name}» уровень цен указан противоречиво: ${conflict.essence}.`,
          evidence: conflict.evidence.join('\n'),
          action: 'Указать один уровень цен, в котором составлен расчёт (базисный с его датой или текущий с кварталом и индексами), в заголовке и в итогах.',
          places: pagesOf(form.priceLevels).map((page) => ({ doc: d, page })),
        });
      // a line typed with the compiler's name and left blank for the checker: the form was filled in, the check is missing
      const compiled = form.signatures.some((s) => s.role === 'Составил' && s.name);
      const unchecked = form.signatures.filter((s) => s.role === 'Проверил' && !s.name);
      if (compiled && unchecked.length && !form.signatures.some((s) => s.role === 'Проверил' && s.name))
        report({
          about: d,
          importance: 'minor',
          essence: `В сметном расчёте «${d.doc.name}» строка «Проверил» не заполнена: составивший указан, проверивший — нет.`,
          evidence: unchecked
            .slice(0, 3)
            .map((s) => s.snippet)
            .join('\n'),
          action: 'Указать должность и фамилию проверившего расчёт и подписать его.',
          places: pagesOf(unchecked).map((page) => ({ doc: d, page })),
        });
    }
  },
});
