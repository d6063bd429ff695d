import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32File, crc32Update } from './crc32.ts';

test('CRC32-IEEE matches the standard check value and is the same streamed or whole', async () => {
  assert.equal(crc32Update(0, Buffer.from('123456789')).toString(16), 'cbf43926');
  const dir = await mkdtemp(join(tmpdir(), 'drs-crc-'));
  try {
    const p = join(dir, 'a.bin');
    await writeFile(p, Buffer.alloc(200_000, 7));
    assert.equal(await crc32File(p), crc32Update(0, Buffer.alloc(200_000, 7)).toString(16).toUpperCase().padStart(8, '0'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
