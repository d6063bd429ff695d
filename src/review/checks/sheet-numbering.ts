import { cipherKey } from '../facts/cipher.ts';
import type { DocFacts, StampFacts } from '../facts/types.ts';
import { pageList } from '../text/pages.ts';
import { where, type Check, type DraftFinding } from './types.ts';

/** Title blocks grouped by their cipher: a volume may number its text part and drawings separately. */
function groups(d: DocFacts): StampFacts[][] {
  const by = new Map<string, StampFacts[]>();
  for (const s of d.stamps) {
    const k = s.cipher ? cipherKey(s.cipher) : '';
    by.set(k, [...(by.get(k) ?? []), s]);
  }
  // stamps without a cipher (form 6), and a lone sheet with a mistyped cipher, belong to the document's main group
  if (by.size > 1) {
    const main = [...by.entries()].filter(([k]) => k !== '').sort((a, b) => b[1].length - a[1].length)[0]!;
    for (const [k, g] of [...by.entries()]) {
      if (k === main[0] || (k !== '' && g.length > 1)) continue;
      main[1].push(...g);
      by.delete(k);
    }
    main[1].sort((a, b) => a.docPage - b.docPage);
  }
  return [...by.values()];
}

/** N-05: sheet numbers run without gaps or repeats, and «Листов» on the first sheet matches the sheets. */
export const sheetNumbering: Check = {
  id: 'sheets.numbering_gap',
  theme: 'norms',
  importance: 'significant',
  title: 'Нумерация листов без пропусков и повторов; «Листов» на первом листе соответствует числу листов',
  run(ctx) {
    const findings: DraftFinding[] = [];
    for (const d of ctx.docs) {
      if (d.doc.role !== 'review') continue;
      for (const g of groups(d)) {
        const numbered = g.filter((s) => s.sheet !== null);
        if (numbered.length < 2) continue;
        const base = { checkId: this.id, importance: this.importance, theme: this.theme, about: d } as const;
        const seen = new Map<number, number[]>();
        for (const s of numbered) seen.set(s.sheet!, [...(seen.get(s.sheet!) ?? []), s.docPage]);
        for (const [sheet, pages] of seen) {
          if (pages.length < 2) continue;
          findings.push({
            ...base,
            essence: `В документе «${d.doc.name}» номер листа ${sheet} повторяется на ${pages.length} страницах.`,
            evidence: `Основная надпись «Лист ${sheet}» на ${pageList(pages)} документа «${d.doc.name}».`,
            action: 'Исправить нумерацию листов в основных надписях и ведомость (содержание) документа.',
            places: pages.slice(0, 5).map((page) => ({ doc: d, page })),
          });
        }
        const nums = [...seen.keys()].sort((a, b) => a - b);
        const missing: number[] = [];
        for (let i = 1; i < nums.length && missing.length <= 50; i++) for (let n = nums[i - 1]! + 1; n < nums[i]!; n++) missing.push(n);
        if (missing.length) {
          const after = numbered.find((s) => s.sheet! > missing[0]!)!;
          const before = [...numbered].reverse().find((s) => s.sheet! < missing[0]!) ?? numbered[0]!;
          findings.push({
            ...base,
            essence: `В нумерации листов документа «${d.doc.name}» пропущены лист(ы) ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? '…' : ''}.`,
            evidence: `${where({ doc: d, page: before.docPage })}: «Лист ${before.sheet}»; ${where({ doc: d, page: after.docPage })}: «Лист ${after.sheet}». Всего найдено ${nums.length} номеров листов от ${nums[0]} до ${nums[nums.length - 1]}.`,
            action: 'Добавить недостающие листы или исправить нумерацию и ведомость листов (содержание тома).',
            places: [{ doc: d, page: before.docPage }, { doc: d, page: after.docPage }],
          });
        }
        const first = g.find((s) => s.sheets !== null);
        if (first) {
          const declared = first.sheets!;
          const maxSheet = nums[nums.length - 1]!;
          const fromFirst = d.pagesTotal - first.docPage + 1;
          const plausible = [g.length, maxSheet, fromFirst, d.pagesTotal, nums.length];
          if (!plausible.includes(declared)) {
            findings.push({
              ...base,
              essence: `В основной надписи первого листа документа «${d.doc.name}» указано «Листов ${declared}», а листов в документе ${maxSheet === g.length ? maxSheet : `${g.length} (номера до ${maxSheet})`}.`,
              evidence: `${where({ doc: d, page: first.docPage })}: «Листов ${declared}». В документе ${d.pagesTotal} стр., листов с основной надписью — ${g.length}, наибольший номер листа — ${maxSheet}.`,
              action: 'Исправить графу «Листов» на первом листе или восстановить недостающие листы.',
              places: [{ doc: d, page: first.docPage }],
            });
          }
        }
      }
    }
    return { findings };
  },
};
