// Where the title block (основная надпись) of a sheet is: shared by both PDF readers. Plain .mjs so the
// mupdf reader process can load it without a TypeScript loader.

import { POINTS_PER_MM as MM } from '../../kernel/sheet-size.mjs';
import { continuesRow, rowGlue } from './row-pieces.mjs';

// A CAD label's pieces stand a little apart («Н» «.» «контроль»): a space only where the gap is a quarter of a letter's height.
const LABEL_WORD_GAP = 0.25;
// Title block: 185 mm wide, up to 55 mm high, 5 mm from the frame edge; a little slack for CAD exports.
const STAMP_W = 200 * MM;
const STAMP_H = 70 * MM;

const HEADER_TOKEN = /(?:^|\s)(?:из(?:м\.?)?|кол\.?\s?у(?:ч\.?)?|лист|№(?:\s?док\.?)?|подп\.?|дата)(?=\s|$)/gi;
// the first letter of a header word: most lines of a sheet are ruled out by it alone
const HEADER_LEAD = /^\s*[ИиКкЛл№ПпДд]/;
/** Number of header words in a line made of header words only («Изм. Кол.уч. Лист», «Подп.», a wrapped «Из»). */
function headerWords(text) {
  if (!HEADER_LEAD.test(text)) return 0;
  const t = text.trim();
  if (!t || t.replace(HEADER_TOKEN, '').trim()) return 0;
  return t.match(HEADER_TOKEN)?.length ?? 0;
}

/**
 * The lower-right corner where a sheet's title block stands, in page points from the top-left: a line ending in it is
 * the block's, and a corner with no text is the part of the page drawn for OCR when its rows are drawn as lines.
 * @returns {{x0: number, y0: number, x1: number, y1: number}}
 */
export function stampCorner(width, height) {
  return { x0: Math.max(0, width - STAMP_W), y0: Math.max(0, height - STAMP_H), x1: width, y1: height };
}

/**
 * Lines of the title block: those in the lower-right corner of the sheet, plus — for documents whose stamp
 * is not at the bottom (Word tables converted by LibreOffice) — those around the header row of its table of changes.
 * @param {{text: string, bbox: number[]}[]} lines line boxes [x0, y0, x1, y1] in page space, in reading order
 * @returns {{x: number, y: number, w: number, h: number, text: string}[]} boxes relative to the page origin
 */
export function titleBlockLines(lines, x0, y0, width, height) {
  const picked = new Set();
  const corner = stampCorner(width, height);
  for (const l of lines) {
    const [, , bx1, by1] = l.bbox;
    if (bx1 > x0 + corner.x0 && by1 > y0 + corner.y0) picked.add(l);
  }
  // the header row of the table of changes: «Изм. | Кол.уч. | Лист | № док. | Подп. | Дата», words maybe wrapped
  const header = [];
  for (const l of lines) {
    const n = headerWords(l.text);
    if (n > 0) header.push({ l, n });
  }
  for (const { l: a } of header) {
    const row = header.filter((o) => Math.abs(o.l.bbox[1] - a.bbox[1]) < 4);
    const words = row.reduce((sum, o) => sum + o.n, 0);
    if (words < 3 || row.some((o) => o.l.bbox[0] < a.bbox[0])) continue; // judge each row once, from its leftmost part
    const [ax0, ay0] = a.bbox;
    for (const l of lines) {
      const cx = (l.bbox[0] + l.bbox[2]) / 2;
      const cy = (l.bbox[1] + l.bbox[3]) / 2;
      if (cx > ax0 - 15 * MM && cx < ax0 + 200 * MM && cy > ay0 - 17 * MM && cy < ay0 + 50 * MM) picked.add(l);
    }
  }
  const out = [];
  for (const l of lines) {
    if (!picked.has(l) || !l.text.trim()) continue;
    const [bx0, by0, bx1, by1] = l.bbox;
    out.push({ x: bx0 - x0, y: by0 - y0, w: bx1 - bx0, h: by1 - by0, text: l.text });
  }
  return joinFragments(out);
}

/**
 * CAD exports write a label in pieces, one per font change («Н» «.» «контроль», «133/23-» «ГК» «-» «АР» «6»): pieces of one
 * row that touch are one line again. Cells of a table stand further apart than a letter's height and stay separate.
 * @param {{x: number, y: number, w: number, h: number, text: string}[]} ls
 */
export function joinFragments(ls) {
  const rest = [...ls].sort((a, b) => a.x - b.x);
  const out = [];
  for (const l of rest) {
    const prev = out.find((o) => continuesRow(o, l));
    if (!prev) {
      out.push({ ...l });
      continue;
    }
    const cut = /[-/]$/.test(prev.text); // «133/23-» «ГК»: a cipher's pieces join without a space
    const text = `${prev.text}${cut ? '' : rowGlue(prev, l, prev.text, l.text, LABEL_WORD_GAP)}${cut ? l.text.trimStart() : l.text}`.replace(/\s+/g, ' ');
    const y = Math.min(prev.y, l.y);
    const bottom = Math.max(prev.y + prev.h, l.y + l.h);
    Object.assign(prev, { text, y, h: bottom - y, w: Math.max(prev.x + prev.w, l.x + l.w) - prev.x });
  }
  // back in reading order: top to bottom, left to right
  return out.sort((a, b) => a.y - b.y || a.x - b.x);
}
