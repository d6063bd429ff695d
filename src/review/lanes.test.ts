import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dealDocuments } from './lanes.ts';

test('documents of equal size alternate between readers, each share in set order', () => {
  assert.deepEqual(dealDocuments([25, 25, 25, 25, 25], 2), [
    [0, 2, 4],
    [1, 3],
  ]);
});

test('a large document gets a reader to itself while the other reads the rest', () => {
  assert.deepEqual(dealDocuments([10, 400, 30, 20, 300, 5], 2), [[1], [0, 2, 3, 4, 5]]);
  assert.deepEqual(dealDocuments([100, 100, 100, 300], 2), [[3], [0, 1, 2]]);
});

test('every document is dealt exactly once, also with more readers than documents', () => {
  const lanes = dealDocuments([3, 1, 2], 5);
  assert.equal(lanes.length, 5);
  assert.deepEqual(lanes.flat().sort(), [0, 1, 2]);
  assert.deepEqual(dealDocuments([], 2), [[], []]);
});
