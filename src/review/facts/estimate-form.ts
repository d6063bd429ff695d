/**
 * The form of an estimate (ЛСР, ОСР, ССР) as its own text states it: the level of prices it is drawn up in, as its
 * heading says and as its totals say; its signature lines («Составил», «Проверил») with the names typed in them; its
 * «Основание»; the indices it applies with their sources; and its own date fields. The same text whatever the file
 * was: a PDF's page, an XLSX sheet, the ГРАНД-Смета export's printed form.
 */
import { DATE_SRC, isoDate as dayOf, parseRuDate } from './gpzu-citation.ts';
import { snippet } from '../text/normalize.ts';
import { isoDate } from './issued-docs.ts';
import type { BasisLine, EstimateDateStatement, EstimateFormFacts, IndexStatement, PriceLevel, PriceLevelStatement, SignatureLine } from './types.ts';

/**
 * Dates of base levels of prices: the estimate norms of 2001 (ГЭСН, ФЕР, ТЕР) and the ФСНБ-2020 in their base-index
 * editions are priced at 01.01.2000 (Госстрой, письмо от 28.06.2004 № АП-3285/06), the norms of 1984 and 1991 at
 * 01.01.1984 and 01.01.1991. A date field holding one names the price base, not the day the estimate was made.
 */
export const BASE_LEVEL_DATES: ReadonlySet<string> = new Set(['2000-01-01', '1991-01-01', '1984-01-01']);

const levelOf = (word: string): PriceLevel => (/^текущ/iu.test(word) ? 'current' : 'base');

// «Составлен(а) в текущих (прогнозных) ценах по состоянию на 01.01.2000г.», «Составлена в базисном уровне цен»; the
// form's own «в текущем (базисном) уровне цен», left as printed, names both levels and states neither
const HEADING =
  /составлен[а-яё()]*\s+в\s+(текущ[а-яё]*|базисн[а-яё]*)(?:\s*\(\s*(прогнозн|текущ|базисн)[а-яё]*\s*\))?\s+(?:ценах|уровне\s+цен)(?:\s+по\s+состоянию\s+на\s+(\d{1,2}\.\d{1,2}\.\d{4}))?/giu;
// «Итого прямые затраты по смете в базисных ценах», «ВСЕГО по смете в текущих ценах»
const TOTAL = /(?:итого|всего)[^\n]{0,80}?\sв\s+(текущ|базисн)[а-яё]*\s+ценах/giu;
// «Составил: ____ Ковалёва Т.Г.», «Проверил ______ /Петров П.П./»: the line's rest without blanks and the form's hint
const SIGNATURE = /^[ \t]*(Составил|Проверил)а?(?![а-яё])[ \t]*:?([^\n]*)$/gmu;
/** A signature line's rest is a position, blanks and a name; a longer rest is a sentence («Проверила соответствие …»). */
const SIGNATURE_REST = 80;
const FORM_HINT = /\(?\s*должность,?\s*подпись,?\s*(?:расшифровка(?:\s+подписи)?|ф\.?\s*и\.?\s*о\.?)\s*\)?/iu;
const NAME = /[А-ЯЁ][а-яё]+(?:[-\s]+[А-ЯЁ][а-яё]+)?\s*[А-ЯЁ]\.\s*(?:[А-ЯЁ]\.)?|[А-ЯЁ]\.\s*(?:[А-ЯЁ]\.)?\s*[А-ЯЁ][а-яё]+/u;
/** A page that may state a level of prices or carry a signature line. */
const HINT = /ценах|уровне\s+цен|Составил|Проверил|Основание|индекс|дата\s+(?:составления|утверждения)/iu;

// «Основание: П 587-00-00/18», «Основание: ________» — the line printed with nothing after the word but the form's blanks
const BASIS = /^[ \t]*Основание[ \t]*:([^\n]*)$/gmu;
const BLANKS = /[\s_.\-–—]+/gu;
/** What follows an empty «Основание:» on the printed form: its next item, so the value is not on the next line. */
const FORM_NEXT = /^[ \t]*(?:\(|сметн|составлен|средства|нормативн|индекс|дата|№|обоснован|локальн|объектн|сводн|итого|всего|на\s|раздел|наименован)/iu;

// «Индекс к СМР 8,52», «Индекс Исмр=7,47», «индекс изменения сметной стоимости … оборудования — 4,12»: an index applied to a cost item
const INDEX = /индекс[а-яё]*(?![а-яё])[^\n]{0,120}?(?:смр|строительно-монтажн[а-яё]*|оборудовани[а-яё]*|прочи[а-яё]*)[^\n\d]{0,60}?(\d{1,3},\d{1,4})(?!\d)/giu;
// the letter, order or decree an index comes from, with its number or date: «письмо Минстроя России от 20.02.2018 № 6688-ЛС/09»;
// a price book's «Приказ Минстроя России … № 1039/пр» printed under a position's code is the norms', not the index's
const INDEX_SOURCE = /(?:письм|приказ|распоряжени|постановлени)[а-яё]*[^.;]{0,100}?(?:№\s*\S|N\s*\d|от\s+\d)/giu;
/** Where an index's source is looked for: the text before it on the page, and its own lines up to a table or a position. */
const SOURCE_BEFORE = 400;
const SOURCE_AFTER = 300;
const TABLE_START = /\n[ \t]*(?:№\s*пп|\d+\t|раздел\s+\d)/iu;

// «Дата составления сметы: 14.03.2018», «Дата составления: 14.03.2018» (ГРАНД-Смета's DocDates), «Дата утверждения: …»
const DATE_FIELD = /^[ \t]*дата\s+(составления|утверждения)(?:\s+сметы|\s+сметного\s+расч[её]та)?[ \t]*:?[ \t]*([^\n]*)$/gimu;
const FIELD_DATE = new RegExp(DATE_SRC, 'u');
// «в текущие цены на 1 квартал 2018 года», «IV кв. 2019 г.»
const QUARTER = /(?<![а-яёa-z\d])(IV|I{1,3}|[1-4])\s*(?:-?[йго]{1,2}\s*)?кв(?:артал[а-яё]*|\.)?\s*(\d{4})/iu;
const ROMAN: Record<string, number> = { I: 1, II: 2, III: 3, IV: 4 };

/** The date a «Дата составления / утверждения» field holds: a day, or the quarter it names when the day is a price base's. */
function fieldDate(value: string): Pick<EstimateDateStatement, 'date' | 'from'> | null {
  const day = FIELD_DATE.exec(value);
  const date = day ? parseRuDate(day[0]) : null;
  if (date && !BASE_LEVEL_DATES.has(date)) return { date };
  // «1.01.2000г.с переводом в текущие цены на 1 квартал 2018 года»: the base's day, and the quarter the estimate was priced in
  const q = QUARTER.exec(value);
  if (!q) return null;
  const quarter = ROMAN[q[1]!.toUpperCase()] ?? Number(q[1]);
  const year = Number(q[2]);
  if (year < 1990 || year > 2100) return null;
  const last = new Date(Date.UTC(year, quarter * 3, 0)).getUTCDate();
  return { from: dayOf({ year, month: quarter * 3 - 2, day: 1 }), date: dayOf({ year, month: quarter * 3, day: last }) };
}

/** Whether a letter or an act with its number or date stands beside the index at `start`…`end` of the page. */
function indexSourced(text: string, start: number, end: number): boolean {
  const after = text.slice(end, end + SOURCE_AFTER);
  const stop = TABLE_START.exec(after);
  const around = `${text.slice(Math.max(0, start - SOURCE_BEFORE), end)}${stop ? after.slice(0, stop.index) : after}`.replace(/\s+/g, ' ');
  return [...around.matchAll(INDEX_SOURCE)].some((m) => !/\/\s*пр(?![а-яё])/iu.test(around.slice(m.index, m.index + m[0].length + 40)));
}

/** What an estimate's page states of its form; null for a page that states nothing of it. `scanned`: the page was read by OCR. */
export function findEstimateForm(text: string, docPage: number, scanned = false): EstimateFormFacts | null {
  if (!HINT.test(text)) return null;
  const priceLevels: PriceLevelStatement[] = [];
  for (const m of text.matchAll(HEADING)) {
    // «в текущем (базисном) уровне цен»: the form's words left as printed
    if (m[2] && levelOf(m[1]!) !== levelOf(m[2]) && !/прогнозн/iu.test(m[2])) continue;
    const end = m.index + m[0].length;
    priceLevels.push({ level: levelOf(m[1]!), date: m[3] ? isoDate(m[3]) : null, heading: true, raw: m[0], docPage, snippet: snippet(text, m.index, end) });
  }
  for (const m of text.matchAll(TOTAL)) {
    const end = m.index + m[0].length;
    priceLevels.push({ level: levelOf(m[1]!), date: null, heading: false, raw: m[0].trim(), docPage, snippet: snippet(text, m.index, end) });
  }
  const signatures: SignatureLine[] = [];
  for (const m of text.matchAll(SIGNATURE)) {
    const rest = m[2]!.replace(FORM_HINT, ' ');
    if (rest.replace(BLANKS, ' ').trim().length > SIGNATURE_REST) continue;
    signatures.push({
      role: m[1] as SignatureLine['role'],
      name: NAME.exec(rest)?.[0].trim() ?? null,
      scanned,
      docPage,
      snippet: snippet(text, m.index, m.index + m[0].length),
    });
  }
  const basis: BasisLine[] = [];
  for (const m of text.matchAll(BASIS)) {
    let value = m[1]!.replace(BLANKS, '') ? m[1]!.replace(/^[\s_]+|[\s_]+$/gu, '') : '';
    if (!value) {
      // the value may stand on the next line of a PDF's text: empty only when the form's next item follows, or nothing
      const next = text
        .slice(m.index + m[0].length)
        .split('\n')
        .find((l) => l.replace(BLANKS, '').length > 0);
      if (next !== undefined && !FORM_NEXT.test(next)) value = next.trim();
    }
    basis.push({ value, scanned, docPage, snippet: snippet(text, m.index, m.index + m[0].length) });
  }
  const indexes: IndexStatement[] = [];
  for (const m of text.matchAll(INDEX)) {
    const end = m.index + m[0].length;
    indexes.push({ raw: m[0].replace(/\s+/g, ' ').trim(), sourced: indexSourced(text, m.index, end), scanned, docPage, snippet: snippet(text, m.index, end) });
  }
  const dates: EstimateDateStatement[] = [];
  for (const m of text.matchAll(DATE_FIELD)) {
    const found = fieldDate(m[2]!);
    if (found) dates.push({ field: /^у/iu.test(m[1]!) ? 'approved' : 'made', ...found, text: m[0].trim(), docPage });
  }
  return priceLevels.length || signatures.length || basis.length || indexes.length || dates.length ? { priceLevels, signatures, basis, indexes, dates } : null;
}
