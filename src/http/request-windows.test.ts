import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RequestWindows, type WindowExchange } from './request-windows.ts';

/** A shared table of counts as the database keeps it, with the exchanges and deletions it was asked for. */
function sharedCounts() {
  const rows = new Map<string, number>(); // "windowStart|key" → requests
  const sent: Array<[number, Record<string, number>]> = [];
  const dropped: number[] = [];
  let failing = false;
  const exchange: WindowExchange = async (start, requests) => {
    if (failing) throw new Error('database down');
    sent.push([start, Object.fromEntries(requests)]);
    const totals = new Map<string, number>();
    for (const [key, n] of requests) {
      const total = (rows.get(`${start}|${key}`) ?? 0) + n;
      rows.set(`${start}|${key}`, total);
      totals.set(key, total);
    }
    return totals;
  };
  const dropBefore = async (start: number) => {
    dropped.push(start);
    for (const k of rows.keys()) if (Number(k.split('|')[0]) < start) rows.delete(k);
  };
  return {
    rows,
    sent,
    dropped,
    exchange,
    dropBefore,
    fail: (on: boolean) => {
      failing = on;
    },
  };
}

function node(shared: ReturnType<typeof sharedCounts>, clock: { now: number }) {
  return new RequestWindows({ exchange: shared.exchange, dropBefore: shared.dropBefore, windowMs: 60_000, now: () => clock.now });
}

const admitted = (w: RequestWindows, key: string, limit: number, n: number): number[] => Array.from({ length: n }, () => w.admit(key, limit));

test('a node alone admits the limit per window, then answers the seconds left in the window', () => {
  const clock = { now: 600_000 + 15_500 }; // 15.5 s into a window
  const w = node(sharedCounts(), clock);
  assert.deepEqual(admitted(w, 'k', 3, 3), [0, 0, 0]);
  assert.equal(w.admit('k', 3), 45);
  assert.equal(w.admit('other', 3), 0, 'keys are counted apart');
  clock.now = 600_000 + 59_990;
  assert.equal(w.admit('k', 3), 1, 'at least one second');
});

test('refused requests are not counted; a limit of 0 is unlimited and counts nothing', async () => {
  const shared = sharedCounts();
  const w = node(shared, { now: 0 });
  assert.deepEqual(admitted(w, 'k', 2, 5), [0, 0, 60, 60, 60]);
  assert.deepEqual(new Set(admitted(w, 'free', 0, 10_000)), new Set([0]));
  await w.flush();
  assert.deepEqual(shared.sent, [[0, { k: 2 }]]);
});

test('a new window starts from zero; counts of the window that ended are not sent', async () => {
  const clock = { now: 59_000 };
  const shared = sharedCounts();
  const w = node(shared, clock);
  assert.deepEqual(admitted(w, 'k', 2, 3), [0, 0, 1]);
  clock.now = 60_000;
  assert.deepEqual(admitted(w, 'k', 2, 3), [0, 0, 60]);
  await w.flush();
  assert.deepEqual(shared.sent, [[60_000, { k: 2 }]]);
});

test('flush: one exchange with every key’s unsent requests, totals learned, old windows dropped once per window', async () => {
  const clock = { now: 120_000 };
  const shared = sharedCounts();
  shared.rows.set('0|k', 7); // an ended window another node left behind
  const a = node(shared, clock);
  admitted(a, 'k', 100, 4);
  admitted(a, 'j', 100, 1);
  await a.flush();
  assert.deepEqual(shared.sent, [[120_000, { k: 4, j: 1 }]]);
  assert.deepEqual(shared.dropped, [120_000]);
  assert.equal(shared.rows.has('0|k'), false);
  admitted(a, 'k', 100, 2);
  await a.flush();
  await a.flush(); // nothing unsent: no exchange at all
  assert.deepEqual(shared.sent.at(-1), [120_000, { k: 2 }]);
  assert.equal(shared.sent.length, 2);
  assert.deepEqual(shared.dropped, [120_000]);
  assert.equal(shared.rows.get('120000|k'), 6);
});

test('two nodes: after a flush each counts the other’s requests; between flushes the overshoot is what the other admitted', async () => {
  const clock = { now: 0 };
  const shared = sharedCounts();
  const [a, b] = [node(shared, clock), node(shared, clock)];
  assert.deepEqual(admitted(a, 'k', 10, 4), [0, 0, 0, 0]);
  assert.deepEqual(admitted(b, 'k', 10, 4), [0, 0, 0, 0]);
  await a.flush(); // a learns 4
  await b.flush(); // b learns 8
  await a.flush(); // nothing unsent on a: a still knows 4
  assert.deepEqual(admitted(b, 'k', 10, 3), [0, 0, 60]);
  assert.deepEqual(admitted(a, 'k', 10, 7), [0, 0, 0, 0, 0, 0, 60], 'a has not seen b’s last 2 yet: 4 + 6 admitted');
  await a.flush();
  await b.flush();
  assert.equal(shared.rows.get('0|k'), 16, 'limit 10, overshoot 6: what b admitted since a last learned');
  assert.equal(a.admit('k', 10), 60);
  assert.equal(b.admit('k', 10), 60);
});

test('requests counted while an exchange is in flight are kept for the next one; a failed exchange keeps its requests', async () => {
  const clock = { now: 0 };
  const shared = sharedCounts();
  const w = node(shared, clock);
  admitted(w, 'k', 5, 3);
  const first = w.flush();
  assert.equal(w.flushing, true);
  assert.deepEqual(admitted(w, 'k', 5, 3), [0, 0, 60], 'requests being sent still count');
  await first;
  assert.equal(w.flushing, false);
  shared.fail(true);
  await assert.rejects(w.flush(), /database down/);
  assert.equal(w.admit('k', 5), 60);
  shared.fail(false);
  await w.flush();
  assert.deepEqual(
    shared.sent.map(([, r]) => r),
    [{ k: 3 }, { k: 2 }],
  );
  assert.equal(shared.rows.get('0|k'), 5);
});

test('waitOf answers what admit would without counting', () => {
  const clock = { now: 600_000 + 30_000 };
  const w = node(sharedCounts(), clock);
  assert.equal(w.waitOf('k', 2), 0);
  assert.equal(w.waitOf('k', 2), 0, 'asking counts nothing');
  assert.deepEqual(admitted(w, 'k', 2, 2), [0, 0]);
  assert.equal(w.waitOf('k', 2), 30);
  assert.equal(w.waitOf('k', 0), 0, 'a limit of 0 is unlimited');
  clock.now = 660_000;
  assert.equal(w.waitOf('k', 2), 0, 'a new window starts from zero');
});
