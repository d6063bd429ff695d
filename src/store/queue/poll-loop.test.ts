import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startPollLoop } from './poll-loop.ts';
import { keepLeaseAlive } from './heartbeat.ts';

const tick = (ms = 10) => new Promise((r) => setTimeout(r, ms));

test('a wake-up ends the sleep at once, one that comes during a pass is kept, and stop waits for the pass', async () => {
  let passes = 0;
  let release: (() => void) | null = null;
  const loop = startPollLoop({
    intervalMs: 60_000,
    onError: () => assert.fail('no error expected'),
    async pass() {
      passes++;
      if (passes === 2) await new Promise<void>((r) => (release = r));
      return undefined;
    },
  });
  await tick();
  assert.equal(passes, 1, 'the first pass runs at start, then the loop sleeps a minute');
  loop.wake();
  await tick();
  assert.equal(passes, 2, 'woken: the second pass runs (and blocks)');
  loop.wake(); // during the pass
  release!();
  await tick();
  assert.equal(passes, 3, 'the wake-up during the pass ended the next sleep at once');
  const stopped = loop.stop();
  assert.equal(loop.stopping, true);
  await stopped;
  await tick();
  assert.equal(passes, 3, 'no pass after stop');
});

test('a failing pass is reported and the loop goes on after its interval; a pass may name its own sleep', async () => {
  const errors: unknown[] = [];
  let passes = 0;
  const loop = startPollLoop({
    intervalMs: 5,
    onError: (err) => errors.push(err),
    async pass() {
      passes++;
      if (passes === 1) throw new Error('database away');
      return passes >= 3 ? 60_000 : 1;
    },
  });
  for (let i = 0; i < 100 && passes < 3; i++) await tick(5);
  await tick(20);
  await loop.stop();
  assert.equal(errors.length, 1);
  assert.equal(passes, 3, 'the third pass asked for a long sleep');
});

test('the heartbeat renews every third of the lease and reports a lost lease once', async () => {
  let renewals = 0;
  let lost = 0;
  const stop = keepLeaseAlive({
    leaseMs: 30,
    renew: async () => ++renewals < 3,
    onLost: () => lost++,
    onError: () => assert.fail('no error expected'),
  });
  for (let i = 0; i < 100 && renewals < 5; i++) await tick(5);
  stop();
  const after = renewals;
  await tick(40);
  assert.ok(after >= 5);
  assert.equal(renewals, after, 'no renewal after stop');
  assert.equal(lost, 1);
});
