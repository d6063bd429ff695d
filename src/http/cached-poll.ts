/**
 * The polling path without the framework's per-request work. GET {prefix}/runs/{run_id} is answered straight
 * from memory when everything its answer depends on is already known there: the key (cached, usable, not due
 * its last_used_at write), the rate limit admitting the request, the run's status cached at the current
 * generation of the change feed, no debug line to log and the server not closing. Every other request, and
 * any poll where one of these is missing, goes to Fastify, which answers it in full — so what this path
 * answers is exactly what the route would (test/e2e/cached-poll.test.ts compares them byte for byte).
 * It keeps the same order of checks: the key first, then the rate limit.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { App } from './app-instance.ts';
import type { CachedKeys } from './auth.ts';
import type { RateLimits } from './rate-limit.ts';
import type { RunStatusCache } from './run-status-cache.ts';
import { ifNoneMatchNames } from './conditional.ts';
import { requestIdOf } from './request-id.ts';
import { UUID_RE } from '../kernel/ids.ts';
import { httpRequestSeconds } from '../kernel/metrics.ts';

export interface CachedPollSources {
  prefix: string;
  keys: CachedKeys;
  rateLimits: Pick<RateLimits, 'tryAdmit'>;
  statuses: RunStatusCache;
  log: Pick<Logger, 'isLevelEnabled'>;
}

const UUID_LENGTH = 36;

/** Puts the cached polling path in front of the app's request handler. */
export function answerCachedPolls(app: App, sources: CachedPollSources): void {
  const server = app.server;
  const [fastify, ...others] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  // Only an app whose server Fastify created itself (one request listener) can be fronted this way.
  if (!fastify || others.length) return;
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  const answer = cachedPollAnswerer(sources);
  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (closing || !answer(req, res)) fastify(req, res);
  });
}

/** True when it answered the request; false leaves it untouched for the full path. */
export function cachedPollAnswerer({ prefix, keys, rateLimits, statuses, log }: CachedPollSources): (req: IncomingMessage, res: ServerResponse) => boolean {
  const runsPath = `${prefix}/runs/`;
  // the route's own series (request-log.ts), bound once: a cached poll is counted like one through Fastify
  const route = `${prefix}/runs/:run_id`;
  const answered200 = httpRequestSeconds.labels({ method: 'GET', route, status: 200 });
  const answered304 = httpRequestSeconds.labels({ method: 'GET', route, status: 304 });
  return (req, res) => {
    const began = performance.now();
    const url = req.url;
    if (req.method !== 'GET' || !url || url.length !== runsPath.length + UUID_LENGTH || !url.startsWith(runsPath)) return false;
    const runId = url.slice(runsPath.length);
    // A body on a GET, an id not in canonical form: the full path's rules apply.
    if (
      !UUID_RE.test(runId) ||
      runId !== runId.toLowerCase() ||
      req.headers['content-length'] !== undefined ||
      req.headers['transfer-encoding'] !== undefined ||
      req.headers.host === undefined
    ) {
      return false;
    }
    // Successful reads are logged at debug only (request-log.ts): with debug on, the full path writes the line.
    if (log.isLevelEnabled('debug')) return false;
    const auth = keys.cachedAuth(req.headers.authorization);
    if (!auth) return false;
    const status = statuses.get(auth.tenant.id, runId, auth.generation);
    if (!status || !rateLimits.tryAdmit(auth)) return false;
    // The request has no body: reading its end now spares Node the dump it schedules after an unread request.
    req.read();
    const requestId = requestIdOf(req);
    if (ifNoneMatchNames(req.headers['if-none-match'], status.etag)) {
      res.writeHead(304, ['x-request-id', requestId, ...status.answerHeaders[304]]);
      res.end();
      answered304.observe((performance.now() - began) / 1000);
      return true;
    }
    res.writeHead(200, ['x-request-id', requestId, ...status.answerHeaders[200]]);
    res.end(status.body);
    answered200.observe((performance.now() - began) / 1000);
    return true;
  };
}
