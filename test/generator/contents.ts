/**
 * The «Содержание тома» of a volume, written from its sheets once they are numbered. Styles vary as in real volumes
 * (clean traps for the contents check): drawings one per row with or without «Графическая часть.», the text part as a
 * range, the graphic part as one row, titles in quotes, upper case or with a comma for brackets, a separate
 * «Ведомость листов графической части» under the list.
 */
import type { Block, DocModel } from './model.ts';
import { Rng } from './rng.ts';

export const CONTENTS_STYLES = 6;
export type ContentsStyle = number;

/** The style of a volume: drawn from its cipher, so the document's other draws do not shift. */
export function contentsStyle(cipher: string): ContentsStyle {
  let h = 7;
  for (const c of cipher) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return new Rng(h).int(0, CONTENTS_STYLES - 1);
}

/** A listed title written another way that names the same sheet (quotes, case, a comma for brackets). */
function restyled(title: string, k: number): string {
  if (k % 3 === 0) return `«${title}»`;
  if (k % 3 === 1) return title.toUpperCase();
  return title.replace(/\s*\((.*)\)/, ', $1');
}

/** Writes the contents table(s) of page 2 from the numbered sheets; `itemised` forces one row per drawing. */
export function fillContents(m: DocModel, style: ContentsStyle, itemised = false): void {
  const page = m.pages[1];
  if (!page) return;
  const drawings = m.pages.flatMap((pg) => (pg.stamp?.form === 3 ? [{ sheet: pg.stamp.sheet, title: pg.stamp.sheetTitle }] : []));
  const textSheets = m.pages.filter((pg) => pg.stamp?.form === 6).map((pg) => pg.stamp!.sheet);
  const s = itemised && (style === 2 || style === 3) ? 0 : style;
  const textCell = s === 1 && textSheets.length > 1 ? `л. ${textSheets[0]}–${textSheets[textSheets.length - 1]}` : `л. ${textSheets[0] ?? 2}`;
  const rows: string[][] = [
    [`${m.cipher}.С`, 'Содержание тома', 'л. 1'],
    [m.cipher, 'Текстовая часть', textCell],
  ];
  const blocks: Block[] = [{ t: 'h', text: 'Содержание тома' }];
  if (drawings.length && (s === 2 || s === 3)) {
    const first = drawings[0]!.sheet;
    const last = drawings[drawings.length - 1]!.sheet;
    rows.push([m.cipher, 'Графическая часть', s === 2 && first !== last ? `л. ${first}–${last}` : `л. ${first}`]);
  } else if (s !== 5) {
    drawings.forEach(
      (d, i) => void rows.push([m.cipher, s === 1 ? d.title : `Графическая часть. ${s === 4 ? restyled(d.title, i) : d.title}`, `л. ${d.sheet}`]),
    );
  }
  blocks.push({ t: 'table', head: ['Обозначение', 'Наименование', 'Примечание'], rows, widths: [0.3, 0.52, 0.18], tags: ['contents'] });
  if (s === 5 && drawings.length) {
    blocks.push({ t: 'h', text: 'Ведомость листов графической части' });
    blocks.push({
      t: 'table',
      head: ['Лист', 'Наименование', 'Примечание'],
      rows: drawings.map((d) => [d.sheet, d.title, '']),
      widths: [0.12, 0.68, 0.2],
      tags: ['contents'],
    });
  }
  page.blocks = blocks;
}
