import { snippet } from '../text/normalize.ts';
import type { PartyFact } from './types.ts';

// An organisation as title pages print it: a legal form, a public body, or a name in quotes.
const ORG = String.raw`(?:ООО|ОАО|ЗАО|ПАО|АО|ИП|ГУП|МУП|ФГУП|ГБУ|ГКУ|ГАУ|МБУ|МКУ|МАУ|ФГБУ|ФКУ|Администраци[яи]|Управлени[ея]|Департамент|Комитет|Министерств[оа]|Фонд)\s*[^\n]{0,120}|«[^»\n]{3,80}»[^\n]{0,40}`;
const CUSTOMER_RE = new RegExp(String.raw`(?<![а-яё])(?:Технический\s+заказчик|Заказчик|Застройщик)\s*[:\-–]?\s*\n?\s*(${ORG})`, 'giu');
const DESIGNER_RE = new RegExp(
  String.raw`(?<![а-яё])(?:Генеральный\s+проектировщик|Проектировщик|Проектная\s+организация|Генпроектировщик)\s*[:\-–]?\s*\n?\s*(${ORG})`,
  'giu',
);
// the first organisation line of a title page, above the object's name, is the designer's (ГОСТ Р 21.101, прил. И)
const TOP_ORG_RE = /^[ \t]*((?:ООО|ОАО|ЗАО|ПАО|АО|ИП|ГУП|МУП|ФГУП)\s*«[^»\n]{2,80}»)/mu;
const CHIEF_RE =
  /(?<![а-яё])(?:Главный\s+инженер\s+проекта|ГИП)[\s_.:]*([А-ЯЁ]\.\s?[А-ЯЁ]\.\s?[А-ЯЁ][а-яё]+(?:-[А-ЯЁ][а-яё]+)?|[А-ЯЁ][а-яё]+(?:-[А-ЯЁ][а-яё]+)?\s+[А-ЯЁ]\.\s?[А-ЯЁ]\.)/gu;

const clean = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/[.,;:\s]+$/u, '')
    .trim();

/**
 * The customer, the designer and the chief engineer (ГИП) a title page names: «Заказчик: …», «Генеральный
 * проектировщик: …», the organisation printed first on the page, «Главный инженер проекта ____ И.И. Иванов».
 */
export function findParties(text: string, docPage: number): PartyFact[] {
  const out: PartyFact[] = [];
  const add = (role: PartyFact['role'], m: RegExpExecArray, value: string) =>
    out.push({ role, value: clean(value), docPage, snippet: snippet(text, m.index, m.index + m[0].length) });
  for (const m of text.matchAll(CUSTOMER_RE)) add('customer', m, m[1]!);
  for (const m of text.matchAll(DESIGNER_RE)) add('designer', m, m[1]!);
  if (!out.some((p) => p.role === 'designer')) {
    const m = TOP_ORG_RE.exec(text);
    // the customer's line is not the designer's
    if (m && !out.some((p) => p.role === 'customer' && p.value.startsWith(clean(m[1]!)))) add('designer', m, m[1]!);
  }
  for (const m of text.matchAll(CHIEF_RE)) add('chief_engineer', m, m[1]!);
  return out;
}
