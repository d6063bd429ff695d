import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assignPageNumbers } from './page-numbers.ts';

test('running pages follow document order; unknown or empty documents get nulls and do not shift the rest', () => {
  assert.deepEqual(assignPageNumbers([3, null, 2, 0, 1]), [
    { page_from: 1, page_to: 3 },
    { page_from: null, page_to: null },
    { page_from: 4, page_to: 5 },
    { page_from: null, page_to: null },
    { page_from: 6, page_to: 6 },
  ]);
  assert.deepEqual(assignPageNumbers([]), []);
});
