import type { PlacedLine } from '../types.ts';

/** A text line of a page with its box [x0, y0, x1, y1] in page space. */
export interface BoxedLine {
  text: string;
  bbox: number[];
}

export function titleBlockLines(lines: BoxedLine[], x0: number, y0: number, width: number, height: number): PlacedLine[];

/** Pieces of one row that touch, joined into one line (CAD exports write a label per font change). */
export function joinFragments(lines: PlacedLine[]): PlacedLine[];

/** The lower-right corner where a sheet's title block stands, in page points from the top-left. */
export function stampCorner(width: number, height: number): { x0: number; y0: number; x1: number; y1: number };
