// How sharp a page's picture is asked for: a large sheet zoomed in needs more pixels than its first picture has
// (src/cabinet/page-image.ts draws `?zoom=2`, `3`). Pure, so that it is tested without a browser
// (test/cabinet/page-zoom.test.ts).

/** The longest side of a page's first picture, in pixels. */
export const PICTURE_SIDE_PX = 1600;
/** The sharpest picture the service draws: this many times the first one's pixels. */
export const MAX_PICTURE_ZOOM = 3;
/**
 * A page is never drawn past 300 dpi (300/72 ≈ 4.17 × its size in points), as src/isolation/page-render-child.mjs
 * draws it: an A4 stops at 3,508 px, an A2 and larger get the pixels asked for (4,800 px at zoom 3).
 */
const MAX_SCALE = 300 / 72;
/** A picture within a tenth of the pixels it is shown at is sharp enough: no render for that. */
const ENOUGH = 0.9;

/** The longest side in pixels of the picture drawn at `zoom` of a page of this size in points. @param {{ width: number, height: number }} page @param {number} zoom */
export const pictureSide = (page, zoom) => Math.min(PICTURE_SIDE_PX * zoom, MAX_SCALE * Math.max(page.width, page.height));

/**
 * The picture's zoom (1 to MAX_PICTURE_ZOOM) for a page shown `shownPx` device pixels on its longest side: the least
 * whose picture has those pixels, or as many as the page can be drawn with.
 * @param {{ width: number, height: number }} page @param {number} shownPx
 */
export function pictureZoomFor(page, shownPx) {
  const wanted = ENOUGH * Math.min(shownPx, pictureSide(page, MAX_PICTURE_ZOOM));
  for (let zoom = 1; zoom < MAX_PICTURE_ZOOM; zoom++) if (pictureSide(page, zoom) >= wanted) return zoom;
  return MAX_PICTURE_ZOOM;
}
