import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { sevenZipWasm } from './archive-builders.ts';
import { writePdf } from './documents.ts';
import { tempDir } from './helpers.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * bin/drs.js starts the service with tsx's register() instead of `--import tsx`. The 7-Zip worker
 * thread and the PDF reader child must work that way too (they are plain .mjs and get no loader).
 */
test('7z unpacking and PDF page counting work in a process started the way bin/drs.js starts', async () => {
  const dir = await tempDir();
  const src = join(dir, 'src');
  await mkdir(src);
  await writePdf(join(src, '24-017-КР.pdf'), 4);
  await sevenZipWasm(src, join(dir, 'set.7z'));
  const script = `
    import { register } from 'tsx/esm/api';
    register();
    const m = await import(${JSON.stringify(join(ROOT, 'src/ingest/index.ts'))});
    const dir = ${JSON.stringify(dir)};
    const { statSync } = await import('node:fs');
    const r = await m.unpackUploads([{ name: 'set.7z', path: dir + '/set.7z', size: statSync(dir + '/set.7z').size, sha256: '' }], dir + '/run', { maxFiles: 0, maxFileBytes: 0, maxTotalBytes: 0 });
    const p = await m.prepareDocument(r.documents[0], dir + '/w', { timeoutMs: 30000 });
    await m.closePreparation();
    console.log(JSON.stringify({ name: r.documents[0].name, kind: r.documents[0].kindGuess, pages: p.pages }));
  `;
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  assert.equal(res.status, 0, res.stderr);
  assert.deepEqual(JSON.parse(res.stdout.trim().split('\n').pop()!), { name: '24-017-КР.pdf', kind: 'КР', pages: 4 });
});
