import type { DocFacts, IssuedDocFact } from '../facts/types.ts';
import { numberKey } from '../facts/issued-docs.ts';
import { conflictsOf } from './sole-values.ts';
import { reviewSide, where, type DraftFinding, type Place } from './types.ts';

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

const dateRu = (iso: string) => iso.split('-').reverse().join('.');
const placeOf = (c: Cited): Place => ({ doc: c.doc, page: c.doc.xml ? 1 : c.item.docPage });
const said = (c: Cited) => (c.doc.xml ? `XML (ProjectInitialDocuments): ${c.item.snippet}` : `${where(placeOf(c))}: ${c.item.snippet}`);

/**
 * Findings on citations of one document that disagree: another number, or the same number with another date. `what`
 * names the document in the genitive-free form used in texts («ГПЗУ», «ТУ на водоснабжение»).
 */
export function citationFindings(o: {
  checkId: string;
  theme: DraftFinding['theme'];
  what: string;
  action: string;
  cited: Cited[];
  isSource: (d: DocFacts) => boolean;
}): DraftFinding[] {
  const out: DraftFinding[] = [];
  const push = (other: Cited, ref: Cited, majority: number, essence: string) => {
    const about = reviewSide(other.doc, ref.doc);
    if (!about) return;
    const a = placeOf(ref);
    const b = placeOf(other);
    out.push({
      checkId: o.checkId,
      importance: 'significant',
      theme: o.theme,
      about,
      essence,
      evidence: `${said(other)}\n${said(ref)}${majority > 1 ? `\nТак же указано ещё в ${majority - 1} др. документах комплекта.` : ''}`,
      action: o.action,
      places: about === other.doc ? [b, a] : [a, b],
    });
  };
  for (const { other, ref, majority } of conflictsOf(o.cited, sameNumber, o.isSource)) {
    push(
      other,
      ref,
      majority,
      `Номер ${o.what} в «${other.doc.doc.name}» (№ ${other.item.number}) не совпадает с указанным в «${ref.doc.doc.name}» (№ ${ref.item.number}).`,
    );
  }
  // the same number with another date: compared among the documents that give a date
  const byNumber = new Map<string, Cited[]>();
  for (const c of o.cited) if (c.item.date) byNumber.set(numberKey(c.item.number), [...(byNumber.get(numberKey(c.item.number)) ?? []), c]);
  for (const group of byNumber.values()) {
    for (const { other, ref, majority } of conflictsOf(group, (x, y) => x.date === y.date, o.isSource)) {
      push(
        other,
        ref,
        majority,
        `Дата ${o.what} № ${ref.item.number} в «${other.doc.doc.name}» (${dateRu(other.item.date!)}) не совпадает с указанной в «${ref.doc.doc.name}» (${dateRu(ref.item.date!)}).`,
      );
    }
  }
  return out;
}
