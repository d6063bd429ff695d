import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChildPool } from './child-pool.ts';
import type { ChildDeath, IsolatedChild } from './isolated-child.ts';

/** A stand-in for a child process: alive until stopped or killed. */
function fakeChild(id: number) {
  let die!: (d: ChildDeath) => void;
  const ended = new Promise<ChildDeath>((r) => (die = r));
  const child = {
    id,
    alive: true,
    stopped: false,
    exited: () => ended,
    async stop() {
      child.stopped = true;
      child.die({ code: 0, signal: null, outOfMemory: false });
    },
    die(d: ChildDeath) {
      child.alive = false;
      die(d);
    },
  };
  return child;
}
type Fake = ReturnType<typeof fakeChild>;

function pool(maxIdle: number, opts?: ConstructorParameters<typeof ChildPool>[2]) {
  const started: Fake[] = [];
  const p = new ChildPool(
    () => {
      const c = fakeChild(started.length + 1);
      started.push(c);
      return c as unknown as IsolatedChild;
    },
    maxIdle,
    opts,
  );
  return { p, started, take: () => p.take() as unknown as Fake };
}

test('a spare is started ahead; taking it starts the next; the child used last is handed out first', async () => {
  const { p, started, take } = pool(2);
  p.warm();
  assert.equal(started.length, 1, 'the spare at start');
  const a = take();
  assert.equal(a.id, 1, 'the warm spare is taken');
  assert.equal(started.length, 2, 'a new spare behind it');
  p.release(a as unknown as IsolatedChild, true);
  assert.equal(take().id, 1, 'the child used last goes first');
  assert.equal(started.length, 2, 'a spare was still waiting: none started');
});

test('a child that died, crashed or was killed is not reused; at most maxIdle children wait', async () => {
  const { p, started, take } = pool(1);
  p.warm();
  const a = take();
  const b = take();
  assert.deepEqual([a.id, b.id], [1, 2]);
  p.release(a as unknown as IsolatedChild, false);
  assert.equal(a.stopped, true, 'an unhealthy child is stopped');
  b.die({ code: null, signal: 'SIGKILL', outOfMemory: false });
  await b.exited();
  p.release(b as unknown as IsolatedChild, true);
  const c = take();
  assert.equal(c.id, 3, 'the spare, not the dead child');
  assert.equal(started.at(-1)!.id, 4, 'a new spare behind it');
  p.release(c as unknown as IsolatedChild, true);
  assert.equal(c.stopped, true, 'the spare already waits and maxIdle is 1: the returned child is stopped');
  assert.deepEqual(
    started.filter((x) => x.alive).map((x) => x.id),
    [4],
  );
  await p.stop();
  assert.ok(
    started.every((x) => !x.alive),
    'stop ends every child',
  );
  const e = take();
  assert.ok(e.alive, 'a take after stop still gets a child');
  assert.equal(started.length, 5, 'but no spare is started');
});

test('without a spare: nothing starts until asked, a child is kept after its job and stopped once idle too long', async () => {
  const { p, started, take } = pool(2, { spare: false, idleMs: 40 });
  p.warm();
  assert.equal(started.length, 0, 'no child ahead');
  const a = take();
  const b = take();
  assert.equal(started.length, 2, 'one child per job running, no spare behind them');
  p.release(a as unknown as IsolatedChild, true);
  p.release(b as unknown as IsolatedChild, true);
  assert.equal(p.idleCount, 2);
  assert.equal(take().id, 2, 'a kept child is reused: no new one');
  assert.equal(started.length, 2);
  await new Promise((r) => setTimeout(r, 80));
  assert.equal(a.stopped, true, 'the child left waiting was stopped after idleMs');
  assert.equal(b.stopped, false, 'the child in use was not');
  assert.equal(p.idleCount, 0);
  await p.stop();
});
