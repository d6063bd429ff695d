/**
 * Splits blocks into sheets by an estimate of printed lines. The estimate is deliberately generous so the same split fits
 * both the PDF layout and Word's layout after LibreOffice conversion: one model page is always one printed page.
 */
import type { Block } from './model.ts';

const CHARS_PER_LINE = 72;
const TABLE_CHARS_PER_LINE = 92;

/** Sheet capacity in estimated lines above a form 6 title block. */
export const SHEET_LINES = 40;

function textLines(s: string, perLine: number): number {
  return s.split('\n').reduce((n, part) => n + Math.max(1, Math.ceil(part.length / perLine)), 0);
}

function rowLines(cells: string[], widths: number[]): number {
  let max = 1;
  cells.forEach((c, i) => {
    const w = widths[i] ?? 1 / cells.length;
    max = Math.max(max, textLines(c, Math.max(6, Math.floor(TABLE_CHARS_PER_LINE * w) - 3)));
  });
  return max * 0.9 + 0.5;
}

export function tableWidths(b: Extract<Block, { t: 'table' }>): number[] {
  return b.widths ?? b.head.map(() => 1 / b.head.length);
}

export function estimateLines(b: Block): number {
  switch (b.t) {
    case 'h':
      return textLines(b.text, CHARS_PER_LINE) + 1.5;
    case 'p':
      return textLines(b.text, CHARS_PER_LINE) + 0.6;
    case 'table': {
      const w = tableWidths(b);
      return rowLines(b.head, w) + b.rows.reduce((n, r) => n + rowLines(r, w), 0) + 1;
    }
    case 'drawing':
      return 20;
  }
}

/** Splits a table that cannot fit one sheet into parts that repeat the head. */
function splitTable(b: Extract<Block, { t: 'table' }>, room: number, full: number): Block[] {
  const w = tableWidths(b);
  const parts: Block[] = [];
  let rows: string[][] = [];
  let used = rowLines(b.head, w) + 1;
  let limit = room;
  for (const r of b.rows) {
    const l = rowLines(r, w);
    if (used + l > limit && rows.length) {
      parts.push({ ...b, rows });
      rows = [];
      used = rowLines(b.head, w) + 1;
      limit = full;
    }
    rows.push(r);
    used += l;
  }
  parts.push({ ...b, rows });
  return parts;
}

export function paginate(blocks: Block[], firstCapacity: number, capacity: number): Block[][] {
  const pages: Block[][] = [[]];
  let used = 0;
  let cap = firstCapacity;
  const queue = [...blocks];
  while (queue.length) {
    const b = queue.shift() as Block;
    const lines = estimateLines(b);
    const next = queue[0];
    // A heading stays with the block after it.
    const need = b.t === 'h' && next ? lines + Math.min(estimateLines(next), 6) : lines;
    if (used + need > cap && used > 0) {
      if (b.t === 'table' && cap - used > 8) {
        const [head, ...rest] = splitTable(b, cap - used, capacity);
        if (rest.length) {
          (pages[pages.length - 1] as Block[]).push(head as Block);
          queue.unshift(...rest);
          pages.push([]);
          used = 0;
          cap = capacity;
          continue;
        }
      }
      pages.push([]);
      used = 0;
      cap = capacity;
    }
    if (b.t === 'table' && lines > cap) {
      const parts = splitTable(b, cap - used, capacity);
      if (parts.length > 1) {
        queue.unshift(...parts);
        continue;
      }
    }
    (pages[pages.length - 1] as Block[]).push(b);
    used += lines;
  }
  return pages.filter((p, i) => p.length > 0 || i === 0);
}
