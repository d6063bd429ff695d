/** Pauses of the client: backoff with jitter, Retry-After as a floor, the 5–30 s pauses of a wait after outages. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backoffMs, parseRetryAfter, retryPolicy } from '../../client/src/retry.ts';
import { outagePauseMs } from '../../client/src/wait.ts';

test('backoff doubles its ceiling, is spread by jitter and capped', () => {
  const p = retryPolicy({ baseDelayMs: 500, maxDelayMs: 3000 });
  assert.equal(
    backoffMs(p, 1, undefined, () => 1),
    500,
  );
  assert.equal(
    backoffMs(p, 3, undefined, () => 1),
    2000,
  );
  assert.equal(
    backoffMs(p, 6, undefined, () => 1),
    3000,
  );
  assert.equal(
    backoffMs(p, 2, undefined, () => 0.5),
    500,
  );
  assert.equal(
    backoffMs(p, 2, undefined, () => 0),
    0,
  );
});

test('Retry-After is a floor of the pause', () => {
  const p = retryPolicy();
  assert.equal(
    backoffMs(p, 1, 5000, () => 1),
    5000,
  );
  assert.equal(
    backoffMs(p, 8, 1000, () => 1),
    30_000,
  );
});

test('Retry-After as seconds or an HTTP date', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  assert.equal(parseRetryAfter('5', now), 5000);
  assert.equal(parseRetryAfter('Tue, 24 Nov 2026 12:00:30 GMT', now), 30_000);
  assert.equal(parseRetryAfter('Tue, 24 Nov 2026 11:00:00 GMT', now), 0);
  assert.equal(parseRetryAfter(null, now), undefined);
  assert.equal(parseRetryAfter('soon', now), undefined);
});

test('after failed polls the wait pauses 5 to 30 s, growing', () => {
  for (const r of [0, 0.5, 1]) {
    const pauses = [1, 2, 3, 4, 5, 9].map((n) => outagePauseMs(n, () => r));
    for (const p of pauses) assert.ok(p >= 5000 && p <= 30_000, String(p));
    assert.deepEqual(
      [...pauses].sort((a, b) => a - b),
      pauses,
    );
  }
  assert.equal(
    outagePauseMs(1, () => 0.5),
    5000,
  );
  assert.equal(
    outagePauseMs(3, () => 0.5),
    20_000,
  );
});
