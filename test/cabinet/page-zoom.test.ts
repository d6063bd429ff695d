/** How sharp a page's picture is asked for as the viewer zooms (the cabinet's page-zoom.js, pure enough for Node). */
import { test } from 'node:test';
import assert from 'node:assert/strict';

const zoom: any = await import('../../src/cabinet/static/page-zoom.js' as string);

// sizes in points (72 per inch)
const A4 = { width: 595.3, height: 841.9 };
const A2 = { width: 1683.8, height: 1190.6 };
const A0 = { width: 3370.4, height: 2383.9 };

test('the first picture while the page is shown with no more pixels than it has', () => {
  assert.equal(zoom.pictureZoomFor(A2, 800), 1);
  assert.equal(zoom.pictureZoomFor(A2, 1600), 1);
  assert.equal(zoom.pictureZoomFor(A2, 1700), 1, 'within a tenth: sharp enough');
});

test('a large sheet zoomed in: the least sharper picture that has the pixels, at most three times the first', () => {
  assert.equal(zoom.pictureZoomFor(A2, 2400), 2);
  assert.equal(zoom.pictureZoomFor(A2, 3200), 2);
  assert.equal(zoom.pictureZoomFor(A2, 4000), 3, 'an A2 gets the pixels asked for: 4,800 px at zoom 3');
  assert.equal(zoom.pictureZoomFor(A2, 9600), 3, "never past the service's largest");
  assert.equal(zoom.pictureZoomFor(A0, 4000), 3);
  assert.equal(zoom.pictureZoomFor(A0, 20_000), 3, "never past the service's largest");
  assert.equal(zoom.pictureSide(A0, 3), 4800, 'an A0 as large as before: 4,800 px on its longest side');
  assert.equal(zoom.pictureSide(A2, 3), 4800);
  assert.equal(zoom.pictureSide(A2, 2), 3200);
});

test('an A4 page stops at 300 dpi: zoomed in it gets one sharper picture, never one blown up past that', () => {
  assert.equal(zoom.pictureZoomFor(A4, 1600), 1);
  assert.equal(zoom.pictureZoomFor(A4, 3200), 2);
  assert.equal(zoom.pictureZoomFor(A4, 9600), 2, 'zoom 2 (3,200 px, 274 dpi) is within a tenth of the most an A4 is drawn with');
  assert.equal(Math.round(zoom.pictureSide(A4, 3)), 3508, '842 pt at 300 dpi');
});

test('the cabinet asks for no zoom the service does not draw', async () => {
  const service = await import('../../src/cabinet/page-image.ts');
  assert.equal(zoom.MAX_PICTURE_ZOOM, service.MAX_PICTURE_ZOOM);
});
