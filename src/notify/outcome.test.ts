import assert from 'node:assert/strict';
import { test } from 'node:test';
import { afterAttempt, verdictOf } from './outcome.ts';
import type { SendOutcome } from './sender.ts';

const resp = (status: number, location: string | null = null): SendOutcome => ({ kind: 'response', status, location });
const settings = { attempts: 4, timeoutMs: 1000, pausesMs: [2000, 4000, 6000] };
const now = new Date('2026-11-22T00:00:00.000Z');

test('verdicts: 2xx delivered; 3xx and 4xx except 429 rejected; 429, 5xx, timeouts, errors retried', () => {
  assert.equal(verdictOf(resp(200)), 'delivered');
  assert.equal(verdictOf(resp(204)), 'delivered');
  assert.equal(verdictOf(resp(301, 'https://elsewhere/')), 'rejected');
  assert.equal(verdictOf(resp(307)), 'rejected');
  assert.equal(verdictOf(resp(400)), 'rejected');
  assert.equal(verdictOf(resp(404)), 'rejected');
  assert.equal(verdictOf(resp(429)), 'retry');
  assert.equal(verdictOf(resp(500)), 'retry');
  assert.equal(verdictOf(resp(503)), 'retry');
  assert.equal(verdictOf({ kind: 'timeout' }), 'retry');
  assert.equal(verdictOf({ kind: 'error', code: 'ECONNREFUSED', message: '' }), 'retry');
});

test('a retry is scheduled after the pause of the attempt just made', () => {
  const r = afterAttempt({ attempts: 1, maxAttempts: 4 }, resp(500), settings, now);
  assert.equal(r.status, 'pending');
  assert.equal(r.attempts, 2);
  assert.equal(r.nextAttemptAt, '2026-11-22T00:00:04.000Z');
  assert.equal(r.lastResponseCode, 500);
  assert.equal(r.lastError, 'Получатель ответил HTTP 500');
});

test('the last allowed attempt ends in failed', () => {
  const r = afterAttempt({ attempts: 3, maxAttempts: 4 }, { kind: 'timeout' }, settings, now);
  assert.deepEqual(
    { status: r.status, attempts: r.attempts, next: r.nextAttemptAt, code: r.lastResponseCode },
    { status: 'failed', attempts: 4, next: null, code: null },
  );
});

test('delivered records the time; rejected stops at once; a redirect names its Location', () => {
  const ok = afterAttempt({ attempts: 0, maxAttempts: 4 }, resp(202), settings, now);
  assert.deepEqual([ok.status, ok.deliveredAt, ok.lastError], ['delivered', now.toISOString(), null]);
  const rej = afterAttempt({ attempts: 0, maxAttempts: 4 }, resp(302, 'https://login.example/'), settings, now);
  assert.equal(rej.status, 'rejected');
  assert.equal(rej.attempts, 1);
  assert.match(rej.lastError ?? '', /Location: https:\/\/login\.example\//);
});
