/**
 * Appendices of a volume («Приложение А», «ПРИЛОЖЕНИЕ 3»): a page that opens with such a heading begins a part of
 * its own, often with its own numbering or documents of other organisations (letters, certificates, calculations).
 */
import type { AppendixStart, DocFacts } from './types.ts';

/** The heading alone on its line, or followed by its title or «(обязательное)»: «Приложение Б. Расчёт …». */
const APPENDIX_RE = /^приложение\s+(?:№\s*)?([А-ЯЁA-Z]|\d{1,2})(?=$|[\s.:(])[^\n]{0,120}$/iu;
/** The heading stands among the page's first lines: a running header or the page's binding labels may come before it. */
const FIRST_LINES = 4;

/** The page's first non-empty lines, spaces collapsed; read up to them only (this runs on every page). */
function firstLines(text: string): string[] {
  const out: string[] = [];
  for (let from = 0; from < text.length && out.length < FIRST_LINES; ) {
    const end = text.indexOf('\n', from);
    const line = text
      .slice(from, end < 0 ? text.length : end)
      .replace(/\s+/g, ' ')
      .trim();
    if (line) out.push(line);
    from = end < 0 ? text.length : end + 1;
  }
  return out;
}

/** The appendix a page opens, or null: only a heading among the page's first lines counts, never a reference in the text. */
export function appendixStart(text: string, docPage: number): AppendixStart | null {
  for (const line of firstLines(text)) {
    const m = APPENDIX_RE.exec(line);
    if (!m) continue;
    const label = line.slice(0, line.indexOf(m[1]!, 'приложение'.length) + m[1]!.length);
    const rest = line.slice(label.length);
    // «Приложение А к приказу …», a contents row «Приложение А Технические условия 45» ending in its sheet: not a heading
    if (/^\s+к\s/iu.test(rest) || /[А-ЯЁа-яё].*\s\d{1,3}$/u.test(rest)) continue;
    return { docPage, label };
  }
  return null;
}

/**
 * «Технико-экономические показатели для расчета НМЦК»: figures an assignment gives for the price of the contract
 * (all buildings of a lot, the houses to be resettled), not requirements of the design.
 */
const COST_INDICATORS_RE = /показател[а-яё]*\s+(?:для|к)\s+расч[её]т[ау]?\s+(?:НМЦК|начальной\s*\(?\s*максимальной\s*\)?\s*цены|стоимости)/iu;

/** Whether a page opens the indicators for a cost calculation (looked for in its first part only). */
export function opensCostIndicators(text: string): boolean {
  return COST_INDICATORS_RE.test(text.slice(0, 4000));
}

/** Whether a page of the document lies in its cost-calculation indicators: from their first page to the next appendix. */
export function inCostIndicators(d: DocFacts, docPage: number): boolean {
  const from = d.costIndicatorsFrom;
  if (from === undefined || docPage < from) return false;
  const next = d.appendices?.find((a) => a.docPage > from)?.docPage;
  return next === undefined || docPage < next;
}
