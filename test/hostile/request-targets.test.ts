/**
 * Requests no browser sends, written on a raw socket: HTTP/1.1 without Host, CONNECT (a tunnel this service
 * never opens), and `GET *`. Each is answered in the contract's error envelope with a request id — never a bare
 * 400, a silently closed socket, or the cabinet's page.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { rawRequest, type RawAnswer } from './raw-http.ts';

const UUID = /x-request-id: [0-9a-f-]{36}/i;

function assertEnvelope(a: RawAnswer, status: number, message: RegExp): void {
  assert.equal(a.status, status, `${a.head}\n${a.body}`);
  assert.match(a.head, UUID);
  assert.match(a.head, /content-type: application\/json/i);
  const body = JSON.parse(a.body) as { detail: { error: string; message: string } };
  assert.equal(body.detail.error, 'bad_request');
  assert.match(body.detail.message, message);
}

describe('request lines and targets', () => {
  let server: InProcessServer;
  before(async () => {
    server = await startApp();
  });
  after(() => server.stop());

  test('HTTP/1.1 without Host → 400 in the envelope; HTTP/1.0 without Host is still served', async () => {
    assertEnvelope(await rawRequest(server.port, ['GET /api/v1/health HTTP/1.1\r\n\r\n']), 400, /нет заголовка Host/);
    const old = await rawRequest(server.port, ['GET /api/v1/health HTTP/1.0\r\n\r\n']);
    assert.match(old.head, /^HTTP\/1\.[01] 200/);
  });

  test('CONNECT → 400 in the envelope, not a closed socket', async () => {
    assertEnvelope(await rawRequest(server.port, ['CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n']), 400, /CONNECT не поддерживается/);
  });

  test('GET * is not answered with the cabinet page', async () => {
    const a = await rawRequest(server.port, ['GET * HTTP/1.1\r\nHost: localhost\r\n\r\n']);
    assertEnvelope(a, 400, /должна быть путём/);
    assert.doesNotMatch(a.body, /<html/i);
    // the site root itself is still the cabinet
    const root = await rawRequest(server.port, ['GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n']);
    assert.equal(root.status, 200);
  });
});
