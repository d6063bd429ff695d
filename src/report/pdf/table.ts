/** A bordered table that breaks across pages row by row and repeats its header on every page. */
import { printable, type PdfWriter } from './writer.ts';

const PAD = 3;

export interface TableSpec {
  header: readonly string[];
  /** Column widths in points; the last column takes what is left of the page width when 0. */
  widths: readonly number[];
  rows: readonly (readonly string[])[];
}

/** A row may take at most this share of a page; longer cells end with an ellipsis. */
const MAX_ROW_SHARE = 0.4;

function rowHeight(w: PdfWriter, cells: readonly string[], widths: readonly number[], head: boolean): number {
  const style = head ? 'cellHead' : 'cell';
  const max = (w.bottom - w.doc.page.margins.top) * MAX_ROW_SHARE;
  const h = Math.max(...cells.map((c, i) => w.measure(style, c, widths[i]! - 2 * PAD))) + 2 * PAD;
  return Math.min(h, max);
}

function drawRow(w: PdfWriter, cells: readonly string[], widths: readonly number[], height: number, head: boolean): void {
  const y = w.doc.y;
  let x = w.left;
  if (head)
    w.doc
      .save()
      .rect(
        x,
        y,
        widths.reduce((a, b) => a + b, 0),
        height,
      )
      .fill('#e8ecf4')
      .restore();
  cells.forEach((text, i) => {
    const cw = widths[i]!;
    w.doc.save().rect(x, y, cw, height).lineWidth(0.5).strokeColor('#888888').stroke().restore();
    w.use(head ? 'cellHead' : 'cell').doc.text(printable(text), x + PAD, y + PAD, {
      width: cw - 2 * PAD,
      height: height - 2 * PAD,
      ellipsis: true,
    });
    x += cw;
  });
  w.doc.x = w.left;
  w.doc.y = y + height;
}

export function drawTable(w: PdfWriter, spec: TableSpec): void {
  const fixed = spec.widths.reduce((a, b) => a + b, 0);
  const widths = spec.widths.map((v) => (v === 0 ? w.width - fixed : v));
  const headHeight = rowHeight(w, spec.header, widths, true);
  const first = spec.rows[0];
  w.ensureSpace(headHeight + (first ? rowHeight(w, first, widths, false) : 0));
  drawRow(w, spec.header, widths, headHeight, true);
  for (const row of spec.rows) {
    const h = rowHeight(w, row, widths, false);
    if (w.doc.y + h > w.bottom) {
      w.newPage();
      drawRow(w, spec.header, widths, headHeight, true);
    }
    drawRow(w, row, widths, h, false);
  }
}
