/**
 * On close, Fastify ends the connections that are idle at that moment. A response still being sent then (a
 * report download finishing) keeps its connection, which stays open after the response for the whole
 * keep-alive timeout (72 s): shutdown would wait that long. While the server closes, connections are closed
 * as they fall idle instead.
 */
import type { FastifyInstance } from 'fastify';

const CHECK_MS = 50;

export function closeConnectionsAsTheyIdle(app: Pick<FastifyInstance, 'server'>) {
  return function preClose(done: () => void): void {
    const server = app.server;
    if (server.listening) {
      const timer = setInterval(() => server.closeIdleConnections(), CHECK_MS);
      timer.unref();
      server.once('close', () => clearInterval(timer));
    }
    done();
  };
}
