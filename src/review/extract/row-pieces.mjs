// Pieces of one printed row: Word and CAD write a row in runs, one per font change or kerning step («6» «14» «,» «13»,
// «Н» «.» «контроль»), and the PDF text keeps each run apart. Shared by both PDF readers and the title-block reader.
// Plain .mjs so the mupdf reader process can load it without a TypeScript loader.

/** Runs of a page's text split inside a word touch: a gap over this many letter heights is a word's. */
const PAGE_WORD_GAP = 0.15;

/** The rule of a row's pieces over plain numbers (box a: x, y, width, height; box b: x, y, height), so a page's lines need no objects. */
function levelAndTouching(ax, ay, aw, ah, bx, by, bh) {
  const h = Math.min(ah, bh);
  const gap = bx - (ax + aw);
  return h > 0 && Math.abs(ay + ah / 2 - (by + bh / 2)) < h * 0.5 && gap > -h * 0.3 && gap < h * 0.45;
}

/** A space where the gap between the pieces is over `wordGap` letter heights; nothing where a word or a number was cut. */
function glueOf(gap, h, aText, bText, wordGap) {
  if (/\s$/.test(aText) || /^\s/.test(bText)) return '';
  return gap > h * wordGap ? ' ' : '';
}

/**
 * Whether box b continues box a on the same row ({x, y, w, h}, a before b): their middles level, and the gap between
 * them under half a letter's height. Cells of a table and columns of text stand further apart and stay separate.
 */
export function continuesRow(a, b) {
  return levelAndTouching(a.x, a.y, a.w, a.h, b.x, b.y, b.h);
}

/**
 * What joins piece b to piece a: a space where the gap is a word's, nothing where a word or a number was cut. A gap
 * over `wordGap` letter heights is a word's: page text takes a small one (runs split inside a word touch), a title
 * block's CAD labels a larger one («Н» «.» «контроль» stand a little apart).
 */
export function rowGlue(a, b, aText, bText, wordGap = PAGE_WORD_GAP) {
  return glueOf(b.x - (a.x + a.w), Math.min(a.h, b.h), aText, bText, wordGap);
}

/**
 * A page's text from its lines grouped by text block, as mupdf lays it out (a line per line, an empty line after each
 * block), with the runs of one row joined into one line.
 * @param {{text: string, bbox: number[]}[][]} blocks
 */
export function pageText(blocks) {
  let text = '';
  for (const block of blocks) {
    let prev = null;
    for (const line of block) {
      const [x0, y0, , y1] = line.bbox;
      if (prev) {
        const [px0, py0, px1, py1] = prev.bbox;
        text += levelAndTouching(px0, py0, px1 - px0, py1 - py0, x0, y0, y1 - y0)
          ? glueOf(x0 - px1, Math.min(py1 - py0, y1 - y0), prev.text, line.text, PAGE_WORD_GAP)
          : '\n';
      }
      text += line.text;
      prev = line;
    }
    text += prev ? '\n\n' : '\n';
  }
  return text;
}
