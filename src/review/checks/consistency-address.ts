import { addressDifference, addressTokens } from '../facts/address.ts';
import type { TextFact } from '../facts/types.ts';
import { docText, groupBy, quote, textDocs } from './common.ts';
import { reviewSide, where, type Check, type DraftFinding } from './types.ts';

// Addresses of the designer or the customer printed on title pages are not the object's address.
const ORG_CONTEXT = /ИНН|ОГРН|КПП|тел\.|телефон|e-?mail|почтов|юридическ|фактическ|р\/с|банк/iu;

export function objectAddresses(facts: readonly TextFact[]): TextFact[] {
  return facts.filter((f) => !ORG_CONTEXT.test(f.snippet));
}

const key = (s: string) => addressTokens(s).join(' ');

/** U-08: the object's address is the same in every document and in the request. */
export const addressConsistency: Check = {
  id: 'consistency.address',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Адрес объекта совпадает во всех документах и с адресом, указанным при отправке',
  run(ctx) {
    const findings: DraftFinding[] = [];
    const items = textDocs(ctx.docs)
      .map((doc) => ({ doc, item: docText(objectAddresses(doc.addresses), key) }))
      .filter((x): x is { doc: typeof x.doc; item: TextFact } => x.item !== null);
    const requested = ctx.input.objectAddress?.trim();
    if (requested) {
      for (const it of items) {
        const diff = addressDifference(requested, it.item.value);
        if (!diff || it.doc.doc.role !== 'review') continue;
        const p = { doc: it.doc, page: it.item.docPage };
        findings.push({
          checkId: this.id, importance: this.importance, theme: this.theme, about: it.doc,
          essence: `Адрес объекта в документе «${it.doc.doc.name}» не совпадает с адресом, указанным при отправке комплекта (${diff}).`,
          evidence: `${where(p)}: ${quote(it.item.value)}\nАдрес объекта в запросе: ${quote(requested)}`,
          action: 'Проверить адрес объекта по ГПЗУ и исправить его в документе (титульный лист, основные надписи, текстовая часть).',
          places: [p],
        });
      }
      return { findings };
    }
    const groups = groupBy(items, (a, b) => addressDifference(a.value, b.value) === null);
    if (groups.length < 2) return { findings };
    const ref = groups[0]![0]!;
    for (const g of groups.slice(1)) {
      for (const other of g) {
        const about = reviewSide(other.doc, ref.doc);
        if (!about) continue;
        const a = { doc: ref.doc, page: ref.item.docPage };
        const b = { doc: other.doc, page: other.item.docPage };
        findings.push({
          checkId: this.id, importance: this.importance, theme: this.theme, about,
          essence: `Адрес объекта различается в документах «${other.doc.doc.name}» и «${ref.doc.doc.name}» (${addressDifference(ref.item.value, other.item.value)}).`,
          evidence: `${where(b)}: ${quote(other.item.value)}\n${where(a)}: ${quote(ref.item.value)}`,
          action: 'Проверить адрес объекта по ГПЗУ и привести его к единому написанию во всех документах комплекта.',
          places: about === other.doc ? [b, a] : [a, b],
        });
      }
    }
    return { findings };
  },
};
