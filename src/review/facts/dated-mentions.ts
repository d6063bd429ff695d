import { fold, snippet } from '../text/normalize.ts';
import { DATE_SRC, isoDate, ruDateParts } from './gpzu-citation.ts';

/** «Федеральный закон от 30.12.2009 № 384-ФЗ», «ТУ № 12 от 03.04.2024», «Дата выдачи 12.03.0024»: a date a document cites. */
export interface DatedMention {
  /** The date as written. */
  raw: string;
  day: number;
  month: number;
  /** As written, so a typed «0024» stays 24. */
  year: number;
  /**
   * The law, decree or order the date belongs to, when it names one by number: kind, number (an order's issuer as the
   * norms matcher stems it, «МИНЭК») and the words around it (folded).
   */
  act: { kind: 'ФЗ' | 'ПП' | 'ПРИКАЗ'; number: string; issuer?: string; context: string } | null;
  /** The edition of that act the text names right after it («(редакция от 21.12.2020г)», «в ред. от …»): as written and ISO. */
  edition?: { raw: string; date: string };
  docPage: number;
  snippet: string;
}

const MENTION = new RegExp(String.raw`(?:(?<![а-яё])от|дата\s+(?:выдачи|утверждения|регистрации|подписания))\s*(${DATE_SRC})(?!\d)`, 'giu');
const LAW_AFTER = /^\s*(?:г(?:ода|\.)?\s*)?(?:№|N)\s*(\d{1,3})\s*-?\s*ФЗ/iu;
const LAW_BEFORE = /(?:№|N)\s*(\d{1,3})\s*-?\s*ФЗ\s*$/iu;
const DECREE_BEFORE = /(?:постановлени\S*\s+правительства|(?<![а-яё])пп)\s*(?:рф|российской\s+федерации)?\s*$/iu;
const DECREE_NUMBER_BEFORE = /(?:постановлени\S*\s+правительства|(?<![а-яё])пп)\s*(?:рф|российской\s+федерации)?\s*(?:№|N)\s*(\d{1,4})\s*$/iu;
const NUMBER_AFTER = /^\s*(?:г(?:ода|\.)?\s*)?(?:№|N)\s*(\d{1,4})(?![\d-])/iu;
// «Приказом Минэкономразвития РФ от …», «приказ Минстроя России № 421/пр от …»: the issuer is the word after «приказ»
const ORDER_BEFORE = /(?<![а-яё])приказ\S*\s+([а-яё]{4,})(?:\s+(?:россии|рф|российской\s+федерации))?\s*$/iu;
const ORDER_NUMBER_BEFORE = /(?<![а-яё])приказ\S*\s+([а-яё]{4,})(?:\s+(?:россии|рф|российской\s+федерации))?\s*(?:№|N)\s*(\d{1,5})(?:\/пр)?\s*$/iu;
// «… от 16.02.2008 (редакция от 21.12.2020г)», «… от 16.02.2008 № 87 (в ред. от 21.12.2020)»: the edition cited
const EDITION_AFTER = new RegExp(
  String.raw`^\s*(?:г(?:ода|\.)?\s*)?(?:(?:№|N)\s*\d{1,5}\s*)?[(,]?\s*(?:в\s+)?(?:редакци[ияю]|ред\.)\s*(?:от\s*)?(${DATE_SRC})`,
  'iu',
);

/** An issuer as the norms matcher stems it (norms/matcher.ts `issuer`): «Минэкономразвития» → «МИНЭК». */
const issuerStem = (word: string) =>
  word
    .toUpperCase()
    .replace(/[^А-ЯЁ]/g, '')
    .slice(0, 5);

/** The act's own words: from the last «;» before the date to the next «;» or the next dated citation after it. */
function actContext(before: string, after: string): string {
  const from = Math.max(before.lastIndexOf(';'), 0);
  const next = after.search(/;|(?<![а-яё])от\s+\d/iu);
  return fold(`${before.slice(from)} ${next === -1 ? after : after.slice(0, next)}`);
}

/** Dates a page cites («от …», «дата выдачи …»), with the law or decree they belong to (flattened page text). */
export function findDatedMentions(flat: string, docPage: number): DatedMention[] {
  if (!/от|дата/iu.test(flat)) return [];
  const out: DatedMention[] = [];
  for (const m of flat.matchAll(MENTION)) {
    const raw = m[1]!;
    const parts = ruDateParts(raw);
    if (!parts) continue;
    const start = m.index;
    const end = start + m[0].length;
    const before = flat.slice(Math.max(0, start - 120), start);
    const after = flat.slice(end, end + 160);
    let act: DatedMention['act'] = null;
    const law = LAW_AFTER.exec(after) ?? LAW_BEFORE.exec(before);
    if (law) act = { kind: 'ФЗ', number: law[1]!, context: actContext(before, after) };
    else {
      const decree = DECREE_BEFORE.test(before) ? NUMBER_AFTER.exec(after) : DECREE_NUMBER_BEFORE.exec(before);
      if (decree) act = { kind: 'ПП', number: decree[1]!, context: actContext(before, after) };
      else {
        const issuer = ORDER_BEFORE.exec(before);
        const number = issuer ? NUMBER_AFTER.exec(after) : null;
        const order = number ? [issuer![1]!, number[1]!] : ORDER_NUMBER_BEFORE.exec(before)?.slice(1, 3);
        if (order?.[1]) act = { kind: 'ПРИКАЗ', number: order[1], issuer: issuerStem(order[0]!), context: actContext(before, after) };
      }
    }
    const ed = act ? EDITION_AFTER.exec(after) : null;
    const edParts = ed ? ruDateParts(ed[1]!) : null;
    const edition = edParts ? { edition: { raw: ed![1]!, date: isoDate(edParts) } } : {};
    out.push({ raw, ...parts, act, ...edition, docPage, snippet: snippet(flat, start, ed ? end + ed[0].length : end) });
  }
  return out;
}
