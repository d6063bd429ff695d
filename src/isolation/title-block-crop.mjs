// Where the title block (основная надпись) of a sheet stands, from the sheet's size in mm: the part of the page the
// cabinet's title-block picture shows (page-render-child.mjs). Plain .mjs so the render child loads it without a loader.
//
// ГОСТ Р 21.101 puts the block (185 × 55 mm at most, form 3) in the bottom-right corner, 5 mm from the edges. On A3
// and larger sheets the corner is drawn with room for the columns beside it. An A4 sheet carries its block along its
// short side only: a portrait A4 at its bottom, over the sheet's width; a landscape A4 — a portrait sheet turned a
// quarter counter-clockwise, the binding edge at the bottom — along its right edge, written upwards from the top-right
// corner. That strip is drawn turned back a quarter clockwise, so the block reads as on the portrait sheet. A
// landscape A4 whose block was laid along its long side instead (some templates do) is told by its text layer
// (`along: 'bottom'`).

import { isA4 } from '../kernel/sheet-size.mjs';

/** The corner drawn on A3 and larger sheets, in mm: the block (185 × 55) with the margin and the columns beside it. */
export const LARGE_CORNER_MM = [215, 90];
/** The corner drawn along the short side of an A4 sheet, in mm: the block with its 5 mm margin and 10 mm of room. */
export const A4_CORNER_MM = [200, 70];

/**
 * The part of a sheet with its title block: x0, y0, x1, y1 in mm from the sheet's top-left corner, never past the
 * sheet, and the quarter turns clockwise (0 or 90) that make the block read upright.
 * @param {number} widthMm @param {number} heightMm
 * @param {'short' | 'bottom'} along where a landscape A4 carries its block: the short (right) side, as ГОСТ Р 21.101 has it, or the bottom
 * @returns {{ x0: number, y0: number, x1: number, y1: number, rotate: 0 | 90 }}
 */
export function titleBlockCrop(widthMm, heightMm, along = 'short') {
  const a4 = isA4(widthMm, heightMm);
  const landscape = widthMm > heightMm;
  if (a4 && landscape && along === 'short') {
    // the strip along the right edge, from the top-right corner down the block's length and room
    const [length, depth] = A4_CORNER_MM;
    return { x0: Math.max(0, widthMm - depth), y0: 0, x1: widthMm, y1: Math.min(heightMm, length), rotate: 90 };
  }
  const [w, h] = a4 ? A4_CORNER_MM : LARGE_CORNER_MM;
  return { x0: Math.max(0, widthMm - w), y0: Math.max(0, heightMm - h), x1: widthMm, y1: heightMm, rotate: 0 };
}
