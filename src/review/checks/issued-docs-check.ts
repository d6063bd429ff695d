import type { DocFacts, IssuedDocFact } from '../facts/types.ts';
import { numberKey } from '../facts/issued-docs.ts';
import { judge, toldOf, type Statement, type Verdict } from './judge.ts';
import { where, type Place, type Report } from './types.ts';
import { ruDate } from './reference-date.ts';

export interface Cited {
  doc: DocFacts;
  item: IssuedDocFact;
}

/**
 * One document's citation of a document under a key (the ГПЗУ, the ТУ for water …): its only number, with the date it
 * gives that number; null when it cites two numbers (a reissue, another plot) or gives one number two dates.
 */
export function soleCitation(doc: DocFacts, facts: readonly IssuedDocFact[]): Cited | null {
  const keys = [...new Set(facts.map((f) => numberKey(f.number)))];
  // a number wrapped in a narrow table cell is read cut short: the whole one stands for it
  const whole = keys.filter((k) => !keys.some((o) => o !== k && isCutOf(k, o)));
  if (whole.length !== 1) return null;
  facts = facts.filter((f) => numberKey(f.number) === whole[0]);
  const dates = new Set(facts.flatMap((f) => (f.date ? [f.date] : [])));
  if (dates.size > 1) return null;
  const item = facts.find((f) => f.date) ?? facts[0]!;
  return { doc, item };
}

/** `short` is `full` cut at a line break («РФ-23-4-37-0-00-202» of «РФ-23-4-37-0-00-2024-9926»). */
function isCutOf(short: string, full: string): boolean {
  return short.length >= 10 && short.length < full.length && full.startsWith(short);
}

/** The same number, or one of them cut short where it wrapped: no conflict a specialist could state. */
export function sameNumber(x: IssuedDocFact, y: IssuedDocFact): boolean {
  const a = numberKey(x.number);
  const b = numberKey(y.number);
  return a === b || isCutOf(a, b) || isCutOf(b, a);
}

const placeOf = (c: Cited): Place => ({ doc: c.doc, page: c.doc.xml ? 1 : c.item.docPage });
const said = (c: Cited) => (c.doc.xml ? `XML (ProjectInitialDocuments): ${c.item.snippet}` : `${where(placeOf(c))}: ${c.item.snippet}`);

/**
 * Reports citations of one document that disagree: another number, or the same number with another date. `what`
 * names the document in the genitive-free form used in texts («ГПЗУ», «ТУ на водоснабжение»).
 */
export function reportCitations(
  o: {
    what: string;
    action: string;
    cited: Cited[];
    isSource: (d: DocFacts) => boolean;
  },
  report: Report,
): void {
  const statement = (c: Cited): Statement<IssuedDocFact> => ({ doc: c.doc, item: c.item, place: placeOf(c), said: said(c) });
  const tell = (v: Verdict<IssuedDocFact>, essence: string) => {
    report(
      toldOf(v, {
        shown: (f) => `№ ${f.number}`,
        essence: () => essence,
        action: o.action,
        also: (x) => (x.majority > 1 ? `Так же указано ещё в ${x.majority - 1} др. документах комплекта.` : ''),
      }),
    );
  };
  const rules = { isSource: o.isSource };
  for (const v of judge(o.cited.map(statement), { ...rules, same: sameNumber })) {
    tell(
      v,
      `Номер ${o.what} в «${v.other.doc.doc.name}» (№ ${v.other.item.number}) не совпадает с указанным в «${v.ref.doc.doc.name}» (№ ${v.ref.item.number}).`,
    );
  }
  // the same number with another date: compared among the documents that give a date
  const byNumber = new Map<string, Cited[]>();
  for (const c of o.cited) if (c.item.date) byNumber.set(numberKey(c.item.number), [...(byNumber.get(numberKey(c.item.number)) ?? []), c]);
  for (const group of byNumber.values()) {
    for (const v of judge(group.map(statement), { ...rules, same: (x, y) => x.date === y.date })) {
      tell(
        v,
        `Дата ${o.what} № ${v.ref.item.number} в «${v.other.doc.doc.name}» (${ruDate(v.other.item.date!)}) не совпадает с указанной в «${v.ref.doc.doc.name}» (${ruDate(v.ref.item.date!)}).`,
      );
    }
  }
}
