import { addressDifference, addressTokens, objectAddresses, parseAddress, PLOT_DIFFERS } from '../facts/address.ts';
import type { TextFact } from '../facts/types.ts';
import { docText, quote, designDocs } from './common.ts';
import { heldAgainst, judge, type Statement, type Verdict } from './judge.ts';
import { foreignObjects } from './object-identity.ts';
import { defineCheck, where, type CheckContext, type Report } from './types.ts';

export { objectAddresses };

const key = (s: string) => addressTokens(s).join(' ');
const sameAddress = (a: TextFact, b: TextFact) => addressDifference(a.value, b.value) === null;

/**
 * The participants' addresses of the object: every distinct spelling of each design document (its usual one first: an
 * address may be right on the title page and wrong in the text) and, last, the XML note's Address. A document carrying
 * another object's text is identity.other_object's: its addresses are that finding's evidence.
 */
export function addressStatements(ctx: CheckContext): Statement<TextFact>[] {
  const foreign = new Set(foreignObjects(ctx).map((f) => f.doc));
  const out: Statement<TextFact>[] = [];
  for (const doc of designDocs(ctx)) {
    if (foreign.has(doc)) continue;
    const all = objectAddresses(doc.addresses);
    const usual = docText(all, key);
    if (!usual) continue;
    const seen = new Set<string>();
    for (const a of [usual, ...all]) {
      if (seen.has(key(a.value))) continue;
      seen.add(key(a.value));
      const place = { doc, page: a.docPage };
      out.push({ doc, item: a, place, said: `${where(place)}: ${quote(a.value)}` });
    }
  }
  const x = ctx.xml;
  if (x?.facts.address) {
    const place = { doc: x.doc, page: 1 };
    out.push({ doc: x.doc, item: { value: x.facts.address, docPage: 1, snippet: x.facts.address }, place, said: `XML (Address): ${quote(x.facts.address)}` });
  }
  return out;
}

/** The judge's verdicts on the address, the odd one out among the participants; `xmlAlone`: the note alone (the XML check's). */
export function addressVerdicts(ctx: CheckContext): { v: Verdict<TextFact>; xmlAlone: boolean }[] {
  const statements = addressStatements(ctx);
  return judge(statements, { same: sameAddress }).map((v) => ({
    v,
    xmlAlone: !!v.other.doc.xml && !statements.some((s) => !s.doc.xml && sameAddress(s.item, v.other.item)),
  }));
}

/** U-08: the object's address is the same in every document and in the request. */
export const addressConsistency = defineCheck({
  id: 'consistency.address',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Адрес объекта совпадает во всех документах и с адресом, указанным при отправке',
  find(ctx, report) {
    const requested = ctx.input.objectAddress?.trim();
    if (requested) {
      // the request's address is the yardstick: every spelling of a document is held to it, whatever the majority
      const documents = addressStatements(ctx).filter((s) => !s.doc.xml);
      for (const s of heldAgainst(documents, requested, (a, r) => addressDifference(r, a.value) === null)) {
        report({
          about: s.doc,
          essence: `Адрес объекта в документе «${s.doc.doc.name}» не совпадает с адресом, указанным при отправке комплекта (${addressDifference(requested, s.item.value)}).`,
          evidence: `${s.said}\nАдрес объекта в запросе: ${quote(requested)}`,
          action: 'Проверить адрес объекта по ГПЗУ и исправить его в документе (титульный лист, основные надписи, текстовая часть).',
          places: [s.place],
        });
      }
      return;
    }
    // the XML note alone is the XML check's finding; a document off the rest is this one's, a finding per spelling
    const statements = addressStatements(ctx).filter((s) => !s.doc.xml);
    let asked = false;
    for (const { v } of addressVerdicts(ctx)) {
      if (v.other.doc.xml) continue;
      const d = v.other.doc;
      const r = v.ref;
      for (const s of [v.other, ...v.more]) {
        const why = addressDifference(r.item.value, s.item.value);
        if (why === PLOT_DIFFERS) {
          // the set's plot unknown: one question for the set, whatever the number of documents off it
          if (!plotNumber(statements, s, r, report, asked)) asked = true;
          continue;
        }
        report({
          about: d,
          against: r.doc,
          essence: `Адрес объекта различается в документах «${d.doc.name}» и «${r.doc.doc.name}» (${why}).`,
          evidence: `${s.said}\n${r.said}`,
          action: 'Проверить адрес объекта по ГПЗУ и привести его к единому написанию во всех документах комплекта.',
          places: [s.place, r.place],
        });
      }
    }
  },
});

/**
 * An address differing from the rest in its land plot's number alone. A significant finding only where every other
 * document states the reference's address and the differing one does not also state it (a document naming the set's
 * plot and another one may quote another object or a plot nearby); where the rest do not agree either, a question —
 * which plot is the object's is not known. Returns false when the question was asked (or had been).
 */
function plotNumber(statements: readonly Statement<TextFact>[], s: Statement<TextFact>, r: Statement<TextFact>, report: Report, asked: boolean): boolean {
  const rest = statements.filter((x) => x.doc !== s.doc);
  if (statements.some((x) => x.doc === s.doc && sameAddress(x.item, r.item))) return true;
  if (rest.every((x) => sameAddress(x.item, r.item))) {
    report({
      about: s.doc,
      against: r.doc,
      essence: `Адрес объекта различается в документах «${s.doc.doc.name}» и «${r.doc.doc.name}» (${PLOT_DIFFERS}: ${plotOf(s)} вместо ${plotOf(r)}).`,
      evidence: `${s.said}\n${r.said}${rest.length > 1 ? `\nАдрес с участком ${plotOf(r)} указан во всех остальных документах комплекта (${new Set(rest.map((x) => x.doc)).size}).` : ''}`,
      action: 'Проверить номер земельного участка в адресе объекта по ГПЗУ и выписке ЕГРН и исправить его в документе.',
      places: [s.place, r.place],
    });
    return true;
  }
  if (asked) return false;
  const plots = [...new Set(statements.map(plotOf).filter((p) => p !== null))];
  report.question({
    section: s.doc.section ?? 'ОБЩ',
    text: `Какой номер земельного участка в адресе объекта верный? Документы комплекта называют разные: ${plots.join(', ')}.`,
    reason: `${s.said}\n${r.said}`,
    places: [s.place, r.place],
  });
  return false;
}

const plotOf = (s: Statement<TextFact>) => parseAddress(s.item.value).plot;
