/** Reading a part's numbering for the sheet checks: its gaps, and the Russian name of a part for findings. */
import type { StampFacts } from '../facts/types.ts';
import type { VolumePart } from '../set/volume-parts.ts';

/**
 * Sheets missing between two numbered ones, unless pages without a readable number lie where they belong: a sheet
 * whose title block gives no number (a scan, a cut label) is there, the engine just cannot read its number.
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
    first ??= { before, after };
    for (let n = a + 1; n < b; n++) missing.push(n);
  }
  return first ? { missing, ...first } : null;
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
