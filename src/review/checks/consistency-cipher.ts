import { cipherKey, parseCiphers } from '../facts/cipher.ts';
import { pageList } from '../text/pages.ts';
import type { DocFacts } from '../facts/types.ts';
import { defineCheck, where, type DraftFinding } from './types.ts';

/** Marks shared by two subsections: «ВК» covers water supply and drainage together. */
function sectionsAgree(mark: string, cipherSection: string, docSection: string): boolean {
  if (cipherSection === docSection) return true;
  const water = new Set(['ИОС2', 'ИОС3']);
  return (mark === 'ВК' || mark === 'НВК') && water.has(cipherSection) && water.has(docSection);
}

/** Levenshtein distance, for telling a mistyped cipher («25-153» for «25-143») from another project's. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

/** Page where the document's cipher stands: its first title block carrying it, else the first page. */
function cipherPage(d: DocFacts): number {
  return d.stamps.find((s) => s.cipher && cipherKey(s.cipher) === cipherKey(d.cipher!.cipher))?.docPage ?? 1;
}

/** Most common cipher base among documents (one vote per document), or null. */
export function setCipherBase(docs: readonly DocFacts[]): string | null {
  const votes = new Map<string, number>();
  for (const d of docs) if (d.cipher && !d.xml) votes.set(cipherKey(d.cipher.base), (votes.get(cipherKey(d.cipher.base)) ?? 0) + 1);
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return ranked[0]?.[0] ?? null;
}

/** U-06 / N-10: all volumes share the cipher base, and each cipher's mark matches the document's section. */
export const cipherConsistency = defineCheck({
  id: 'consistency.cipher',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Шифр тома: общая база для всех томов и марка, соответствующая разделу',
  run(ctx) {
    const findings: DraftFinding[] = [];
    const withCipher = ctx.docs.filter((d) => d.cipher && !d.xml);
    for (const d of withCipher) {
      if (d.doc.role !== 'review') continue;
      const c = d.cipher!;
      const p = { doc: d, page: cipherPage(d) };
      const sameBase = withCipher.filter((o) => cipherKey(o.cipher!.base) === ctx.setBase);
      if (ctx.setBase && cipherKey(c.base) !== ctx.setBase && sameBase.length >= 1) {
        const example = sameBase[0]!;
        findings.push({
          checkId: this.id,
          importance: this.importance,
          theme: this.theme,
          about: d,
          essence: `Шифр документа «${d.doc.name}» (${c.cipher}) не совпадает по базе с шифрами остальных томов (${ctx.setBase}).`,
          evidence: `${where(p)}: шифр ${c.cipher}, база ${c.base}.\nБаза ${ctx.setBase} у ${sameBase.length} док., например ${where({ doc: example, page: cipherPage(example) })}: ${example.cipher!.cipher}.`,
          action:
            'Привести шифр документа к общей базе шифра проекта (титульный лист, основные надписи, XML ПЗ) либо исключить из комплекта документ другого объекта.',
          places: [p],
        });
      }
      // a sheet whose title block carries another cipher than the document's own (a typo on one sheet)
      const odd = new Map<string, number[]>();
      for (const s of d.stamps) {
        if (!s.cipher) continue;
        const sc = parseCiphers(s.cipher)[0];
        if (!sc || (cipherKey(sc.base) === cipherKey(c.base) && sc.mark === c.mark)) continue;
        odd.set(s.cipher, [...(odd.get(s.cipher) ?? []), s.docPage]);
      }
      // the title page and contents: the same volume's cipher with a typo in its base
      for (const h of d.headCiphers) {
        const hb = cipherKey(h.base);
        if (h.mark !== c.mark || hb === cipherKey(c.base) || editDistance(hb, cipherKey(c.base)) > 2) continue;
        // the set's own base quoted in a document printed with another one: that document's base is the typo (reported above)
        if (hb === ctx.setBase && cipherKey(c.base) !== ctx.setBase) continue;
        if (d.stamps.some((s) => s.docPage === h.docPage && s.cipher === h.cipher)) continue;
        odd.set(h.cipher, [...new Set([...(odd.get(h.cipher) ?? []), h.docPage])]);
      }
      for (const [other, pages] of odd) {
        findings.push({
          checkId: this.id,
          importance: this.importance,
          theme: this.theme,
          about: d,
          essence: `В основной надписи документа «${d.doc.name}» на ${pageList(pages)} указан шифр ${other} вместо ${c.cipher}.`,
          evidence: `${where({ doc: d, page: pages[0]! })}: шифр ${other}; на остальных листах документа — ${c.cipher} (${where(p)}).`,
          action: `Исправить шифр в основной надписи на ${c.cipher}.`,
          places: pages.slice(0, 5).map((page) => ({ doc: d, page })),
        });
      }
      if (c.section && d.section && !sectionsAgree(c.mark, c.section, d.section)) {
        findings.push({
          checkId: this.id,
          importance: this.importance,
          theme: this.theme,
          about: d,
          essence: `Марка в шифре «${c.cipher}» (${c.mark}) не соответствует разделу документа «${d.doc.name}» (${d.section}).`,
          evidence: `${where(p)}: шифр ${c.cipher} указывает на раздел ${c.section}, тогда как документ относится к разделу ${d.section}${d.doc.kind ? ' (вид указан при отправке)' : ' (определено по титульному листу)'}.`,
          action: `Исправить шифр документа на марку раздела ${d.section} либо уточнить, к какому разделу относится документ.`,
          places: [p],
        });
      }
    }
    return { findings };
  },
});
