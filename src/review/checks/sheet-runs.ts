/** Reading a part's numbering for the sheet checks: its gaps, and the Russian name of a part for findings. */
import type { StampFacts } from '../facts/types.ts';
import type { VolumePart } from '../set/volume-parts.ts';

/**
 * Sheets missing between two numbered ones, unless pages without a readable number lie where they belong: a sheet
 * whose title block gives no number (a scan, a cut label) is there, the engine just cannot read its number. Nor are
 * they missing where the sheets after the gap are numbered by the volume's pages and the sheets before it stand on the
 * very pages of the missing numbers: those sheets (a contents «Лист 1», «Лист 2» of a form of its own) carry a
 * numbering of their own inside a volume numbered through.
 */
export function missingSheets(
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
    if (numberedThrough(numbered, before, after, a, b)) continue;
    first ??= { before, after };
    for (let n = a + 1; n < b; n++) missing.push(n);
  }
  return first ? { missing, ...first } : null;
}

/**
 * The sheets after the gap follow the pages (sheet = page + a constant), and every sheet before it — numbered 1, 2 … of
 * its own — stands on the page of one missing number, one for one.
 */
function numberedThrough(numbered: readonly StampFacts[], before: StampFacts, after: StampFacts, a: number, b: number): boolean {
  const offset = after.sheet! - after.docPage;
  const next = numbered.filter((s) => s.docPage >= after.docPage).slice(0, 2);
  if (next.length < 2 || next.some((s) => s.sheet !== s.docPage + offset)) return false;
  const earlier = numbered.filter((s) => s.docPage <= before.docPage);
  if (earlier.length !== b - a - 1 || earlier.some((s, i) => s.sheet !== i + 1)) return false;
  return earlier.every((s) => s.docPage + offset > a && s.docPage + offset < b);
}

const KIND_NAME: Record<VolumePart['kind'], string> = {
  contents: 'содержание тома',
  text: 'текстовая часть',
  drawings: 'графическая часть',
  appendix: 'приложение',
  foreign: 'вложенные листы',
};

/** «текстовая часть, с. 2–9», «графическая часть, с. 10–24», «Приложение А, с. 25–30»: the parts of one numbering. */
export function partsName(parts: readonly VolumePart[]): string {
  const kinds = [...new Set(parts.map((p) => (p.kind === 'appendix' && p.label ? p.label : KIND_NAME[p.kind])))];
  const from = parts[0]!.pageFrom;
  const to = parts.at(-1)!.pageTo;
  return `${kinds.join(' и ')}, ${from === to ? `с. ${from}` : `с. ${from}–${to}`}`;
}
