import { fold, snippet } from '../text/normalize.ts';
import { DATE_SRC, ruDateParts } from './gpzu-citation.ts';

/** «Федеральный закон от 30.12.2009 № 384-ФЗ», «ТУ № 12 от 03.04.2024», «Дата выдачи 12.03.0024»: a date a document cites. */
export interface DatedMention {
  /** The date as written. */
  raw: string;
  day: number;
  month: number;
  /** As written, so a typed «0024» stays 24. */
  year: number;
  /** The law or decree the date belongs to, when it names one by number: kind, number and the words around it (folded). */
  act: { kind: 'ФЗ' | 'ПП'; number: string; context: string } | null;
  docPage: number;
  snippet: string;
}

const MENTION = new RegExp(String.raw`(?:(?<![а-яё])от|дата\s+(?:выдачи|утверждения|регистрации|подписания))\s*(${DATE_SRC})(?!\d)`, 'giu');
const LAW_AFTER = /^\s*(?:г(?:ода|\.)?\s*)?(?:№|N)\s*(\d{1,3})\s*-?\s*ФЗ/iu;
const LAW_BEFORE = /(?:№|N)\s*(\d{1,3})\s*-?\s*ФЗ\s*$/iu;
const DECREE_BEFORE = /(?:постановлени\S*\s+правительства|(?<![а-яё])пп)\s*(?:рф|российской\s+федерации)?\s*$/iu;
const DECREE_NUMBER_BEFORE = /(?:постановлени\S*\s+правительства|(?<![а-яё])пп)\s*(?:рф|российской\s+федерации)?\s*(?:№|N)\s*(\d{1,4})\s*$/iu;
const NUMBER_AFTER = /^\s*(?:г(?:ода|\.)?\s*)?(?:№|N)\s*(\d{1,4})(?![\d-])/iu;

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
    }
    out.push({ raw, ...parts, act, docPage, snippet: snippet(flat, start, end) });
  }
  return out;
}
