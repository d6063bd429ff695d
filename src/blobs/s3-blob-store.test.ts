import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { startS3Server, type TestS3Server } from '../../test/helpers/s3-server.ts';
import { BlobNotFoundError } from './blob-store.ts';
import { createBlobStore } from './index.ts';
import { S3BlobStore } from './s3-blob-store.ts';
import { s3SettingsFrom } from './s3-settings.ts';
import { loadConfig } from '../config.ts';

const MIB = 1024 * 1024;

/** A deterministic stream of `total` bytes produced chunk by chunk (never held whole in memory). */
function generated(total: number, seed: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const n = Math.min(256 * 1024, total - sent);
      const chunk = Buffer.alloc(n, (seed + sent / (256 * 1024)) % 251);
      sent += n;
      this.push(chunk);
    },
  });
}

async function sha256Of(stream: Readable): Promise<{ hash: string; bytes: number }> {
  const h = createHash('sha256');
  let bytes = 0;
  for await (const c of stream) {
    h.update(c as Buffer);
    bytes += (c as Buffer).length;
  }
  return { hash: h.digest('hex'), bytes };
}

describe('S3BlobStore against an S3-compatible server (fauxqs) on 127.0.0.1', () => {
  let s3: TestS3Server;
  let work: string;
  const storeWith = (prefix: string, tuning?: ConstructorParameters<typeof S3BlobStore>[2]) => {
    const { client, location } = s3SettingsFrom(s3.env(prefix).BLOB_URL!, loadConfig(s3.env(prefix)).s3);
    return S3BlobStore.create(client, location, tuning);
  };

  before(async () => {
    s3 = await startS3Server();
    work = await mkdtemp(join(tmpdir(), 'drs-s3-test-'));
  });
  after(async () => {
    await s3.stop();
    await rm(work, { recursive: true, force: true });
  });

  test('BLOB_URL=s3://bucket/prefix selects the S3 store with the bucket and prefix from the URL', async () => {
    const store = await createBlobStore({ dataDir: work, blobUrl: `s3://${s3.bucket}/tenant-a/blobs`, s3: loadConfig(s3.env()).s3 });
    assert.ok(store instanceof S3BlobStore);
    assert.deepEqual(store.location, { bucket: s3.bucket, prefix: 'tenant-a/blobs' });
    await store.putBuffer('runs/r1/report.md', '# Отчёт');
    const head = await store.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'tenant-a/blobs/runs/r1/report.md' }));
    assert.equal(head.ContentLength, Buffer.byteLength('# Отчёт'));
  });

  test('buffers round-trip; exists and size see them; missing keys are BlobNotFoundError', async () => {
    const store = storeWith('roundtrip');
    await store.putBuffer('runs/r1/a.txt', Buffer.from('содержимое'));
    assert.equal(await store.exists('runs/r1/a.txt'), true);
    assert.equal(await store.size('runs/r1/a.txt'), Buffer.byteLength('содержимое'));
    const read = await sha256Of(await store.openRead('runs/r1/a.txt'));
    assert.equal(read.hash, createHash('sha256').update('содержимое').digest('hex'));

    assert.equal(await store.exists('runs/r1/missing.txt'), false);
    await assert.rejects(store.openRead('runs/r1/missing.txt'), BlobNotFoundError);
    await assert.rejects(store.size('runs/r1/missing.txt'), BlobNotFoundError);
    await assert.rejects(store.getToFile('runs/r1/missing.txt', join(work, 'nothing')), BlobNotFoundError);
    await assert.rejects(store.putBuffer('../escape', 'x'), /Unsafe blob key/);
  });

  test('a large stream is uploaded in parts and read back as a stream with the same bytes', async () => {
    const store = storeWith('multipart', { partSize: 5 * MIB, queueSize: 2, deleteBatch: 1000 });
    const total = 12 * MIB + 123;
    const expected = await sha256Of(generated(total, 7));
    const before = s3.requests.length;
    await store.putStream('runs/r2/docs/1.pdf', generated(total, 7));
    const calls = s3.requests.slice(before);
    assert.equal(calls.filter((r) => r.method === 'POST' && r.query.has('uploads')).length, 1, 'one CreateMultipartUpload');
    assert.deepEqual(
      calls
        .filter((r) => r.method === 'PUT' && r.query.has('partNumber'))
        .map((r) => r.query.get('partNumber'))
        .sort(),
      ['1', '2', '3'],
    );
    const head = await store.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'multipart/runs/r2/docs/1.pdf' }));
    assert.match(head.ETag ?? '', /-3"?$/, 'a 12 MiB body with 5 MiB parts is stored as a three-part upload');
    const body = await store.openRead('runs/r2/docs/1.pdf');
    assert.ok(body instanceof Readable);
    assert.deepEqual(await sha256Of(body), expected);
    assert.equal(await store.size('runs/r2/docs/1.pdf'), total);
  });

  test('putFile and getToFile copy between local files and the bucket', async () => {
    const store = storeWith('files');
    const src = join(work, 'source.bin');
    const bytes = randomBytes(300 * 1024);
    await writeFile(src, bytes);
    await store.putFile('runs/r3/docs/2.docx', src);
    const dest = join(work, 'copy.bin');
    await store.getToFile('runs/r3/docs/2.docx', dest);
    assert.deepEqual(await readFile(dest), bytes);
  });

  test('moveFile stores the file and removes the local source', async () => {
    const store = storeWith('moves');
    const src = join(work, 'moved.bin');
    const bytes = randomBytes(64 * 1024);
    await writeFile(src, bytes);
    await store.moveFile('runs/r4/docs/1.pdf', src);
    await assert.rejects(readFile(src), /ENOENT/);
    const dest = join(work, 'moved-back.bin');
    await store.getToFile('runs/r4/docs/1.pdf', dest);
    assert.deepEqual(await readFile(dest), bytes);
  });

  test('a failing source stream fails the upload and leaves no object behind', async () => {
    const store = storeWith('failing', { partSize: 5 * MIB, queueSize: 2, deleteBatch: 1000 });
    let sent = 0;
    const source = new Readable({
      read() {
        if (sent >= 6 * MIB) return this.destroy(new Error('disk read error'));
        sent += MIB;
        this.push(Buffer.alloc(MIB, 1));
      },
    });
    const started = s3.startedUploads.length;
    await assert.rejects(store.putStream('runs/r4/docs/1.pdf', source), /disk read error/);
    assert.equal(await store.exists('runs/r4/docs/1.pdf'), false);
    const uploads = s3.startedUploads.slice(started);
    assert.equal(uploads.length, 1, 'more than one part was read, so a multipart upload was started');
    // An aborted upload is gone on the server: a part sent to it now is NoSuchUpload.
    await assert.rejects(
      s3.client.send(new UploadPartCommand({ Bucket: s3.bucket, Key: 'failing/runs/r4/docs/1.pdf', UploadId: uploads[0], PartNumber: 9, Body: 'x' })),
      (err: Error) => err.name === 'NoSuchUpload',
      'the multipart upload was aborted',
    );
  });

  test('deletePrefix removes every key under the prefix in batches and nothing beside it', async () => {
    const store = storeWith('deleting', { partSize: 5 * MIB, queueSize: 2, deleteBatch: 3 });
    const under = Array.from({ length: 8 }, (_, i) => `runs/r5/docs/${i}.pdf`);
    under.push('runs/r5/docs/sub/deep.pdf');
    const beside = ['runs/r5/docs2/keep.pdf', 'runs/r5/docsx', 'runs/r5/derived/keep.pdf'];
    for (const k of [...under, ...beside]) await store.putBuffer(k, k);
    const before = s3.requests.length;
    await store.deletePrefix('runs/r5/docs');
    const batches = s3.requests.slice(before).filter((r) => r.method === 'POST' && r.query.has('delete'));
    assert.equal(batches.length, 3, '9 keys in batches of 3');
    for (const k of under) assert.equal(await store.exists(k), false, `${k} deleted`);
    for (const k of beside) assert.equal(await store.exists(k), true, `${k} kept`);
    await store.deletePrefix('runs/never-written');
  });

  test('stores with different prefixes in one bucket do not see each other', async () => {
    const a = storeWith('node-a');
    const b = storeWith('node-b');
    await a.putBuffer('runs/r6/x', 'a');
    assert.equal(await b.exists('runs/r6/x'), false);
    await b.deletePrefix('runs/r6');
    assert.equal(await a.exists('runs/r6/x'), true);
  });
});
