import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { closeConnectionsAsTheyIdle } from './prompt-close.ts';

// Without the hook this test waits for Fastify's 72-second keep-alive timeout and fails on its own timeout.
test('a keep-alive connection whose response is still being sent at close is closed once the response ends', { timeout: 20_000 }, async () => {
  const app = Fastify();
  app.addHook('preClose', closeConnectionsAsTheyIdle(app));
  const body = new PassThrough();
  let started!: () => void;
  const responding = new Promise<void>((r) => (started = r));
  app.get('/download', (_request, reply) => {
    started();
    return reply.header('Content-Length', 5).send(body);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };

  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d));
  socket.write('GET /download HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
  await responding;
  body.write('abc');

  const closed = app.close();
  body.end('de');
  await closed;
  await once(socket, 'close');
  assert.match(received, /^HTTP\/1\.1 200/);
  assert.ok(received.endsWith('\r\n\r\nabcde'), received);
});

test('a server that never listened closes as before', async () => {
  const app = Fastify();
  app.addHook('preClose', closeConnectionsAsTheyIdle(app));
  await app.ready();
  await app.close();
});
