/**
 * The client's command line from a checkout: after the root `npm install`, `npx drs-client` runs it (the root
 * package's bin bin/drs-client.js, which runs client/ from its sources). npx is given an empty cache of its own,
 * as on a fresh machine, so an earlier run elsewhere cannot answer for it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../helpers/server.ts';

const run = promisify(execFile);

test('npx drs-client --help in the checkout prints the client’s help', async () => {
  const cache = await mkdtemp(join(tmpdir(), 'drs-npx-'));
  try {
    const { stdout } = await run('npx', ['--no-install', 'drs-client', '--help'], {
      cwd: ROOT,
      env: { ...process.env, npm_config_cache: cache, npm_config_update_notifier: 'false' },
      timeout: 120_000,
    });
    assert.match(stdout, /^drs-client — клиент Document Review Service API v1/);
    assert.match(stdout, /DRS_API_KEY/);
  } finally {
    await rm(cache, { recursive: true, force: true });
  }
});

test('an unknown command is refused with a non-zero exit, as the client’s own bin does', async () => {
  await assert.rejects(
    run(process.execPath, [join(ROOT, 'bin', 'drs-client.js'), 'no-such-command'], { cwd: ROOT, timeout: 60_000 }),
    (err: { code?: number }) => {
      assert.notEqual(err.code, 0);
      return true;
    },
  );
});
