/**
 * The quality measurement on a machine with nothing but Node.js, as `npm install && npm start` leaves a fresh one:
 * no LibreOffice (Word files read from their XML, title blocks from typed tables), no mutool (mupdf's WebAssembly
 * reader), no tesseract. Runs quality.test.ts in a child whose PATH holds only `node`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

test('recall ≥ 0.95 for every check and nothing on clean sets without any optional tool', { timeout: 20 * 60_000 }, async () => {
  const bin = await mkdtemp(join(tmpdir(), 'drs-bare-path-'));
  try {
    await symlink(process.execPath, join(bin, 'node'));
    // the child is a test run of its own, not a subtest of this one
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const res = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', 'test/quality/quality.test.ts'], {
      encoding: 'utf8',
      env: { ...env, PATH: bin, QUALITY_REPORT: join(bin, 'quality-report.json') },
      maxBuffer: 64 * 1024 * 1024,
    });
    const out = `${res.stdout}\n${res.stderr}`;
    assert.match(out, /LibreOffice conversion: no/, 'LibreOffice was found on the bare PATH');
    assert.equal(res.status, 0, out.slice(-6000));
  } finally {
    await rm(bin, { recursive: true, force: true });
  }
});
