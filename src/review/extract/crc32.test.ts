import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32File, md5File } from './crc32.ts';

test('CRC32-IEEE of a file: the standard check value, and the same when the file spans many read chunks', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'drs-crc-'));
  try {
    await writeFile(join(dir, 'check.txt'), '123456789');
    assert.equal(await crc32File(join(dir, 'check.txt')), 'CBF43926');
    // 200 000 bytes of 0x07, well past one 64 KiB read (value from Python's zlib.crc32 of the whole buffer)
    await writeFile(join(dir, 'a.bin'), Buffer.alloc(200_000, 7));
    assert.equal(await crc32File(join(dir, 'a.bin')), '98BD9E80');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('MD5 of a file: the standard value of «123456789», upper case', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'drs-md5-'));
  try {
    await writeFile(join(dir, 'check.txt'), '123456789');
    assert.equal(await md5File(join(dir, 'check.txt')), '25F9E794323B453885F5181F1B624D0B');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
