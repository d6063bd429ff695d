import { test } from 'node:test';
import assert from 'node:assert/strict';
import { IntakeSlots } from './intake-slots.ts';

test('an organization gets its slots and no more without waiting; another organization is not affected', async () => {
  const slots = new IntakeSlots(2, 0);
  const a1 = await slots.take('a');
  const a2 = await slots.take('a');
  assert.ok(a1 && a2);
  assert.equal(await slots.take('a'), null, 'the third set of a is refused');
  assert.ok(await slots.take('b'), 'b has slots of its own');
  a1();
  assert.equal(slots.inUse('a'), 1);
  assert.ok(await slots.take('a'), 'a released slot is free again');
});

test('a set over the bound waits for the next free slot, in the order the sets came', async () => {
  const slots = new IntakeSlots(1, 5_000);
  const first = (await slots.take('a'))!;
  const order: string[] = [];
  const taken = (name: string) => (release: (() => void) | null) => {
    order.push(name);
    return release;
  };
  const second = slots.take('a').then(taken('second'));
  const third = slots.take('a').then(taken('third'));
  first();
  const r2 = (await second)!;
  assert.deepEqual(order, ['second']);
  assert.equal(slots.inUse('a'), 1);
  r2();
  (await third)!();
  assert.deepEqual(order, ['second', 'third']);
  assert.equal(slots.inUse('a'), 0);
});

test('a wait that runs out is refused and leaves no waiter behind; a flood of waiters is refused at once', async () => {
  const slots = new IntakeSlots(1, 30);
  const held = (await slots.take('a'))!;
  assert.equal(await slots.take('a'), null);
  held();
  assert.ok(await slots.take('a'), 'the slot is free, not promised to the waiter that gave up');

  const flood = new IntakeSlots(1, 60_000);
  await flood.take('a');
  const waiters = Array.from({ length: flood.maxWaiting }, () => flood.take('a'));
  assert.equal(await flood.take('a'), null, 'past maxWaiting a set is refused without waiting');
  void waiters;
});

test('a release given twice frees one slot, not two', async () => {
  const slots = new IntakeSlots(1, 0);
  const release = (await slots.take('a'))!;
  release();
  release();
  assert.equal(slots.inUse('a'), 0);
  assert.ok(await slots.take('a'));
  assert.equal(await slots.take('a'), null);
});

test('the numbers of the bound: sets in intake, waiting, and refused', async () => {
  const slots = new IntakeSlots(1, 30);
  const held = (await slots.take('a'))!;
  const waiting = slots.take('a');
  assert.deepEqual(slots.stats(), { running: 1, queued: 1, refused: 0 });
  assert.equal(await waiting, null);
  assert.deepEqual(slots.stats(), { running: 1, queued: 0, refused: 1 });
  held();
  assert.deepEqual(slots.stats(), { running: 0, queued: 0, refused: 1 });
});
