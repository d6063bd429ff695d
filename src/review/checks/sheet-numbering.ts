import { cipherKey } from '../facts/cipher.ts';
import type { DocFacts, StampFacts } from '../facts/types.ts';
import { pageList } from '../text/pages.ts';
import { boundParts, sheetLabel } from './sheet-runs.ts';
import { defineCheck, where, type DraftFinding } from './types.ts';

/** «…-АР1.СО» of «…-АР1», «…-ТХ.О.СО» of «…-ТХ.О»: a part with its own designation and numbering, never a mistyped cipher. */
function isPartOf(key: string, main: string): boolean {
  return key.startsWith(main) && /^[.-][А-ЯЁ]/.test(key.slice(main.length));
}

/** Title blocks grouped by their cipher: a volume may number its text part, drawings and specification separately. */
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
      if (k === main[0] || (k !== '' && (g.length > 1 || isPartOf(k, main[0])))) continue;
      main[1].push(...g);
      by.delete(k);
    }
    main[1].sort((a, b) => a.docPage - b.docPage);
  }
  return [...by.values()];
}

/**
 * Sheets missing between two numbered ones, unless pages without a readable number lie where they belong: a sheet
 * whose title block gives no number (a scan, a cut label) is there, the engine just cannot read its number.
 */
function missingSheets(
  numbered: readonly StampFacts[],
  numberedPages: ReadonlySet<number>,
): { missing: number[]; before: StampFacts; after: StampFacts } | null {
  const ints = [...new Set(numbered.map((s) => s.sheet!))].sort((a, b) => a - b);
  const missing: number[] = [];
  let first: { before: StampFacts; after: StampFacts } | null = null;
  for (let i = 1; i < ints.length && missing.length <= 50; i++) {
    const a = ints[i - 1]!;
    const b = ints[i]!;
    if (b === a + 1) continue;
    const before = numbered.filter((s) => s.sheet === a).at(-1)!;
    const after = numbered.find((s) => s.sheet === b)!;
    let unread = 0;
    for (let p = before.docPage + 1; p < after.docPage; p++) if (!numberedPages.has(p)) unread++;
    if (unread >= b - a - 1) continue;
    first ??= { before, after };
    for (let n = a + 1; n < b; n++) missing.push(n);
  }
  return first ? { missing, ...first } : null;
}

/** N-05: sheet numbers run without gaps or repeats, and «Листов» on the first sheet matches the sheets. */
export const sheetNumbering = defineCheck({
  id: 'sheets.numbering_gap',
  theme: 'norms',
  importance: 'significant',
  title: 'Нумерация листов без пропусков и повторов; «Листов» на первом листе соответствует числу листов',
  run(ctx) {
    const findings: DraftFinding[] = [];
    for (const d of ctx.docs) {
      if (d.doc.role !== 'review') continue;
      const numberedPages = new Set(d.stamps.filter((s) => s.sheet !== null).map((s) => s.docPage));
      for (const all of groups(d)) {
        // specifications and lists bound after the drawings with their own numbering are documents of their own
        const bound = boundParts(all.filter((s) => s.sheet !== null));
        const g = all.filter((s) => !bound.has(s));
        const numbered = g.filter((s) => s.sheet !== null);
        if (numbered.length < 2) continue;
        const base = { checkId: this.id, importance: this.importance, theme: this.theme, about: d } as const;
        const seen = new Map<string, number[]>();
        for (const s of numbered) seen.set(sheetLabel(s), [...(seen.get(sheetLabel(s)) ?? []), s.docPage]);
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
        const ints = [...new Set(numbered.map((s) => s.sheet!))].sort((a, b) => a - b);
        const gap = missingSheets(numbered, numberedPages);
        if (gap) {
          const { missing, before, after } = gap;
          findings.push({
            ...base,
            essence: `В нумерации листов документа «${d.doc.name}» пропущены лист(ы) ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? '…' : ''}.`,
            evidence: `${where({ doc: d, page: before.docPage })}: «Лист ${sheetLabel(before)}»; ${where({ doc: d, page: after.docPage })}: «Лист ${sheetLabel(after)}». Всего найдено ${seen.size} номеров листов от ${ints[0]} до ${ints[ints.length - 1]}.`,
            action: 'Добавить недостающие листы или исправить нумерацию и ведомость листов (содержание тома).',
            places: [
              { doc: d, page: before.docPage },
              { doc: d, page: after.docPage },
            ],
          });
        }
        // «Листов» is printed on the first sheet; a count without a sheet number beside it is another form's
        const first = g.find((s) => s.sheets !== null && s.sheet === 1) ?? g.find((s) => s.sheets !== null);
        if (first) {
          const declared = first.sheets!;
          const maxSheet = ints[ints.length - 1]!;
          const fromFirst = d.pagesTotal - first.docPage + 1;
          // inserted sheets («11.1») count: sheets 1–14 with 11.1 and 11.2 are «Листов 16»
          const plausible = [g.length, maxSheet, fromFirst, d.pagesTotal, seen.size];
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
});
