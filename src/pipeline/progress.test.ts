import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeProgress } from './progress.ts';

test('percent follows the stage span and the fraction done inside it', () => {
  assert.equal(computeProgress('preparing', 0, 0, 0, { total: null, done: null }).percent, 0);
  assert.equal(computeProgress('reading', 0.5, 0, 1000, { total: 10, done: 5 }).percent, 47.5);
  assert.equal(computeProgress('publishing', 1, 0, 1000, { total: 10, done: 10 }).percent, 100);
});

test('eta is derived from elapsed time once there is enough progress, and is 0 at the end', () => {
  const early = computeProgress('preparing', 0.1, 0, 1000, { total: null, done: null });
  assert.equal(early.eta_s, null, 'no estimate below 5 %');
  const mid = computeProgress('reading', 0.6, 0, 50_000, { total: 100, done: 60 });
  assert.equal(mid.elapsed_s, 50);
  assert.ok(mid.eta_s! > 0 && mid.eta_s! < 100);
  assert.equal(computeProgress('publishing', 1, 0, 9000, { total: 1, done: 1 }).eta_s, 0);
});
