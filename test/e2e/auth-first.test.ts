/**
 * The key is checked before anything else: every operation of the served openapi.json that needs a key
 * answers 401 in the envelope to a request without one (or with a wrong one), whatever else is wrong with
 * it — malformed path and query parameters, a missing required parameter, a body of the wrong type, invalid
 * JSON, a body over the limit — and an unknown run is 401, not 404.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { rawRequest, head } from '../hostile/raw-http.ts';

type Operation = { method: string; path: string; needsKey: boolean; hasBody: boolean };

interface Attempt {
  why: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

describe('401 before anything else', () => {
  let server: InProcessServer;
  let operations: Operation[];

  before(async () => {
    server = await startApp();
    const doc = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as { paths: Record<string, Record<string, any>>; security?: unknown[] };
    operations = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const security = (op.security ?? doc.security ?? []) as Record<string, unknown>[];
        // A key is required unless the operation lists no requirement or an empty (anonymous) one.
        const needsKey = security.length > 0 && security.every((s) => Object.keys(s).length > 0);
        operations.push({ method: method.toUpperCase(), path, needsKey, hasBody: !!op.requestBody });
      }
    }
  });
  after(() => server.stop());

  test('the served contract lists the operations that need a key', () => {
    const keyed = operations.filter((o) => o.needsKey).map((o) => `${o.method} ${o.path}`);
    assert.ok(keyed.length >= 25, `operations needing a key: ${keyed.length}`);
    for (const op of ['GET /runs/{run_id}', 'POST /runs', 'GET /webhooks/deliveries', 'POST /bundles', 'GET /me']) assert.ok(keyed.includes(op), op);
    assert.ok(!keyed.includes('GET /health'));
  });

  /** Path parameters filled with a value; the query of every operation gets malformed values. */
  const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);
  const malformedQuery = '?limit=abc&days=-x&run_id=&format=exe&section=%00&status=nope';

  for (const noKey of [{}, { authorization: 'Bearer drs_wrong' }, { authorization: 'Basic abc' }] as Record<string, string>[]) {
    test(`every operation that needs a key answers 401 first (${JSON.stringify(noKey)})`, async () => {
      for (const op of operations.filter((o) => o.needsKey)) {
        const attempts: Attempt[] = [
          { why: 'plain', path: fill(op.path, randomUUID()) },
          { why: 'malformed params', path: fill(op.path, 'not-an-id') + malformedQuery },
          { why: 'missing required query', path: fill(op.path, randomUUID()) },
        ];
        if (op.method !== 'GET' && op.method !== 'DELETE') {
          attempts.push(
            { why: 'text/plain body', path: fill(op.path, randomUUID()), headers: { 'content-type': 'text/plain' }, body: 'hello' },
            { why: 'invalid JSON', path: fill(op.path, randomUUID()), headers: { 'content-type': 'application/json' }, body: '{"label": ' },
            { why: 'multipart without boundary', path: fill(op.path, randomUUID()), headers: { 'content-type': 'multipart/form-data' }, body: 'x' },
          );
        }
        for (const a of attempts) {
          const r = await fetch(server.baseUrl + a.path, { method: op.method, headers: { ...noKey, ...a.headers }, body: a.body });
          const body = (await r.json().catch(() => null)) as { detail?: { error?: string; message?: string } } | null;
          assert.equal(r.status, 401, `${op.method} ${op.path} (${a.why}) → ${r.status} ${JSON.stringify(body)}`);
          assert.equal(body?.detail?.error, 'unauthorized', `${op.method} ${op.path} (${a.why})`);
          assert.match(body?.detail?.message ?? '', /[а-я]/i);
        }
      }
    });
  }

  test('a body over the limit without a key is 401, not 413, and the answer arrives', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 0x61);
    for (const op of operations.filter((o) => o.needsKey && o.hasBody)) {
      const path = new URL(server.baseUrl + fill(op.path, randomUUID())).pathname;
      const answer = await rawRequest(server.port, [head(op.method, path, { 'Content-Type': 'application/json', 'Content-Length': big.length }), big]);
      assert.equal(answer.status, 401, `${op.method} ${op.path}: ${answer.head}`);
      assert.equal(JSON.parse(answer.body).detail.error, 'unauthorized');
    }
  });

  test('an unknown run with a missing key is 401; with a valid key it is 404', async () => {
    const org = await server.createOrg();
    const runPath = `/runs/${randomUUID()}`;
    assert.equal((await fetch(server.baseUrl + runPath)).status, 401);
    assert.equal((await fetch(server.baseUrl + runPath, { headers: { authorization: `Bearer ${org.api_key}` } })).status, 404);
  });

  test('public operations still answer without a key; a wrong key on an optional one is 401', async () => {
    assert.equal((await fetch(`${server.baseUrl}/health`)).status, 200);
    assert.equal((await fetch(`${server.baseUrl}/docset`)).status, 200);
    assert.equal((await fetch(`${server.baseUrl}/docset`, { headers: { authorization: 'Bearer drs_wrong' } })).status, 401);
  });
});
