/**
 * How many printed lines a cell's text takes in a column of a given width, wrapped at words as LibreOffice and
 * Excel wrap them: what the XLSX's row heights are computed from (a row without a height prints one line high).
 */

/** A column `width` characters wide (the XLSX unit: the width of a digit) holds about this many Cyrillic letters of Arial 10 pt. */
export function lettersPerLine(width: number): number {
  return Math.max(4, Math.floor(width * 1.2) - 2);
}

/** The lines of a text wrapped at words in `letters` per line; a word longer than a line takes as many lines as it needs. */
export function wrappedLines(text: string, letters: number): number {
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    let line = 0;
    let count = 1;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const len = word.length;
      if (line === 0) {
        count += Math.floor(Math.max(0, len - 1) / letters);
        line = len % letters || letters;
      } else if (line + 1 + len <= letters) {
        line += 1 + len;
      } else {
        count += 1 + Math.floor(Math.max(0, len - 1) / letters);
        line = len % letters || letters;
      }
    }
    lines += count;
  }
  return Math.max(1, lines);
}

/** Points per printed line of 10 pt text, with the cell's padding. */
export const LINE_POINTS = 13;

/** The height of a row in points: its tallest cell. */
export function rowHeight(cells: readonly string[], widths: readonly number[]): number {
  let lines = 1;
  cells.forEach((text, i) => {
    lines = Math.max(lines, wrappedLines(text, lettersPerLine(widths[i] ?? 10)));
  });
  return Math.min(409, lines * LINE_POINTS + 4);
}

/** The longest word of the texts (capped), so no column is narrower than a word it must hold whole. */
export function longestWord(texts: readonly string[], cap = 16): number {
  let longest = 1;
  for (const text of texts) for (const word of text.split(/\s+/)) if (word.length > longest) longest = word.length;
  return Math.min(cap, longest);
}

/**
 * Column widths in a fixed total (the DOCX page): each column its share by its width in characters, but never
 * narrower than its longest word at `unit` per letter plus `padding`; the others give way in proportion.
 */
export function fittedWidths(shares: readonly number[], minimums: readonly number[], total: number): number[] {
  const fixed = new Set<number>();
  let widths: number[] = [];
  for (let pass = 0; pass <= shares.length; pass++) {
    const taken = [...fixed].reduce((a, i) => a + minimums[i]!, 0);
    const freeShare = shares.reduce((a, s, i) => a + (fixed.has(i) ? 0 : s), 0);
    widths = shares.map((s, i) => (fixed.has(i) ? minimums[i]! : ((total - taken) * s) / (freeShare || 1)));
    const short = widths.flatMap((w, i) => (!fixed.has(i) && w < minimums[i]! ? [i] : []));
    if (!short.length) break;
    for (const i of short) fixed.add(i);
  }
  return widths.map((w) => Math.floor(w));
}
