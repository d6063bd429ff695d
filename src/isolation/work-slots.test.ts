import assert from 'node:assert/strict';
import test from 'node:test';
import { AppError } from '../kernel/errors.ts';
import { WorkSlots } from './work-slots.ts';

/** A render that ends when the test says, recording when it started. */
function gate(log: string[], name: string) {
  let open!: (v: string) => void;
  const done = new Promise<string>((r) => (open = r));
  return {
    work: () => {
      log.push(name);
      return done;
    },
    end: () => open(name),
  };
}

const turn = () => new Promise((r) => setImmediate(r));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('one render per key however many ask; the result is shared', async () => {
  const slots = new WorkSlots({ kind: 'page_render', slots: 2, perOrganization: 3, queue: 100 });
  const started: string[] = [];
  const a = gate(started, 'a');
  const asks = Array.from({ length: 20 }, () => slots.run('org', 'run/1/1', a.work));
  assert.deepEqual(started, ['a']);
  assert.equal(slots.held('org'), 1, 'asking again for the same page holds no more');
  a.end();
  assert.deepEqual(await Promise.all(asks), Array(20).fill('a'));
  assert.equal(slots.held('org'), 0);
  // once ended, the key is rendered anew when asked again
  const b = gate(started, 'b');
  const again = slots.run('org', 'run/1/1', b.work);
  b.end();
  assert.equal(await again, 'b');
});

test('a failure is shared by every caller of the key and frees the slot', async () => {
  const slots = new WorkSlots({ kind: 'page_render', slots: 1, perOrganization: 2, queue: 100 });
  const asks = [1, 2, 3].map(() => slots.run('org', 'k', () => Promise.reject(new Error('broken page'))));
  for (const ask of asks) await assert.rejects(ask, /broken page/);
  assert.equal(await slots.run('org', 'k2', async () => 'next'), 'next');
});

test('past its share an organization is refused with 429 and Retry-After; others are not', async () => {
  const slots = new WorkSlots({ kind: 'page_render', slots: 2, perOrganization: 3, queue: 100 });
  const started: string[] = [];
  const gates = [0, 1, 2].map((i) => gate(started, `a${i}`));
  const held = gates.map((g, i) => slots.run('A', `a${i}`, g.work));
  assert.throws(
    () => slots.run('A', 'a3', async () => 'never'),
    (e: unknown) => e instanceof AppError && e.code === 'too_many_requests' && (e.retryAfter ?? 0) >= 1 && /не более 3/.test(e.message),
  );
  // the same page as one already held is not one more
  assert.ok(slots.run('A', 'a1', gates[1]!.work) instanceof Promise);
  const b = gate(started, 'b');
  const other = slots.run('B', 'b', b.work);
  b.end();
  assert.equal(await other, 'b');
  for (const g of gates) g.end();
  await Promise.all(held);
  assert.equal(slots.held('A'), 0);
});

test('no organization runs on every slot: another one starts at once', async () => {
  const slots = new WorkSlots({ kind: 'page_render', slots: 2, perOrganization: 10, queue: 100 });
  const started: string[] = [];
  const hostile = Array.from({ length: 8 }, (_, i) => gate(started, `A${i}`));
  const queued = hostile.map((g, i) => slots.run('A', `A${i}`, g.work));
  assert.deepEqual(started, ['A0'], 'A runs on one slot of two');
  const b = gate(started, 'B');
  const other = slots.run('B', 'B', b.work);
  assert.deepEqual(started, ['A0', 'B'], 'B started without waiting for A');
  b.end();
  await other;
  for (const g of hostile) g.end();
  await Promise.all(queued);
  assert.deepEqual(started, ['A0', 'B', ...hostile.slice(1).map((_, i) => `A${i + 1}`)]);
});

test('a free slot goes to the organizations in turn, the one with fewer renders running first', async () => {
  const slots = new WorkSlots({ kind: 'page_render', slots: 3, perOrganization: 10, queue: 100 });
  const started: string[] = [];
  const gates = new Map<string, ReturnType<typeof gate>>();
  const ask = (org: string, n: number) => {
    const name = `${org}${n}`;
    const g = gate(started, name);
    gates.set(name, g);
    return slots.run(org, name, g.work);
  };
  const all = [...[0, 1, 2, 3].map((n) => ask('A', n)), ...[0, 1, 2].map((n) => ask('B', n)), ...[0, 1].map((n) => ask('C', n))];
  // three slots, two at most per organization: A takes two, B the third
  assert.deepEqual(started, ['A0', 'A1', 'B0']);
  gates.get('A0')!.end();
  await turn();
  assert.deepEqual(started.slice(3), ['C0'], 'C, running nothing, before A and B');
  gates.get('A1')!.end();
  await turn();
  assert.deepEqual(started.slice(4), ['A2'], 'then A (nothing running) before B and C (one each)');
  gates.get('B0')!.end();
  await turn();
  assert.deepEqual(started.slice(5), ['B1']);
  for (const name of ['C0', 'A2', 'B1']) gates.get(name)!.end();
  await turn();
  for (const g of gates.values()) g.end();
  await Promise.all(all);
  assert.equal(started.length, 9);
  assert.deepEqual(
    started.filter((s) => s.startsWith('A')),
    ['A0', 'A1', 'A2', 'A3'],
    'each organization in its own order',
  );
});

test('two organizations on both slots: a third one gets the first slot that frees, not the next page of either', async () => {
  const slots = new WorkSlots({ kind: 'page_render', slots: 2, perOrganization: 10, queue: 100 });
  const started: string[] = [];
  const gates = new Map<string, ReturnType<typeof gate>>();
  const ask = (name: string) => {
    const g = gate(started, name);
    gates.set(name, g);
    return slots.run(name[0]!, name, g.work);
  };
  const all = ['A0', 'A1', 'A2', 'C0', 'C1', 'C2'].map(ask);
  assert.deepEqual(started, ['A0', 'C0']);
  all.push(ask('B0'));
  gates.get('A0')!.end();
  await turn();
  assert.deepEqual(started.slice(2), ['B0'], 'B waited for one slot only');
  gates.get('C0')!.end();
  await turn();
  assert.deepEqual(started.slice(3), ['A1'], 'A served longer ago than C');
  for (const g of gates.values()) g.end();
  await Promise.all(all);
});

test('nothing of a render starts before its slot is free', async () => {
  const slots = new WorkSlots({ kind: 'page_render', slots: 1, perOrganization: 5, queue: 100 });
  const started: string[] = [];
  const first = gate(started, 'first');
  const running = slots.run('A', 'first', first.work);
  let copied = false;
  const waiting = slots.run('B', 'second', async () => {
    copied = true;
    return 'second';
  });
  await turn();
  assert.equal(copied, false, 'the second render (its copy of the source included) waits for the slot');
  first.end();
  await running;
  assert.equal(await waiting, 'second');
  assert.equal(copied, true);
});

test('closing refuses the waiting renders and every new one; the running ones end as their callers end them', async () => {
  const slots = new WorkSlots({ kind: 'page_render', slots: 2, perOrganization: 5, queue: 100 });
  const started: string[] = [];
  const running = gate(started, 'running');
  const first = slots.run('A', 'running', running.work);
  const waiting = slots.run('A', 'waiting', async () => 'never');
  const stopping = () => new Error('stopping');
  slots.close(stopping);
  await assert.rejects(waiting, /stopping/);
  assert.throws(() => slots.run('B', 'new', async () => 'never'), /stopping/);
  running.end();
  assert.equal(await first, 'running');
  await turn();
  assert.equal(slots.held('A'), 0);
});

test("past the node's queue an organization already served is refused with 503 and Retry-After; a newcomer is queued; joining is free", async () => {
  const slots = new WorkSlots({ kind: 'register_build', slots: 1, perOrganization: 10, queue: 2 });
  const started: string[] = [];
  const gates = new Map<string, ReturnType<typeof gate>>();
  const ask = (org: string, key: string) => {
    const g = gate(started, key);
    gates.set(key, g);
    return slots.run(org, key, g.work);
  };
  const held = [ask('A', 'A0'), ask('A', 'A1'), ask('B', 'B0')];
  assert.deepEqual(started, ['A0'], 'one running, two queued');
  assert.throws(
    () => slots.run('A', 'A2', async () => 'never'),
    (e: unknown) => e instanceof AppError && e.code === 'backend_unavailable' && (e.retryAfter ?? 0) >= 1 && /реестров замечаний/.test(e.message),
  );
  assert.throws(
    () => slots.run('B', 'B1', async () => 'never'),
    (e: unknown) => e instanceof AppError && e.code === 'backend_unavailable',
  );
  held.push(ask('C', 'C0'));
  assert.equal(slots.held('C'), 1, 'C had nothing here: queued past the bound');
  assert.ok(slots.run('D', 'A1', gates.get('A1')!.work) instanceof Promise, 'the same job as one queued is joined, not refused');
  assert.deepEqual(slots.stats(), {
    kind: 'register_build',
    slots: 1,
    running: 1,
    overdue: 0,
    queued: 3,
    started: 1,
    joined: 1,
    refused: { organization: 0, node: 2 },
  });
  gates.get('A0')!.end();
  await turn();
  assert.deepEqual(started, ['A0', 'B0'], 'B (nothing running, served longest ago) before A and C');
  for (const g of gates.values()) g.end();
  await Promise.all(held);
  await turn();
  assert.deepEqual(started, ['A0', 'B0', 'C0', 'A1']);
  assert.deepEqual(
    { ...slots.stats(), refused: undefined },
    { kind: 'register_build', slots: 1, running: 0, overdue: 0, queued: 0, started: 4, joined: 1, refused: undefined },
  );
});

test('a job that starts at once is not counted against the queue: a full queue refuses only what would wait', async () => {
  const slots = new WorkSlots({ kind: 'pdf_build', slots: 3, perOrganization: 10, queue: 1 });
  const started: string[] = [];
  const a = [0, 1, 2].map((i) => gate(started, `A${i}`));
  const runs = a.map((g, i) => slots.run('A', `A${i}`, g.work));
  assert.deepEqual(started, ['A0', 'A1'], 'A runs on two slots of three, its third waits');
  const b = gate(started, 'B');
  const other = slots.run('B', 'B', b.work);
  assert.deepEqual(started, ['A0', 'A1', 'B'], 'B starts on the free slot though the queue is full');
  assert.throws(
    () => slots.run('B', 'B2', async () => 'never'),
    (e: unknown) => e instanceof AppError && e.code === 'pdf_unavailable',
    'B, running one, would wait behind a full queue',
  );
  b.end();
  for (const g of a) g.end();
  await Promise.all([...runs, other]);
});

test('a job that throws before returning a promise fails its callers and frees its slot', async () => {
  const slots = new WorkSlots({ kind: 'archive_preview', slots: 1, perOrganization: 2, queue: 2 });
  await assert.rejects(
    slots.run('A', 'k', () => {
      throw new Error('at once');
    }),
    /at once/,
  );
  assert.equal(await slots.run('A', 'k2', async () => 'next'), 'next');
  await turn();
  assert.equal(slots.stats().running, 0);
});

test('organizations whose jobs failed share the slots but one: two of them no longer hold both, another starts at once', async () => {
  const slots = new WorkSlots({ kind: 'page_render', slots: 2, perOrganization: 10, queue: 100 });
  const started: string[] = [];
  // A and C each have a page fail (a hostile page at its time limit)
  for (const org of ['A', 'C']) await assert.rejects(slots.run(org, `${org}-bad`, () => Promise.reject(new Error('time limit'))));
  await turn();
  const gates = new Map<string, ReturnType<typeof gate>>();
  const ask = (org: string, n: number) => {
    const g = gate(started, `${org}${n}`);
    gates.set(`${org}${n}`, g);
    return slots.run(org, `${org}${n}`, g.work);
  };
  const all = [ask('A', 0), ask('C', 0), ask('A', 1), ask('C', 1)];
  assert.deepEqual(started, ['A0'], 'the failing organizations run on one slot of two together');
  all.push(ask('B', 0));
  assert.deepEqual(started, ['A0', 'B0'], 'another organization starts on the slot they leave');
  gates.get('A0')!.end();
  await turn();
  assert.deepEqual(started, ['A0', 'B0', 'C0'], 'the failing ones take turns on their slot');
  for (const g of gates.values()) g.end();
  for (let i = 0; i < 4; i++) {
    await turn();
    for (const g of gates.values()) g.end();
  }
  await Promise.all(all);
  assert.equal(started.length, 5);
});

test('the penalty ends: once failurePenaltyMs has passed an organization runs on its share again', async () => {
  const slots = new WorkSlots({ kind: 'page_render', slots: 3, perOrganization: 10, queue: 100, failurePenaltyMs: 30 });
  await assert.rejects(slots.run('A', 'bad-a', () => Promise.reject(new Error('x'))));
  await assert.rejects(slots.run('C', 'bad-c', () => Promise.reject(new Error('x'))));
  await new Promise((r) => setTimeout(r, 50));
  const started: string[] = [];
  const gates = ['A0', 'A1', 'C0'].map((n) => gate(started, n));
  const all = [slots.run('A', 'A0', gates[0]!.work), slots.run('A', 'A1', gates[1]!.work), slots.run('C', 'C0', gates[2]!.work)];
  assert.deepEqual(started, ['A0', 'A1', 'C0'], 'all three slots used: nobody is failing any more');
  for (const g of gates) g.end();
  await Promise.all(all);
});

test('a job past overdueMs gives its slot to the queue and runs on beside it, at most `slots` such; its share still counts', async () => {
  const slots = new WorkSlots({ kind: 'page_render', slots: 2, perOrganization: 2, queue: 100, overdueMs: 20 });
  const started: string[] = [];
  const [h1, h2, v, w, x, h1b] = ['h1', 'h2', 'v', 'w', 'x', 'h1b'].map((name) => gate(started, name));
  const held = [slots.run('H1', 'h1', h1!.work), slots.run('H2', 'h2', h2!.work)];
  const pictures = [slots.run('V', 'v', v!.work), slots.run('W', 'w', w!.work)];
  assert.deepEqual(started, ['h1', 'h2'], 'both slots busy: the others wait');
  await sleep(40);
  assert.deepEqual(started, ['h1', 'h2', 'v', 'w'], 'the overdue pages gave their slots back');
  // the hostile organizations' next pages wait: their overdue ones still count in their share
  held.push(slots.run('H1', 'h1b', h1b!.work));
  await sleep(40);
  assert.ok(!started.includes('h1b'));
  // two beside the slots already: the pages now past overdueMs keep their slots, and a newcomer waits for them
  assert.deepEqual([slots.stats().running, slots.stats().overdue], [4, 2]);
  pictures.push(slots.run('X', 'x', x!.work));
  await turn();
  assert.ok(!started.includes('x'));
  v!.end();
  await pictures[0];
  await turn();
  assert.ok(started.includes('x'), 'the slot freed goes to the newcomer');
  for (const g of [h1, h2, w, x, h1b]) g!.end();
  await Promise.all([...held, ...pictures]);
  assert.deepEqual([slots.stats().running, slots.stats().overdue], [0, 0]);
});
