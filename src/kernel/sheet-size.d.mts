/** PDF points in a millimetre. */
export const POINTS_PER_MM: number;
/** An A4 sheet in either orientation. */
export function isA4(widthMm: number, heightMm: number): boolean;
