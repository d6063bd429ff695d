/**
 * Every malformed request is answered with a 4xx in the envelope: broken multipart bodies, identifiers
 * and heads over the server's limits, invalid UTF-8. Most go through app.inject; what Node's HTTP parser
 * refuses before Fastify sees a request, and what only a real socket shows (a reset), use a listening app.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { envelopeOf, multipartBody, startHarness, type Harness } from './harness.ts';
import { head, rawRequest } from './raw-http.ts';

describe('malformed requests', () => {
  let h: Harness;
  let port: number;
  before(async () => {
    h = await startHarness();
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    port = (h.app.server.address() as AddressInfo).port;
  });
  after(() => h.dispose());

  const post = (contentType: string, payload: Buffer) =>
    h.app.inject({ method: 'POST', url: '/api/v1/runs', headers: { ...h.auth, 'content-type': contentType }, payload });
  const file = { name: 'files', filename: 'a.pdf', content: Buffer.alloc(5000, 0x41) };

  test('multipart without boundary is 400 bad_request', async () => {
    const r = await post('multipart/form-data', multipartBody('xx', [file]));
    assert.equal(r.statusCode, 400);
    assert.match(envelopeOf(r.statusCode, r.body).message, /boundary/);
  });

  test('a multipart body cut inside a file part is 400 and leaves no scratch', async () => {
    const r = await post('multipart/form-data; boundary=xx', multipartBody('xx', [file], false));
    assert.equal(r.statusCode, 400);
    assert.match(envelopeOf(r.statusCode, r.body).message, /оборвано/);
    assert.deepEqual(await readdir(join(h.dataDir, 'tmp', 'intake')).catch(() => []), []);
  });

  test('more than 64 fields is answered (422), not reset, on a real connection', async () => {
    const body = multipartBody('xx', [file, ...Array.from({ length: 200 }, (_, i) => ({ name: `f${i}`, content: 'x'.repeat(500) }))]);
    const answer = await rawRequest(port, [
      head('POST', '/api/v1/runs', { ...h.auth, 'content-type': 'multipart/form-data; boundary=xx', 'content-length': body.length }),
      body,
    ]);
    assert.equal(answer.reset, false, 'connection reset without an answer');
    assert.equal(answer.status, 422);
    assert.equal(envelopeOf(answer.status!, answer.body).error, 'validation_error');
  });

  test('a 5,000-character id is 414 in the envelope', async () => {
    const r = await h.app.inject({ method: 'GET', url: `/api/v1/runs/${'a'.repeat(5000)}`, headers: h.auth });
    assert.equal(r.statusCode, 414);
    assert.equal(envelopeOf(r.statusCode, r.body).error, 'uri_too_long');
    assert.ok(r.headers['x-request-id']);
  });

  test('a 100 KB query and a 16 KB header are 431 in the envelope', async () => {
    const longQuery = await rawRequest(port, [head('GET', `/api/v1/runs?limit=${'1'.repeat(100_000)}`, h.auth)]);
    assert.equal(longQuery.status, 431);
    assert.equal(envelopeOf(431, longQuery.body).error, 'headers_too_large');
    const bigHeader = await rawRequest(port, [head('GET', '/api/v1/me', { ...h.auth, 'x-padding': 'p'.repeat(16 * 1024) })]);
    assert.equal(bigHeader.status, 431);
    assert.equal(envelopeOf(431, bigHeader.body).error, 'headers_too_large');
  });

  test('garbage instead of HTTP is 400 in the envelope', async () => {
    const answer = await rawRequest(port, ['\u0000\u0001 not http at all\r\n\r\n']);
    assert.equal(answer.status, 400);
    assert.equal(envelopeOf(400, answer.body).error, 'bad_request');
  });

  test('invalid UTF-8 in a JSON body is 422, not replaced', async () => {
    const payload = Buffer.concat([Buffer.from('{"label":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const r = await h.app.inject({ method: 'POST', url: '/api/v1/bundles', headers: { ...h.auth, 'content-type': 'application/json' }, payload });
    assert.equal(r.statusCode, 422);
    assert.match(envelopeOf(r.statusCode, r.body).message, /UTF-8/);
    assert.equal((await h.store.db.selectFrom('bundles').select('id').execute()).length, 0);
  });

  test('JSON still works: poisoning is refused, a charset parameter is accepted', async () => {
    const poisoned = await h.app.inject({
      method: 'POST',
      url: '/api/v1/bundles',
      headers: { ...h.auth, 'content-type': 'application/json' },
      payload: '{"label":"x","__proto__":{"a":1}}',
    });
    assert.equal(envelopeOf(poisoned.statusCode, poisoned.body).error, 'bad_request');
    const ok = await h.app.inject({
      method: 'POST',
      url: '/api/v1/bundles',
      headers: { ...h.auth, 'content-type': 'application/json; charset=utf-8' },
      payload: '{"label":"Проект"}',
    });
    assert.equal(ok.statusCode, 201, ok.body);
  });
});
