import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rm, stat, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { resolveInside } from '../kernel/path-guard.ts';
import { assertSafeKey, BlobNotFoundError, type BlobStore } from './blob-store.ts';

/** Blobs as files under one root directory (local or a shared mount). Writes are atomic via rename. */
export class LocalBlobStore implements BlobStore {
  constructor(readonly root: string) {}

  private path(key: string): string {
    assertSafeKey(key);
    return resolveInside(this.root, key);
  }

  private async atomicWrite(key: string, write: (tmp: string) => Promise<void>): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.tmp`;
    try {
      await write(tmp);
      await rename(tmp, target);
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }

  putFile(key: string, localPath: string): Promise<void> {
    return this.atomicWrite(key, (tmp) => copyFile(localPath, tmp));
  }

  async moveFile(key: string, localPath: string): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(localPath, target);
    } catch (e) {
      // another file system (a shared mount): copy atomically, then drop the source
      if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
      await this.putFile(key, localPath);
      await rm(localPath, { force: true });
    }
  }

  putStream(key: string, body: Readable): Promise<void> {
    return this.atomicWrite(key, (tmp) => pipeline(body, createWriteStream(tmp)));
  }

  putBuffer(key: string, body: Buffer | string): Promise<void> {
    return this.atomicWrite(key, async (tmp) => {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(tmp, body);
    });
  }

  async openRead(key: string): Promise<Readable> {
    const p = this.path(key);
    try {
      await stat(p);
    } catch {
      throw new BlobNotFoundError(key);
    }
    return createReadStream(p);
  }

  async getToFile(key: string, localPath: string): Promise<void> {
    const p = this.path(key);
    try {
      await copyFile(p, localPath);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(key);
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.path(key));
      return true;
    } catch {
      return false;
    }
  }

  async size(key: string): Promise<number> {
    try {
      return (await stat(this.path(key))).size;
    } catch {
      throw new BlobNotFoundError(key);
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafeKey(prefix);
    await rm(join(this.root, prefix), { recursive: true, force: true });
  }
}
