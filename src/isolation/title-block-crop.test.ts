import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isA4 } from '../kernel/sheet-size.mjs';
import { titleBlockCrop } from './title-block-crop.mjs';

/** A crop rounded to a tenth of a mm, for comparison. */
const mm = (c: ReturnType<typeof titleBlockCrop>) => ({ ...c, x0: Math.round(c.x0 * 10) / 10, y0: Math.round(c.y0 * 10) / 10 });

test("A4 portrait: the block along its short side, the bottom strip over the sheet, not the large sheets' 215 × 90 mm", () => {
  assert.deepEqual(mm(titleBlockCrop(210, 297)), { x0: 10, y0: 227, x1: 210, y1: 297, rotate: 0 });
  // a few mm off, as a scan or a CAD export gives it
  assert.deepEqual(mm(titleBlockCrop(209.9, 297.2)), { x0: 9.9, y0: 227.2, x1: 209.9, y1: 297.2, rotate: 0 });
});

test('A4 landscape: the strip along the right edge from the top-right corner, turned a quarter to read; or the bottom corner', () => {
  assert.deepEqual(titleBlockCrop(297, 210), { x0: 227, y0: 0, x1: 297, y1: 200, rotate: 90 });
  assert.deepEqual(titleBlockCrop(297, 210, 'bottom'), { x0: 97, y0: 140, x1: 297, y1: 210, rotate: 0 });
});

test('A3 in either orientation and larger sheets: the bottom-right corner with the columns beside the block', () => {
  assert.deepEqual(titleBlockCrop(420, 297), { x0: 205, y0: 207, x1: 420, y1: 297, rotate: 0 }, 'A3 landscape');
  assert.deepEqual(titleBlockCrop(297, 420), { x0: 82, y0: 330, x1: 297, y1: 420, rotate: 0 }, 'A3 portrait');
  assert.deepEqual(titleBlockCrop(594, 420), { x0: 379, y0: 330, x1: 594, y1: 420, rotate: 0 }, 'A2');
  assert.deepEqual(titleBlockCrop(841, 594, 'bottom'), { x0: 626, y0: 504, x1: 841, y1: 594, rotate: 0 }, 'A1: where it stands does not depend on the text');
  assert.deepEqual(titleBlockCrop(297, 630), { x0: 82, y0: 540, x1: 297, y1: 630, rotate: 0 }, 'A4×3');
});

test('never past the sheet; what is A4', () => {
  assert.deepEqual(titleBlockCrop(148, 210), { x0: 0, y0: 140, x1: 148, y1: 210, rotate: 0 }, 'A5: the whole width');
  assert.equal(isA4(210, 297) && isA4(297, 210), true);
  assert.equal(isA4(297, 420) || isA4(297, 630), false);
});
