import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { sendWebhook } from '../../src/notify/sender.ts';

// A self-signed certificate for hooks.drs.test, valid 2000–2100 (fixtures/).
const dir = join(import.meta.dirname, 'fixtures');
const cert = readFileSync(join(dir, 'receiver-cert.pem'));
const key = readFileSync(join(dir, 'receiver-key.pem'));

let server: https.Server;
let port: number;
const seen: Array<{ host: string | undefined; servername: string | undefined; body: string }> = [];

before(async () => {
  server = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const servername = (req.socket as import('node:tls').TLSSocket).servername || undefined;
      seen.push({ host: req.headers.host, servername, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('https to the pinned address: SNI, Host and certificate use the URL host name', async () => {
  const outcome = await sendWebhook({
    url: new URL(`https://hooks.drs.test:${port}/drs`),
    address: '127.0.0.1',
    family: 4,
    body: '{"event":"run.finished"}',
    headers: { 'Content-Type': 'application/json' },
    timeoutMs: 5_000,
    ca: cert,
  });
  assert.deepEqual(outcome, { kind: 'response', status: 202, location: null });
  const last = seen.at(-1)!;
  assert.equal(last.servername, 'hooks.drs.test');
  assert.equal(last.host, `hooks.drs.test:${port}`);
  assert.equal(last.body, '{"event":"run.finished"}');
});

test('a certificate that does not match or is not trusted fails the attempt (retryable error), nothing is sent', async () => {
  const before = seen.length;
  const untrusted = await sendWebhook({
    url: new URL(`https://hooks.drs.test:${port}/drs`),
    address: '127.0.0.1',
    family: 4,
    body: '{}',
    headers: {},
    timeoutMs: 5_000,
  });
  assert.equal(untrusted.kind, 'error');
  const wrongName = await sendWebhook({
    url: new URL(`https://other.drs.test:${port}/drs`),
    address: '127.0.0.1',
    family: 4,
    body: '{}',
    headers: {},
    timeoutMs: 5_000,
    ca: cert,
  });
  assert.equal(wrongName.kind, 'error');
  if (wrongName.kind === 'error') assert.equal(wrongName.code, 'ERR_TLS_CERT_ALTNAME_INVALID');
  assert.equal(seen.length, before);
});
