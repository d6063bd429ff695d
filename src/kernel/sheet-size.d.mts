/** An A4 sheet in either orientation. */
export function isA4(widthMm: number, heightMm: number): boolean;
