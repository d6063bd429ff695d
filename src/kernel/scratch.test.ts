import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownerGone, removeStaleScratch } from './scratch.ts';

/** The pid of a process that has exited (not reused this quickly in practice). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

test('scratch of a dead owner on this host goes at once; a live owner, another host or an unnamed dir waits for the hour', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'drs-scratch-'));
  const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  try {
    const self = { host: 'node-a', pid: 999_999 };
    const dead = await deadPid();
    const names = {
      dead: `node-a:${dead}:u1`,
      live: `node-a:${live.pid}:u2`,
      otherHost: `node-b:${dead}:u3`,
      unnamed: 'a1b2c3',
      predecessor: `node-a:${self.pid}:u4`,
    };
    for (const n of Object.values(names)) await mkdir(join(dataDir, 'tmp', 'intake', n), { recursive: true });
    await mkdir(join(dataDir, 'tmp', 'work', names.dead, 'run-1'), { recursive: true });
    // a page render's copy of its source, left by a process killed mid-render
    await mkdir(join(dataDir, 'tmp', 'render', names.dead), { recursive: true });
    await mkdir(join(dataDir, 'tmp', 'render', names.live), { recursive: true });
    await removeStaleScratch(dataDir, Date.now(), self);
    assert.deepEqual((await readdir(join(dataDir, 'tmp', 'intake'))).sort(), [names.live, names.otherHost, names.unnamed].sort());
    assert.deepEqual(await readdir(join(dataDir, 'tmp', 'work')), []);
    assert.deepEqual(await readdir(join(dataDir, 'tmp', 'render')), [names.live]);
    await removeStaleScratch(dataDir, Date.now() + 2 * 60 * 60 * 1000, self);
    assert.deepEqual(await readdir(join(dataDir, 'tmp', 'intake')), []);
  } finally {
    live.kill();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('owner names that are not «host:pid:…» never count as gone', () => {
  const self = { host: 'h', pid: 10 };
  for (const name of ['h', 'h:', 'h:abc:x', 'h:-5:x', 'h:0:x', '']) assert.equal(ownerGone(name, self), false, name);
});
