/**
 * The form of an estimate (ЛСР, ОСР, ССР) as its own text states it: the level of prices it is drawn up in, as its
 * heading says and as its totals say, and its signature lines («Составил», «Проверил») with the names typed in them.
 */
import { snippet } from '../text/normalize.ts';
import { isoDate } from './issued-docs.ts';
import type { EstimateFormFacts, PriceLevel, PriceLevelStatement, SignatureLine } from './types.ts';

const levelOf = (word: string): PriceLevel => (/^текущ/iu.test(word) ? 'current' : 'base');

// «Составлен(а) в текущих (прогнозных) ценах по состоянию на 01.01.2000г.», «Составлена в базисном уровне цен»; the
// form's own «в текущем (базисном) уровне цен», left as printed, names both levels and states neither
const HEADING =
  /составлен[а-яё()]*\s+в\s+(текущ[а-яё]*|базисн[а-яё]*)(?:\s*\(\s*(прогнозн|текущ|базисн)[а-яё]*\s*\))?\s+(?:ценах|уровне\s+цен)(?:\s+по\s+состоянию\s+на\s+(\d{1,2}\.\d{1,2}\.\d{4}))?/giu;
// «Итого прямые затраты по смете в базисных ценах», «ВСЕГО по смете в текущих ценах»
const TOTAL = /(?:итого|всего)[^\n]{0,80}?\sв\s+(текущ|базисн)[а-яё]*\s+ценах/giu;
// «Составил: ____ Ковалёва Т.Г.», «Проверил ______ /Петров П.П./»: the line's rest without blanks and the form's hint
const SIGNATURE = /^[ \t]*(Составил|Проверил)(?![а-яё])[ \t]*:?([^\n]*)$/gmu;
const FORM_HINT = /\(?\s*должность,?\s*подпись,?\s*(?:расшифровка(?:\s+подписи)?|ф\.?\s*и\.?\s*о\.?)\s*\)?/iu;
const NAME = /[А-ЯЁ][а-яё]+(?:[-\s]+[А-ЯЁ][а-яё]+)?\s*[А-ЯЁ]\.\s*(?:[А-ЯЁ]\.)?|[А-ЯЁ]\.\s*(?:[А-ЯЁ]\.)?\s*[А-ЯЁ][а-яё]+/u;
/** A page that may state a level of prices or carry a signature line. */
const HINT = /ценах|уровне\s+цен|Составил|Проверил/iu;

/** What an estimate's page states of its form; null for a page that states nothing of it. */
export function findEstimateForm(text: string, docPage: number): EstimateFormFacts | null {
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
    signatures.push({
      role: m[1] as SignatureLine['role'],
      name: NAME.exec(rest)?.[0].trim() ?? null,
      docPage,
      snippet: snippet(text, m.index, m.index + m[0].length),
    });
  }
  return priceLevels.length || signatures.length ? { priceLevels, signatures } : null;
}
