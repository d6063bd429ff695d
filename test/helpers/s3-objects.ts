/**
 * Object storage of the test S3 server: bodies stream to files in one directory (named by a hash of
 * bucket and key), an in-memory index keeps size and ETag. Multipart uploads keep their parts as files
 * until completion concatenates them in part order.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredObject {
  key: string;
  file: string;
  size: number;
  etag: string;
  lastModified: Date;
}

interface Upload {
  bucket: string;
  key: string;
  parts: Map<number, { file: string; md5: Buffer }>;
}

export class S3Objects {
  private readonly objects = new Map<string, Map<string, StoredObject>>();
  private readonly uploads = new Map<string, Upload>();

  constructor(private readonly dir: string) {}

  createBucket(bucket: string): void {
    if (!this.objects.has(bucket)) this.objects.set(bucket, new Map());
  }

  bucket(bucket: string): Map<string, StoredObject> | undefined {
    return this.objects.get(bucket);
  }

  private fileFor(bucket: string, key: string): string {
    return join(this.dir, createHash('sha256').update(`${bucket}\0${key}`).digest('hex'));
  }

  /** Streams body into a temp file while computing its MD5; returns the file, its size and digest. */
  private async receive(body: Readable): Promise<{ tmp: string; size: number; md5: Buffer }> {
    const tmp = join(this.dir, `${randomUUID()}.tmp`);
    const hash = createHash('md5');
    let size = 0;
    body.on('data', (c: Buffer) => {
      hash.update(c);
      size += c.length;
    });
    await pipeline(body, createWriteStream(tmp));
    return { tmp, size, md5: hash.digest() };
  }

  async put(bucket: string, key: string, body: Readable): Promise<StoredObject> {
    const { tmp, size, md5 } = await this.receive(body);
    return this.install(bucket, key, tmp, size, `"${md5.toString('hex')}"`);
  }

  private async install(bucket: string, key: string, tmp: string, size: number, etag: string): Promise<StoredObject> {
    const file = this.fileFor(bucket, key);
    await rename(tmp, file);
    const obj = { key, file, size, etag, lastModified: new Date() };
    this.objects.get(bucket)!.set(key, obj);
    return obj;
  }

  get(bucket: string, key: string): StoredObject | undefined {
    return this.objects.get(bucket)?.get(key);
  }

  async delete(bucket: string, key: string): Promise<void> {
    const obj = this.objects.get(bucket)?.get(key);
    if (!obj) return;
    this.objects.get(bucket)!.delete(key);
    await rm(obj.file, { force: true });
  }

  /** Keys in ascending order after `startAfter`, starting with prefix; at most maxKeys plus whether more exist. */
  list(bucket: string, prefix: string, startAfter: string, maxKeys: number): { items: StoredObject[]; truncated: boolean } {
    const all = [...this.objects.get(bucket)!.values()]
      .filter((o) => o.key.startsWith(prefix) && o.key > startAfter)
      .sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
    return { items: all.slice(0, maxKeys), truncated: all.length > maxKeys };
  }

  startUpload(bucket: string, key: string): string {
    const id = randomUUID();
    this.uploads.set(id, { bucket, key, parts: new Map() });
    return id;
  }

  upload(id: string, bucket: string, key: string): Upload | undefined {
    const u = this.uploads.get(id);
    return u && u.bucket === bucket && u.key === key ? u : undefined;
  }

  async putPart(upload: Upload, partNumber: number, body: Readable): Promise<string> {
    const { tmp, md5 } = await this.receive(body);
    const previous = upload.parts.get(partNumber);
    if (previous) await rm(previous.file, { force: true });
    upload.parts.set(partNumber, { file: tmp, md5 });
    return `"${md5.toString('hex')}"`;
  }

  /** Concatenates the listed parts; the ETag is MD5 of the part digests followed by "-<part count>", as S3 does. */
  async complete(id: string, upload: Upload, partNumbers: number[]): Promise<StoredObject> {
    const tmp = join(this.dir, `${randomUUID()}.tmp`);
    const out = createWriteStream(tmp);
    const digest = createHash('md5');
    let size = 0;
    for (const n of partNumbers) {
      const part = upload.parts.get(n);
      if (!part) throw new Error(`InvalidPart ${n}`);
      digest.update(part.md5);
      size += (await stat(part.file)).size;
      await pipeline(createReadStream(part.file), out, { end: false });
    }
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    await this.abort(id);
    return this.install(upload.bucket, upload.key, tmp, size, `"${digest.digest('hex')}-${partNumbers.length}"`);
  }

  async abort(id: string): Promise<void> {
    const u = this.uploads.get(id);
    if (!u) return;
    this.uploads.delete(id);
    for (const p of u.parts.values()) await rm(p.file, { force: true });
  }

  openUploads(): number {
    return this.uploads.size;
  }
}
