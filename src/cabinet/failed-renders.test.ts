import assert from 'node:assert/strict';
import test from 'node:test';
import { FailedRenders } from './failed-renders.ts';

test('a failure is answered until its time is up, with the seconds left', () => {
  let now = 1_000_000;
  const failures = new FailedRenders<string>({ ttlMs: 60_000, maxEntries: 10 }, () => now);
  assert.equal(failures.recall('p'), undefined);
  failures.remember('p', 'broken');
  assert.deepEqual(failures.recall('p'), { failure: 'broken', secondsLeft: 60 });
  now += 59_001;
  assert.deepEqual(failures.recall('p'), { failure: 'broken', secondsLeft: 1 });
  now += 999;
  assert.equal(failures.recall('p'), undefined, 'forgotten: tried again');
  assert.equal(failures.size, 0);
});

test('remembering again starts the time anew', () => {
  let now = 0;
  const failures = new FailedRenders<string>({ ttlMs: 10_000, maxEntries: 10 }, () => now);
  failures.remember('p', 'first');
  now = 9_000;
  failures.remember('p', 'second');
  now = 15_000;
  assert.deepEqual(failures.recall('p'), { failure: 'second', secondsLeft: 4 });
});

test('bounded: past maxEntries the oldest are forgotten first', () => {
  const failures = new FailedRenders<number>({ ttlMs: 60_000, maxEntries: 3 });
  for (let i = 0; i < 5; i++) failures.remember(`p${i}`, i);
  assert.equal(failures.size, 3);
  assert.equal(failures.recall('p0'), undefined);
  assert.equal(failures.recall('p1'), undefined);
  assert.equal(failures.recall('p4')?.failure, 4);
});

test('a time of 0 remembers nothing', () => {
  const failures = new FailedRenders<string>({ ttlMs: 0, maxEntries: 3 });
  failures.remember('p', 'broken');
  assert.equal(failures.recall('p'), undefined);
});
