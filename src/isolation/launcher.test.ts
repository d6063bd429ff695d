import { test } from 'node:test';
import assert from 'node:assert/strict';
import { childExecArgv } from './launcher.ts';

test('a child keeps the Node flags of the program (its loader) and gets its own heap limit instead of the parent one', () => {
  assert.deepEqual(childExecArgv([], 1024), ['--max-old-space-size=1024']);
  assert.deepEqual(childExecArgv(['--import', 'tsx'], 256), ['--import', 'tsx', '--max-old-space-size=256']);
  assert.deepEqual(childExecArgv(['--max-old-space-size=4096', '--enable-source-maps'], 512), ['--enable-source-maps', '--max-old-space-size=512']);
  assert.deepEqual(childExecArgv(['--max_old_space_size', '4096', '--import', 'tsx'], 512), ['--import', 'tsx', '--max-old-space-size=512']);
  assert.deepEqual(childExecArgv(['--inspect=9229', '--inspect-brk'], 128), ['--max-old-space-size=128']);
});
