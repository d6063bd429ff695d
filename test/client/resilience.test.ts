/**
 * The client's rules on a bad network, against the real server (no worker: runs stay queued) behind a
 * proxy on 127.0.0.1: a lost upload answer repeated with the same Idempotency-Key makes one run and one
 * charge; 409 idempotency_pending is waited out; 429 Retry-After is honoured; a gateway's HTML 413 and the
 * service's JSON errors become typed errors.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { rm } from 'node:fs/promises';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';
import { DrsApiError, DrsClient, DrsNetworkError } from '../../client/src/index.ts';
import { startProxy } from './proxy.ts';
import { KINDS, writeReviewSet } from './support.ts';

describe('client on a bad network', () => {
  let server: InProcessServer;
  let apiKey: string;
  let setDir: string;
  let direct: DrsClient;

  before(async () => {
    server = await startApp();
    apiKey = (await server.createOrg({ checks: 5 })).api_key;
    direct = new DrsClient({ baseUrl: server.baseUrl, apiKey });
    setDir = await writeReviewSet();
  });
  after(async () => {
    await server.stop();
    await rm(setDir, { recursive: true, force: true });
  });

  test('a lost answer on upload is repeated with the same key: one run, one charge', async () => {
    const before = await direct.me();
    const runsBefore = (await direct.listRuns({ limit: 200 })).runs.length;
    const proxy = await startProxy(server.baseUrl, (req, nth) => (req.method === 'POST' && req.path.endsWith('/runs') && nth === 0 ? 'drop' : 'forward'));
    try {
      const client = new DrsClient({ baseUrl: proxy.baseUrl, apiKey, retry: { baseDelayMs: 50 } });
      const run = await client.createRun({ files: [setDir], kinds: KINDS, objectAddress: 'г. Казань, ул. Чистопольская, д. 20' });
      const uploads = proxy.seen.filter((s) => s.method === 'POST');
      assert.equal(uploads.length, 2, 'the upload was sent twice');
      const keys = uploads.map((s) => s.headers['idempotency-key']);
      assert.ok(keys[0] && keys[0] === keys[1], `the same generated key both times: ${keys.join(' / ')}`);
      assert.deepEqual(run.documents.map((d) => d.name).sort(), Object.keys(KINDS).sort());

      const runsAfter = (await direct.listRuns({ limit: 200 })).runs;
      assert.equal(runsAfter.length, runsBefore + 1, 'one run');
      assert.equal(runsAfter[0]!.run_id, run.run_id);
      const me = await direct.me();
      assert.equal((before as { checks_left: number }).checks_left - (me as { checks_left: number }).checks_left, 1, 'one charge');
    } finally {
      await proxy.stop();
    }
  });

  test('409 idempotency_pending is waited out and repeated with the same key; streams are reopened', async () => {
    const pending = JSON.stringify({ detail: { error: 'idempotency_pending', message: 'Первая отправка ещё обрабатывается' } });
    const proxy = await startProxy(server.baseUrl, (req, nth) =>
      req.method === 'POST' && nth === 0 ? { status: 409, headers: { 'content-type': 'application/json', 'retry-after': '1' }, body: pending } : 'forward',
    );
    try {
      const pdf = await makeSimplePdf(2);
      let opened = 0;
      const client = new DrsClient({ baseUrl: proxy.baseUrl, apiKey });
      const run = await client.createRun({
        files: [
          {
            name: 'Записка.pdf',
            stream: () => {
              opened++;
              return Readable.from([pdf.subarray(0, 1000), pdf.subarray(1000)]);
            },
          },
        ],
        idempotencyKey: 'client-test-pending-1',
      });
      assert.equal(run.documents[0]!.name, 'Записка.pdf');
      const posts = proxy.seen.filter((s) => s.method === 'POST');
      assert.deepEqual(
        posts.map((s) => s.headers['idempotency-key']),
        ['client-test-pending-1', 'client-test-pending-1'],
      );
      assert.ok(posts[1]!.at - posts[0]!.at >= 950, 'waited for Retry-After: 1');
      assert.equal(opened, 2, 'the stream factory was opened once per attempt');
    } finally {
      await proxy.stop();
    }
  });

  test('429 with Retry-After: the read is repeated no sooner than the server asked', async () => {
    const busy = JSON.stringify({ detail: { error: 'too_many_requests', message: 'Слишком много запросов' } });
    const proxy = await startProxy(server.baseUrl, (req, nth) =>
      req.path.endsWith('/limits') && nth === 0 ? { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '2' }, body: busy } : 'forward',
    );
    try {
      const retries: number[] = [];
      // Backoff alone would wait at most 100 ms here; only Retry-After explains a 2 s pause.
      const client = new DrsClient({ baseUrl: proxy.baseUrl, apiKey, retry: { baseDelayMs: 100 }, onRetry: (e) => retries.push(e.delayMs) });
      const limits = await client.limits();
      assert.equal(typeof limits.max_files, 'number');
      const calls = proxy.seen.filter((s) => s.path.endsWith('/limits'));
      assert.equal(calls.length, 2);
      assert.ok(calls[1]!.at - calls[0]!.at >= 1950, `second call after ${calls[1]!.at - calls[0]!.at} ms`);
      assert.deepEqual(retries, [2000]);
    } finally {
      await proxy.stop();
    }
  });

  test('a gateway answering 413 in HTML becomes a typed error, without a retry', async () => {
    const html =
      '<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request Entity Too Large</h1></center><hr><center>nginx</center></body></html>';
    const proxy = await startProxy(server.baseUrl, (req) =>
      req.method === 'POST' ? { status: 413, headers: { 'content-type': 'text/html' }, body: html } : 'forward',
    );
    try {
      const client = new DrsClient({ baseUrl: proxy.baseUrl, apiKey });
      const err = await client.createRun({ files: [setDir], idempotencyKey: 'client-test-413' }).then(
        () => assert.fail('no error'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof DrsApiError, String(err));
      assert.equal(err.status, 413);
      assert.equal(err.code, 'too_big');
      assert.equal(err.envelope, false);
      assert.match(err.contentType, /text\/html/);
      assert.match(err.detail.message, /не в формате JSON/);
      assert.match(err.bodySnippet ?? '', /nginx/);
      assert.equal(err.idempotencyKey, 'client-test-413');
      assert.equal(proxy.seen.filter((s) => s.method === 'POST').length, 1, '413 is not repeated');
    } finally {
      await proxy.stop();
    }
  });

  test("the service's JSON errors carry detail and status; a dead address is a network error", async () => {
    const run = await direct.createRun({ files: [setDir], kinds: KINDS });
    const notYet = await direct.findings(run.run_id).catch((e: unknown) => e);
    assert.ok(notYet instanceof DrsApiError);
    assert.equal(notYet.status, 404);
    assert.equal(notYet.code, 'no_report');
    assert.equal(notYet.envelope, true);
    assert.ok(notYet.requestId);

    const bad = await direct.createRun({ files: [{ name: 'notes.txt', stream: () => Readable.from([Buffer.from('не документ')]) }] }).catch((e: unknown) => e);
    assert.ok(bad instanceof DrsApiError);
    assert.equal(bad.status, 400);
    assert.ok(bad.code && bad.detail.message);

    const cancelled = await direct.cancelRun(run.run_id);
    assert.equal(cancelled.status, 'failed');
    assert.equal(cancelled.refunded, true);
    const deleted = await direct.deleteDocuments(run.run_id);
    assert.equal(deleted.documents_deleted, true);

    const closed = await startProxy(server.baseUrl, () => 'forward');
    await closed.stop();
    const dead = new DrsClient({ baseUrl: closed.baseUrl, apiKey, retry: { maxAttempts: 2, baseDelayMs: 10 } });
    const offline = await dead.limits().catch((e: unknown) => e);
    assert.ok(offline instanceof DrsNetworkError, String(offline));
    assert.equal(offline.attempts, 2);
  });
});
