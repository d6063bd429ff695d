import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import { lastDurations, longestFirst, saveDurations } from '../../scripts/test-order.mjs';

const files = ['src/a.test.ts', 'test/b.test.ts', 'test/quality/q.test.ts', 'test/z.test.ts'];

test('longest first by the last times; files without a time before all others', () => {
  const last = { 'src/a.test.ts': 10, 'test/b.test.ts': 500, 'test/quality/q.test.ts': 200 };
  assert.deepEqual(longestFirst(files, last), ['test/z.test.ts', 'test/b.test.ts', 'test/quality/q.test.ts', 'src/a.test.ts']);
  assert.deepEqual(longestFirst(['x', 'w'], { x: 5, w: 5 }), ['w', 'x'], 'equal times keep the name order');
});

test('without times the quality measurement starts first and the rest keep their name order', () => {
  assert.deepEqual(longestFirst(files, null), ['test/quality/q.test.ts', 'src/a.test.ts', 'test/b.test.ts', 'test/z.test.ts']);
});

test('times are kept for files that still exist, this run over the last', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'drs-order-'));
  try {
    const path = join(dir, 'durations.json');
    assert.equal(lastDurations(path), null);
    const here = join(dir, 'here.test.ts');
    await writeFile(here, '');
    saveDurations({ [here]: 1, [join(dir, 'gone.test.ts')]: 2 }, { [here]: 3 }, path);
    assert.deepEqual(JSON.parse(await readFile(path, 'utf8')), { [here]: 3 });
    assert.deepEqual(lastDurations(path), { [here]: 3 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
