/**
 * Slow clients are bounded: a body that stops arriving is answered 408 after UPLOAD_IDLE_MS and its
 * connection and scratch are released (a real socket: the stall is a property of the connection).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { envelopeOf, startHarness, type Harness } from './harness.ts';
import { head, rawRequest } from './raw-http.ts';

const IDLE_MS = 600;

describe('slow clients', () => {
  let h: Harness;
  let port: number;
  before(async () => {
    h = await startHarness({ UPLOAD_IDLE_MS: String(IDLE_MS) });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as AddressInfo).port;
  });
  after(() => h.dispose());

  const intakeScratch = () => readdir(join(h.dataDir, 'tmp', 'intake')).catch(() => [] as string[]);

  test('an upload that stalls halfway is answered 408, closed, and leaves no scratch', async () => {
    const start = '--b0\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n';
    const started = Date.now();
    const answer = await rawRequest(
      port,
      [
        head('POST', '/api/v1/runs', { ...h.auth, 'content-type': 'multipart/form-data; boundary=b0', 'content-length': 20 * 1024 * 1024 }),
        start,
        Buffer.alloc(2 * 1024 * 1024, 0x41),
      ],
      { timeoutMs: 20_000 },
    );
    const waited = Date.now() - started;
    assert.equal(answer.status, 408, answer.head);
    assert.equal(envelopeOf(408, answer.body).error, 'request_timeout');
    assert.ok(waited < 10_000, `answered after ${waited} ms`);
    // The route's cleanup runs once the cut stream has failed it.
    for (let i = 0; i < 50 && (await intakeScratch()).length; i++) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(await intakeScratch(), []);
    assert.equal((await h.store.db.selectFrom('runs').select('id').execute()).length, 0, 'no run from half a body');
  });

  test('a JSON body that stalls is answered 408 as well', async () => {
    const answer = await rawRequest(
      port,
      [head('POST', '/api/v1/bundles', { ...h.auth, 'content-type': 'application/json', 'content-length': 1000 }), '{"label":"'],
      { timeoutMs: 20_000 },
    );
    assert.equal(answer.status, 408);
    assert.equal(envelopeOf(408, answer.body).error, 'request_timeout');
  });

  test('a slow but steady upload is not cut: pauses shorter than the idle limit', async () => {
    const body = '--b0\r\nContent-Disposition: form-data; name="object_address"\r\n\r\nг. Тверь\r\n--b0--\r\n';
    const bytes = Buffer.from(body);
    const pieces = [bytes.subarray(0, 20), bytes.subarray(20, 50), bytes.subarray(50)];
    const answer = await rawRequest(
      port,
      [head('POST', '/api/v1/runs', { ...h.auth, 'content-type': 'multipart/form-data; boundary=b0', 'content-length': bytes.length }), ...pieces],
      { pauseMs: IDLE_MS / 3, timeoutMs: 20_000 },
    );
    assert.equal(answer.status, 400, answer.body);
    assert.equal(envelopeOf(400, answer.body).error, 'no_files');
  });
});
