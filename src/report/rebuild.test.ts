import { test } from 'node:test';
import assert from 'node:assert/strict';
import { retryDelayMs, secondsUntil } from './rebuild.ts';

test('retryDelayMs: a failure at publication allows a rebuild at once; failed rebuilds double the pause up to 15 min', () => {
  assert.equal(retryDelayMs(0), 0);
  assert.equal(retryDelayMs(1), 0);
  assert.equal(retryDelayMs(2), 30_000);
  assert.equal(retryDelayMs(3), 60_000);
  assert.equal(retryDelayMs(4), 120_000);
  assert.equal(retryDelayMs(7), 900_000);
  assert.equal(retryDelayMs(1000), 900_000);
});

test('secondsUntil: whole seconds rounded up, at least 1', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');
  assert.equal(secondsUntil('2026-11-22T10:00:30.000Z', now), 30);
  assert.equal(secondsUntil('2026-11-22T10:00:29.001Z', now), 30);
  assert.equal(secondsUntil('2026-11-22T10:00:00.000Z', now), 1);
  assert.equal(secondsUntil('2026-11-22T09:00:00.000Z', now), 1);
});
