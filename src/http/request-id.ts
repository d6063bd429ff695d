import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const CLIENT_ID_RE = /^[\w.:-]{1,128}$/;

/** The request's id: a client-supplied X-Request-Id when sane, else a new one. Every response carries it. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && CLIENT_ID_RE.test(given) ? given : randomUUID();
}
