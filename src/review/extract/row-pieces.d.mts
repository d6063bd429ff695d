import type { BoxedLine } from './title-block.mjs';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function continuesRow(a: Box, b: Box): boolean;
export function rowGlue(a: Box, b: Box, aText: string, bText: string, wordGap?: number): string;
export function pageText(blocks: BoxedLine[][]): string;
