export const LARGE_CORNER_MM: [number, number];
export const A4_CORNER_MM: [number, number];

/** The part of a sheet with its title block, in mm from its top-left corner, and the quarter turns that make it upright. */
export function titleBlockCrop(
  widthMm: number,
  heightMm: number,
  along?: 'short' | 'bottom',
): { x0: number; y0: number; x1: number; y1: number; rotate: 0 | 90 };
