// Sheet sizes both the review and the page pictures tell apart. Plain .mjs so child processes load it without a loader.

/** PDF points in a millimetre: page boxes are in points, the forms' sizes in mm. */
export const POINTS_PER_MM = 72 / 25.4;

/** An A4 sheet in either orientation (210 × 297 mm, with room for CAD exports and scans a few mm off). */
export const isA4 = (widthMm, heightMm) => Math.min(widthMm, heightMm) <= 230 && Math.max(widthMm, heightMm) <= 320;
