import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalBlobStore } from './local-blob-store.ts';
import { BlobNotFoundError } from './blob-store.ts';

test('local store: put, move, read, delete by prefix; keys cannot escape the root', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'drs-blobs-'));
  try {
    const store = new LocalBlobStore(join(dir, 'blobs'));
    const src = join(dir, 'a.pdf');
    await writeFile(src, 'копия');
    await store.putFile('runs/r1/docs/1.pdf', src);
    assert.equal(await readFile(src, 'utf8'), 'копия', 'putFile leaves the source in place');

    const moved = join(dir, 'b.pdf');
    await writeFile(moved, 'перенос');
    await store.moveFile('runs/r1/docs/2.pdf', moved);
    await assert.rejects(readFile(moved), /ENOENT/, 'moveFile takes the source away');
    const back = join(dir, 'back.pdf');
    await store.getToFile('runs/r1/docs/2.pdf', back);
    assert.equal(await readFile(back, 'utf8'), 'перенос');
    assert.equal(await store.size('runs/r1/docs/1.pdf'), Buffer.byteLength('копия'));

    await store.deletePrefix('runs/r1/docs');
    assert.equal(await store.exists('runs/r1/docs/1.pdf'), false);
    await assert.rejects(store.openRead('runs/r1/docs/2.pdf'), BlobNotFoundError);
    await assert.rejects(store.putBuffer('../escape', 'x'), /Unsafe blob key/);
    await assert.rejects(store.putBuffer('runs/../../escape', 'x'), /Unsafe blob key/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
