// Pieces of one printed row: Word and CAD write a row in runs, one per font change or kerning step («6» «14» «,» «13»,
// «Н» «.» «контроль»), and the PDF text keeps each run apart. Shared by both PDF readers and the title-block reader.
// Plain .mjs so the mupdf reader process can load it without a TypeScript loader.

/**
 * Whether box b continues box a on the same row ({x, y, w, h}, a before b): their middles level, and the gap between
 * them under half a letter's height. Cells of a table and columns of text stand further apart and stay separate.
 */
export function continuesRow(a, b) {
  const h = Math.min(a.h, b.h);
  const gap = b.x - (a.x + a.w);
  return h > 0 && Math.abs(a.y + a.h / 2 - (b.y + b.h / 2)) < h * 0.5 && gap > -h * 0.3 && gap < h * 0.45;
}

/**
 * What joins piece b to piece a: a space where the gap is a word's, nothing where a word or a number was cut. A gap
 * over `wordGap` letter heights is a word's: page text takes a small one (runs split inside a word touch), a title
 * block's CAD labels a larger one («Н» «.» «контроль» stand a little apart).
 */
export function rowGlue(a, b, aText, bText, wordGap = 0.15) {
  if (/\s$/.test(aText) || /^\s/.test(bText)) return '';
  return b.x - (a.x + a.w) > Math.min(a.h, b.h) * wordGap ? ' ' : '';
}

const boxOf = (bbox) => ({ x: bbox[0], y: bbox[1], w: bbox[2] - bbox[0], h: bbox[3] - bbox[1] });

/**
 * A page's text from its lines grouped by text block, as mupdf lays it out (a line per line, an empty line after each
 * block), with the runs of one row joined into one line.
 * @param {{text: string, bbox: number[]}[][]} blocks
 */
export function pageText(blocks) {
  const parts = [];
  for (const block of blocks) {
    let prev = null;
    for (const line of block) {
      const box = boxOf(line.bbox);
      if (prev && continuesRow(prev.box, box)) {
        parts.pop(); // the newline after the previous run
        parts.push(rowGlue(prev.box, box, prev.text, line.text));
      }
      parts.push(line.text, '\n');
      prev = { box, text: line.text };
    }
    parts.push('\n');
  }
  return parts.join('');
}
