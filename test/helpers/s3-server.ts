/**
 * A minimal S3-compatible server on 127.0.0.1 for tests, path-style only and without signature checks:
 * CreateBucket, PutObject, GetObject, HeadObject, DeleteObject, DeleteObjects, ListObjectsV2 and multipart
 * upload (Create, UploadPart, Complete, Abort). Bodies stream to disk (s3-objects.ts). It records every request
 * so tests can see which API calls a client made.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Objects, type StoredObject } from './s3-objects.ts';

export interface S3Request {
  method: string;
  bucket: string;
  key: string;
  query: URLSearchParams;
}

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  objects: S3Objects;
  /** Every request received, in order. */
  requests: S3Request[];
  /** When set, requests it returns true for are answered 500 InternalError (a failing store), body unread. */
  refuse: ((r: S3Request) => boolean) | null;
  /** Environment for the service: BLOB_URL=s3://bucket/prefix plus endpoint, region, path style and credentials. */
  env(prefix?: string): Record<string, string>;
  stop(): Promise<void>;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unesc = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

function send(res: ServerResponse, status: number, body?: string, headers: Record<string, string | number> = {}): void {
  res.writeHead(status, body === undefined ? headers : { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

function fail(res: ServerResponse, status: number, code: string, resource: string, head = false): void {
  if (head) return send(res, status);
  send(res, status, xml(`<Error><Code>${code}</Code><Message>${code}</Message><Resource>${esc(resource)}</Resource><RequestId>test</RequestId></Error>`));
}

async function readText(req: IncomingMessage): Promise<string> {
  let s = '';
  for await (const c of req) s += (c as Buffer).toString('utf8');
  return s;
}

const objectHeaders = (o: StoredObject) => ({
  'content-length': o.size,
  'content-type': 'application/octet-stream',
  etag: o.etag,
  'last-modified': o.lastModified.toUTCString(),
});

function listV2(objects: S3Objects, res: ServerResponse, bucket: string, q: URLSearchParams): void {
  const prefix = q.get('prefix') ?? '';
  const maxKeys = Math.min(1000, Number(q.get('max-keys') ?? 1000));
  const token = q.get('continuation-token');
  const startAfter = token ? Buffer.from(token, 'base64url').toString('utf8') : (q.get('start-after') ?? '');
  const { items, truncated } = objects.list(bucket, prefix, startAfter, maxKeys);
  const contents = items
    .map(
      (o) =>
        `<Contents><Key>${esc(o.key)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${esc(o.etag)}</ETag><Size>${o.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
    )
    .join('');
  const next = truncated ? `<NextContinuationToken>${Buffer.from(items.at(-1)!.key).toString('base64url')}</NextContinuationToken>` : '';
  send(
    res,
    200,
    xml(
      `<ListBucketResult><Name>${esc(bucket)}</Name><Prefix>${esc(prefix)}</Prefix><KeyCount>${items.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
    ),
  );
}

async function deleteMany(objects: S3Objects, req: IncomingMessage, res: ServerResponse, bucket: string): Promise<void> {
  const body = await readText(req);
  const keys = [...body.matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((m) => unesc(m[1]!));
  if (!keys.length) return fail(res, 400, 'MalformedXML', bucket);
  if (keys.length > 1000) return fail(res, 400, 'MalformedXML', bucket);
  for (const k of keys) await objects.delete(bucket, k);
  const quiet = /<Quiet>true<\/Quiet>/.test(body);
  send(res, 200, xml(`<DeleteResult>${quiet ? '' : keys.map((k) => `<Deleted><Key>${esc(k)}</Key></Deleted>`).join('')}</DeleteResult>`));
}

async function handleObject(objects: S3Objects, r: S3Request, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { method, bucket, key, query: q } = r;
  const uploadId = q.get('uploadId');
  if (method === 'PUT' && uploadId) {
    const upload = objects.upload(uploadId, bucket, key);
    if (!upload) return fail(res, 404, 'NoSuchUpload', key);
    const etag = await objects.putPart(upload, Number(q.get('partNumber')), req);
    return send(res, 200, undefined, { etag, 'content-length': 0 });
  }
  if (method === 'PUT') {
    if (req.headers['x-amz-copy-source']) return fail(res, 501, 'NotImplemented', key);
    const o = await objects.put(bucket, key, req);
    return send(res, 200, undefined, { etag: o.etag, 'content-length': 0 });
  }
  if (method === 'POST' && q.has('uploads')) {
    const id = objects.startUpload(bucket, key);
    return send(
      res,
      200,
      xml(`<InitiateMultipartUploadResult><Bucket>${esc(bucket)}</Bucket><Key>${esc(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`),
    );
  }
  if (method === 'POST' && uploadId) {
    const upload = objects.upload(uploadId, bucket, key);
    if (!upload) return fail(res, 404, 'NoSuchUpload', key);
    const parts = [...(await readText(req)).matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
    const o = await objects.complete(uploadId, upload, parts);
    return send(
      res,
      200,
      xml(`<CompleteMultipartUploadResult><Bucket>${esc(bucket)}</Bucket><Key>${esc(key)}</Key><ETag>${esc(o.etag)}</ETag></CompleteMultipartUploadResult>`),
    );
  }
  if (method === 'DELETE' && uploadId) {
    await objects.abort(uploadId);
    return send(res, 204);
  }
  if (method === 'DELETE') {
    await objects.delete(bucket, key);
    return send(res, 204);
  }
  if (method === 'GET' || method === 'HEAD') {
    const o = objects.get(bucket, key);
    if (!o) return fail(res, 404, 'NoSuchKey', key, method === 'HEAD');
    res.writeHead(200, objectHeaders(o));
    if (method === 'HEAD') return void res.end();
    createReadStream(o.file).pipe(res);
    return;
  }
  fail(res, 405, 'MethodNotAllowed', key);
}

async function handle(objects: S3Objects, requests: S3Request[], refuse: TestS3Server['refuse'], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const [, bucketPart = '', ...keyParts] = url.pathname.split('/');
  const r: S3Request = {
    method: req.method ?? 'GET',
    bucket: decodeURIComponent(bucketPart),
    key: keyParts.map(decodeURIComponent).join('/'),
    query: url.searchParams,
  };
  requests.push(r);
  if (refuse?.(r)) {
    req.resume();
    return fail(res, 500, 'InternalError', r.key, r.method === 'HEAD');
  }
  // Signed streaming bodies (aws-chunked) are not decoded here: the service must send plain bodies.
  if (String(req.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-')) return fail(res, 501, 'NotImplemented', r.key);
  if (!r.bucket) return fail(res, 405, 'MethodNotAllowed', '/');
  if (!r.key && r.method === 'PUT') {
    objects.createBucket(r.bucket);
    return send(res, 200, undefined, { 'content-length': 0 });
  }
  if (!objects.bucket(r.bucket)) return fail(res, 404, 'NoSuchBucket', r.bucket, r.method === 'HEAD');
  if (!r.key) {
    if (r.method === 'GET' && r.query.get('list-type') === '2') return listV2(objects, res, r.bucket, r.query);
    if (r.method === 'POST' && r.query.has('delete')) return deleteMany(objects, req, res, r.bucket);
    return fail(res, 501, 'NotImplemented', r.bucket);
  }
  return handleObject(objects, r, req, res);
}

export async function startS3Server(bucket = 'drs-test'): Promise<TestS3Server> {
  const dir = await mkdtemp(join(tmpdir(), 'drs-s3-'));
  const objects = new S3Objects(dir);
  objects.createBucket(bucket);
  const requests: S3Request[] = [];
  let refuse: TestS3Server['refuse'] = null;
  const server = http.createServer((req, res) => {
    handle(objects, requests, refuse, req, res).catch((err: unknown) => {
      if (!res.headersSent) fail(res, 500, 'InternalError', String((err as Error)?.message ?? err));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    objects,
    requests,
    get refuse() {
      return refuse;
    },
    set refuse(f) {
      refuse = f;
    },
    env: (prefix = 'blobs') => ({
      BLOB_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: 'test-access-key',
      AWS_SECRET_ACCESS_KEY: 'test-secret-key',
    }),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
