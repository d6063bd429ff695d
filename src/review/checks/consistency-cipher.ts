import { cipherKey, editDistance, marksAgree, parseCiphers } from '../facts/cipher.ts';
import { pageList } from '../text/pages.ts';
import type { CipherFact, DocFacts } from '../facts/types.ts';
import { volumeOf } from '../set/volume-parts.ts';
import { foreignObjects } from './object-identity.ts';
import { typeOf } from './sole-values.ts';
import { defineCheck, where } from './types.ts';

/** Marks shared by two subsections: «ВК» covers water supply and drainage together. */
function sectionsAgree(mark: string, cipherSection: string, docSection: string): boolean {
  if (cipherSection === docSection) return true;
  const water = new Set(['ИОС2', 'ИОС3']);
  return (mark === 'ВК' || mark === 'НВК') && water.has(cipherSection) && water.has(docSection);
}

/** Page where a cipher of the document stands: its first title block carrying it, else the first page. */
function cipherPage(d: DocFacts, c: CipherFact = d.cipher!): number {
  return d.stamps.find((s) => s.cipher && cipherKey(s.cipher) === cipherKey(c.cipher))?.docPage ?? 1;
}

/** U-06 / N-10: all volumes share the cipher base, and each cipher's mark matches the document's section. */
export const cipherConsistency = defineCheck({
  id: 'consistency.cipher',
  theme: 'unassigned',
  importance: 'significant',
  title: 'Шифр тома: общая база для всех томов и марка, соответствующая разделу',
  find(ctx, report) {
    const withCipher = ctx.docs.filter((d) => d.cipher && !d.xml);
    for (const d of withCipher) {
      // the volume's own cipher and the sheets of another set bound into it come from the parts model: bound sheets
      // never make the volume's cipher, nor are they sheets with a wrong cipher (sheets.numbering_gap tells them once)
      const volume = volumeOf(ctx.set.volumes, d);
      const c = volume.ownCipher ?? d.cipher!;
      // a cipher in the file's name alone is the uploader's label, not the document's designation (its mark may name
      // the section a document prices or answers): nothing of the document is judged against it
      if (c.fromName) continue;
      const boundPages = new Set(volume.parts.filter((x) => x.kind === 'foreign').flatMap((x) => x.stamps.map((s) => s.docPage)));
      const boundCiphers = new Set(volume.parts.filter((x) => x.kind === 'foreign' && x.cipher).map((x) => cipherKey(x.cipher!)));
      const p = { doc: d, page: cipherPage(d, c) };
      const sameBase = withCipher.filter((o) => cipherKey(o.cipher!.base) === ctx.setBase);
      // a volume of another object (its title blocks and text) is identity.other_object's critical finding
      const ofAnotherObject = foreignObjects(ctx).some((f) => f.doc === d && f.wholeVolume);
      // an ИУЛ repeats the cipher of the volume it certifies: the volume's finding is the one for that cause
      const certifiesOther = typeOf(ctx, d) === 'iul' && withCipher.some((o) => o !== d && cipherKey(o.cipher!.cipher) === cipherKey(c.cipher));
      if (ctx.setBase && cipherKey(c.base) !== ctx.setBase && sameBase.length >= 1 && !ofAnotherObject && !certifiesOther) {
        const example = sameBase[0]!;
        report({
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
        if (!s.cipher || boundPages.has(s.docPage)) continue;
        const sc = parseCiphers(s.cipher)[0];
        if (!sc || (cipherKey(sc.base) === cipherKey(c.base) && marksAgree(sc.mark, c.mark))) continue;
        odd.set(s.cipher, [...(odd.get(s.cipher) ?? []), s.docPage]);
      }
      // the title page and contents: the same volume's cipher with a typo in its base
      for (const h of d.headCiphers) {
        const hb = cipherKey(h.base);
        if (!marksAgree(h.mark, c.mark) || hb === cipherKey(c.base) || editDistance(hb, cipherKey(c.base)) > 2 || boundCiphers.has(cipherKey(h.cipher)))
          continue;
        // the set's own base quoted in a document printed with another one: that document's base is the typo (reported above)
        if (hb === ctx.setBase && cipherKey(c.base) !== ctx.setBase) continue;
        if (d.stamps.some((s) => s.docPage === h.docPage && s.cipher === h.cipher)) continue;
        odd.set(h.cipher, [...new Set([...(odd.get(h.cipher) ?? []), h.docPage])]);
      }
      // the designation a cover or title page prints under the section's name, with another section's mark
      const misdesignated = new Map<string, number[]>();
      for (const h of d.headCiphers) {
        if (!h.designation || cipherKey(h.base) !== cipherKey(c.base) || marksAgree(h.mark, c.mark) || boundCiphers.has(cipherKey(h.cipher))) continue;
        misdesignated.set(h.cipher, [...new Set([...(misdesignated.get(h.cipher) ?? []), h.docPage])]);
      }
      for (const [other, pages] of misdesignated) {
        report({
          about: d,
          essence: `На ${pageList(pages)} документа «${d.doc.name}» (обложка, титульный лист) указано обозначение ${other} вместо ${c.cipher}.`,
          evidence: `${where({ doc: d, page: pages[0]! })}: под наименованием раздела — ${other}; в основных надписях и на остальных листах документа — ${c.cipher} (${where(p)}).`,
          action: `Исправить обозначение на ${c.cipher}.`,
          places: pages.slice(0, 5).map((page) => ({ doc: d, page })),
        });
      }
      for (const [other, pages] of odd) {
        report({
          about: d,
          essence: `В основной надписи документа «${d.doc.name}» на ${pageList(pages)} указан шифр ${other} вместо ${c.cipher}.`,
          evidence: `${where({ doc: d, page: pages[0]! })}: шифр ${other}; на остальных листах документа — ${c.cipher} (${where(p)}).`,
          action: `Исправить шифр в основной надписи на ${c.cipher}.`,
          places: pages.slice(0, 5).map((page) => ({ doc: d, page })),
        });
      }
      if (c.section && d.section && !sectionsAgree(c.mark, c.section, d.section)) {
        report({
          about: d,
          essence: `Марка в шифре «${c.cipher}» (${c.mark}) не соответствует разделу документа «${d.doc.name}» (${d.section}).`,
          evidence: `${where(p)}: шифр ${c.cipher} указывает на раздел ${c.section}, тогда как документ относится к разделу ${d.section}${d.doc.kind ? ' (вид указан при отправке)' : ' (определено по титульному листу)'}.`,
          action: `Исправить шифр документа на марку раздела ${d.section} либо уточнить, к какому разделу относится документ.`,
          places: [p],
        });
      }
    }
  },
});
