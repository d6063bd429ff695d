import { BASE_LEVEL_DATES } from '../facts/estimate-form.ts';
import type { DocFacts, EstimateFormFacts, PriceLevelStatement } from '../facts/types.ts';
import { pagesOf } from './common.ts';
import { ruDate } from './reference-date.ts';
import { defineCheck } from './types.ts';

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
 * What the signature lines lack: «Составил» with no name typed, «Проверил» blank or absent. Lines read by OCR are not
 * judged (a name written by hand is not read); the rows «Разраб.» and «Пров.» of a title block the estimate bears
 * sign it as well. `typed` says whether any name is typed at all.
 */
function unsigned(d: DocFacts, form: EstimateFormFacts): { missing: string; typed: boolean; lines: EstimateFormFacts['signatures'] } | null {
  const lines = form.signatures.filter((s) => !s.scanned);
  const compilers = lines.filter((s) => s.role === 'Составил');
  const checkers = lines.filter((s) => s.role === 'Проверил');
  if (!compilers.length && !checkers.length) return null;
  const compiled = compilers.some((s) => s.name) || d.stamps.some((s) => s.roles['Разраб.'] === 'filled');
  const checked = checkers.some((s) => s.name) || d.stamps.some((s) => s.roles['Пров.'] === 'filled');
  const compilerBlank = compilers.length > 0 && !compiled;
  if (checked && !compilerBlank) return null;
  const checker = checkers.length ? 'строка «Проверил» не заполнена' : 'строки «Проверил» нет';
  const missing = compilerBlank
    ? checked
      ? 'строка «Составил» не заполнена: проверивший указан, составивший — нет'
      : `не указаны составивший и проверивший: строка «Составил» не заполнена, ${checker}`
    : `${checker}: составивший указан, проверивший — нет`;
  return { missing, typed: compiled || checked, lines };
}

/** «Основание:» printed with nothing after it, where no other line of the estimate fills it. */
function blankBasis(form: EstimateFormFacts): EstimateFormFacts['basis'] {
  const typed = form.basis.filter((b) => !b.scanned);
  return typed.some((b) => b.value) ? [] : typed;
}

const where = (d: DocFacts, pages: number[]) => (pages.length ? pages : [1]).map((page) => ({ doc: d, page }));

/**
 * An estimate's own form, read from its text the same way whatever its file (PDF, DOCX, XLSX, the ГРАНД-Смета export):
 * the level of prices, stated alike in its heading and its totals; the compiler and the checker named on its signature
 * lines; its «Основание» filled; the indices it applies given with the letter they come from.
 */
export const estimateForm = defineCheck({
  id: 'estimate.form',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Сметный расчёт: уровень цен указан непротиворечиво, подписи, основание и источник индексов указаны',
  appliesTo: ['estimate'],
  find(ctx, report) {
    // an index is sourced where any estimate of the set names the letter of its indices (the note to the estimate does)
    const indexSourced = ctx.docs.some((d) => d.estimateForm?.indexes.some((i) => i.sourced));
    for (const d of ctx.docs) {
      const form = d.estimateForm;
      if (!form) continue;
      const name = d.doc.name;
      const minor = (f: Omit<Parameters<typeof report>[0], 'about' | 'importance'>) => report({ about: d, importance: 'minor', ...f });
      const conflict = priceLevelConflict(form.priceLevels);
      if (conflict)
        report({
          about: d,
          essence: `В сметном расчёте «${name}» уровень цен указан противоречиво: ${conflict.essence}.`,
          evidence: conflict.evidence.join('\n'),
          action: 'Указать один уровень цен, в котором составлен расчёт (базисный с его датой или текущий с кварталом и индексами), в заголовке и в итогах.',
          places: pagesOf(form.priceLevels).map((page) => ({ doc: d, page })),
        });
      const signatures = unsigned(d, form);
      if (signatures && !signatures.typed && d.doc.format === 'pdf')
        // no name typed anywhere on a PDF: the names may be written by hand beside a drawn signature, which is no text
        report.question({
          section: d.section ?? 'СМ',
          text: `В сметном расчёте «${name}» фамилии составившего и проверившего в тексте не указаны. Подписан ли расчёт составившим и проверившим (подписи и расшифровки от руки в тексте PDF не читаются)?`,
          reason: signatures.lines
            .slice(0, 3)
            .map((s) => s.snippet)
            .join('\n'),
          places: where(d, pagesOf(signatures.lines)),
        });
      else if (signatures)
        minor({
          essence: `В сметном расчёте «${name}» ${signatures.missing}.`,
          evidence: signatures.lines
            .slice(0, 3)
            .map((s) => s.snippet)
            .join('\n'),
          action: 'Указать должности и фамилии составившего и проверившего расчёт и подписать его.',
          places: where(d, pagesOf(signatures.lines)),
        });
      const basis = blankBasis(form);
      if (basis.length)
        minor({
          essence: `В сметном расчёте «${name}» строка «Основание» не заполнена: не указано, по каким документам составлен расчёт.`,
          evidence: basis[0]!.snippet,
          action:
            'Указать в строке «Основание» проектную документацию (шифр, раздел, листы), ведомость объёмов работ или дефектную ведомость, по которой составлен расчёт.',
          places: where(d, pagesOf(basis)),
        });
      const unsourced = indexSourced ? [] : form.indexes.filter((i) => !i.scanned && !i.sourced);
      if (unsourced.length)
        minor({
          essence: `В сметном расчёте «${name}» индекс изменения сметной стоимости применён без ссылки на документ, которым он установлен: ${unsourced
            .slice(0, 3)
            .map((i) => `«${i.raw}»`)
            .join(', ')}.`,
          evidence: unsourced
            .slice(0, 3)
            .map((i) => i.snippet)
            .join('\n'),
          action: 'Указать письмо Минстроя России (или иной документ), которым установлен индекс, с его датой и номером.',
          places: where(d, pagesOf(unsourced)),
        });
    }
  },
});
