/**
 * An S3-compatible server for tests: fauxqs (an npm-installed emulator of S3's REST API: buckets, Put/Get/Head/
 * DeleteObject(s), ListObjectsV2 with continuation tokens, multipart uploads with S3's `<md5-of-part-md5s>-<n>`
 * ETag), served in this process on an ephemeral port of 127.0.0.1 and spoken to only over HTTP with the AWS SDK.
 * Hooks on its Fastify instance give the tests what a real server cannot: a record of the calls a client made
 * and of the multipart uploads started, and failures injected on demand (a store refusing writes).
 */
import { CreateBucketCommand, HeadBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { buildApp } from 'fauxqs';

export interface S3Request {
  method: string;
  bucket: string;
  key: string;
  query: URLSearchParams;
}

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Every request received, in order. */
  requests: S3Request[];
  /** The upload id of every multipart upload the server started, in order. */
  startedUploads: string[];
  /** When set, requests it returns true for are answered 500 InternalError (a failing store), body unread. */
  refuse: ((r: S3Request) => boolean) | null;
  /** A client of the server with the credentials of env(). */
  client: S3Client;
  /** Every key in the bucket under prefix, through ListObjectsV2 page by page. */
  keys(prefix?: string): Promise<string[]>;
  /** Environment for the service: BLOB_URL=s3://bucket/prefix plus endpoint, region, path style and credentials. */
  env(prefix?: string): Record<string, string>;
  stop(): Promise<void>;
}

const REGION = 'us-east-1';
const CREDENTIALS = { accessKeyId: 'test-access-key', secretAccessKey: 'test-secret-key' };

/** Path-style request line → bucket, key and query, as S3 reads it. */
function parse(method: string, url: string): S3Request {
  const u = new URL(url, 'http://127.0.0.1');
  const [, bucketPart = '', ...keyParts] = u.pathname.split('/');
  return { method, bucket: decodeURIComponent(bucketPart), key: keyParts.map(decodeURIComponent).join('/'), query: u.searchParams };
}

const internalError = (resource: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InternalError</Code><Message>injected by the test</Message><Resource>${resource.replace(/[<>&"]/g, '')}</Resource></Error>`;

export async function startS3Server(bucket = 'drs-test'): Promise<TestS3Server> {
  const app = buildApp({ logger: false });
  const requests: S3Request[] = [];
  let refuse: TestS3Server['refuse'] = null;
  app.addHook('onRequest', (request, reply, done) => {
    const r = parse(request.method, request.url);
    requests.push(r);
    if (!refuse?.(r)) return done();
    request.raw.resume();
    if (r.method === 'HEAD') return void reply.code(500).send();
    reply.code(500).header('content-type', 'application/xml').send(internalError(r.key));
  });
  const startedUploads: string[] = [];
  app.addHook('onSend', (_request, reply, payload, done) => {
    const id =
      typeof payload === 'string' &&
      reply.statusCode === 200 &&
      /<InitiateMultipartUploadResult/.test(payload) &&
      /<UploadId>([^<]+)<\/UploadId>/.exec(payload)?.[1];
    if (id) startedUploads.push(id);
    done(null, payload);
  });
  // Loopback only (fauxqs' own startFauxqs listens on every interface); port 0: the system picks a free one.
  const endpoint = await app.listen({ port: 0, host: '127.0.0.1' });
  const client = new S3Client({ endpoint, region: REGION, forcePathStyle: true, credentials: CREDENTIALS });
  try {
    // The bucket is made over the protocol, and HeadBucket proves the server answers before any test uses it.
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (err) {
    client.destroy();
    await app.close();
    throw err;
  }
  requests.length = 0;
  return {
    endpoint,
    bucket,
    requests,
    startedUploads,
    client,
    get refuse() {
      return refuse;
    },
    set refuse(f) {
      refuse = f;
    },
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    env: (prefix = 'blobs') => ({
      BLOB_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    }),
    async stop() {
      client.destroy();
      // fauxqs builds its Fastify with forceCloseConnections: close() ends kept-alive sockets of the nodes too.
      await app.close();
    },
  };
}
