import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after } from 'node:test';
import type { IntakeLimits, UploadedFile } from '../../src/ingest/types.ts';

export const NO_LIMITS: IntakeLimits = { maxFiles: 0, maxFileBytes: 0, maxTotalBytes: 0 };

const created: string[] = [];
// Registered when the test file imports this module, so it runs once after all of the file's tests.
after(() => Promise.all(created.map((d) => rm(d, { recursive: true, force: true, maxRetries: 3 }))));

/** A temporary directory removed when the test file ends. */
export async function tempDir(prefix = 'drs-intake-'): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

export async function upload(dir: string, name: string, data: Buffer): Promise<UploadedFile> {
  const path = join(dir, `upload-${createHash('sha1').update(name).digest('hex').slice(0, 8)}`);
  await writeFile(path, data);
  return { name, path, size: data.length, sha256: createHash('sha256').update(data).digest('hex') };
}

export async function fileUpload(name: string, path: string): Promise<UploadedFile> {
  return { name, path, size: (await stat(path)).size, sha256: 'not-checked' };
}

/** Total bytes of all regular files under dir. */
export async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) total += (await stat(join(e.parentPath, e.name))).size;
  }
  return total;
}
