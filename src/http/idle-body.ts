/**
 * A client that stops sending its body (Content-Length 20 MB, 5 MB sent, then silence) would hold its
 * connection and its scratch file for as long as it likes. While a body is being received the socket gets
 * an inactivity timeout; when it fires the client gets 408 in the envelope and the connection is closed,
 * which ends the upload's stream, so the route fails and removes its scratch. Once the body is complete
 * the timeout is lifted: a long acceptance (unpacking a large set) is not a stalled client.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../kernel/errors.ts';
import { errorBody, httpStatusOf } from './error-handler.ts';

const hasBody = (request: FastifyRequest): boolean => request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

export function watchIdleBody(idleMs: number) {
  return function onRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    const raw = request.raw;
    // An injected request (tests) has no socket to time out.
    if (idleMs > 0 && hasBody(request) && raw.socket && typeof raw.setTimeout === 'function') watch(request, reply);
    done();
  };

  function watch(request: FastifyRequest, reply: FastifyReply): void {
    const raw = request.raw;
    raw.setTimeout(idleMs, () => {
      if (reply.raw.headersSent) {
        raw.destroy();
        raw.socket?.destroy();
        return;
      }
      request.log.warn({ idle_ms: idleMs }, 'request body stalled; answering 408 and closing');
      const stalled = errors.bodyStalled(Math.round(idleMs / 1000));
      const body = JSON.stringify(errorBody(stalled));
      reply.hijack();
      reply.raw.writeHead(httpStatusOf(stalled), {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'X-Request-Id': request.id,
        'X-Content-Type-Options': 'nosniff',
        Connection: 'close',
      });
      // Destroying the request (not only its socket) ends the body stream the route is reading.
      reply.raw.end(body, () => {
        raw.destroy();
        raw.socket?.destroy();
      });
    });
    raw.once('end', () => raw.setTimeout(0));
  }
}
