import { addressDifference, addressTokens } from '../facts/address.ts';
import type { TextFact } from '../facts/types.ts';
import { docText, groupBy, quote, designDocs } from './common.ts';
import { defineCheck, reviewSide, where, type DraftFinding } from './types.ts';

// Addresses of the designer or the customer printed on title pages are not the object's address.
const ORG_CONTEXT = /ИНН|ОГРН|КПП|тел\.|телефон|e-?mail|почтов|юридическ|фактическ|р\/с|банк/iu;

export function objectAddresses(facts: readonly TextFact[]): TextFact[] {
  return facts.filter((f) => !ORG_CONTEXT.test(f.snippet));
}

const key = (s: string) => addressTokens(s).join(' ');

/** U-08: the object's address is the same in every document and in the request. */
export const addressConsistency = defineCheck({
  id: 'consistency.address',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Адрес объекта совпадает во всех документах и с адресом, указанным при отправке',
  run(ctx) {
    const findings: DraftFinding[] = [];
    const docs = designDocs(ctx);
    const items = docs
      .map((doc) => ({ doc, item: docText(objectAddresses(doc.addresses), key) }))
      .filter((x): x is { doc: typeof x.doc; item: TextFact } => x.item !== null);
    const requested = ctx.input.objectAddress?.trim();
    // the reference: the address of the request, else the one most documents give
    const groups = groupBy(items, (a, b) => addressDifference(a.value, b.value) === null);
    const ref = requested ? null : groups[0]?.[0];
    const refValue = requested ?? ref?.item.value;
    if (!refValue) return { findings };
    for (const d of docs) {
      // every distinct spelling in the document: an address may be right on the title page and wrong in the text
      const seen = new Set<string>();
      for (const a of objectAddresses(d.addresses)) {
        const k = key(a.value);
        if (seen.has(k)) continue;
        seen.add(k);
        const diff = addressDifference(refValue, a.value);
        if (!diff) continue;
        const b = { doc: d, page: a.docPage };
        if (requested) {
          if (d.doc.role !== 'review') continue;
          findings.push({
            checkId: this.id,
            importance: this.importance,
            theme: this.theme,
            about: d,
            essence: `Адрес объекта в документе «${d.doc.name}» не совпадает с адресом, указанным при отправке комплекта (${diff}).`,
            evidence: `${where(b)}: ${quote(a.value)}\nАдрес объекта в запросе: ${quote(requested)}`,
            action: 'Проверить адрес объекта по ГПЗУ и исправить его в документе (титульный лист, основные надписи, текстовая часть).',
            places: [b],
          });
          continue;
        }
        const r = ref!;
        // two spellings inside one document are no disagreement between documents
        if (r.doc === d) continue;
        const about = reviewSide(d, r.doc);
        if (!about) continue;
        const pa = { doc: r.doc, page: r.item.docPage };
        findings.push({
          checkId: this.id,
          importance: this.importance,
          theme: this.theme,
          about,
          essence: `Адрес объекта различается в документах «${d.doc.name}» и «${r.doc.doc.name}» (${diff}).`,
          evidence: `${where(b)}: ${quote(a.value)}\n${where(pa)}: ${quote(r.item.value)}`,
          action: 'Проверить адрес объекта по ГПЗУ и привести его к единому написанию во всех документах комплекта.',
          places: about === d ? [b, pa] : [pa, b],
        });
      }
    }
    return { findings };
  },
});
