import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { httpRequestSeconds } from '../kernel/metrics.ts';

const READS = new Set(['GET', 'HEAD']);

/**
 * One log line per request, written when it completes (method, path, status, time, request id), instead of
 * Fastify's two lines per request; the request is also counted there, where Fastify reports its completion
 * anyway, in drs_http_request_duration_seconds (kernel/metrics.ts). A successful read (GET/HEAD answered
 * 2xx/3xx — polling, downloads) is logged at debug: thousands of polling clients would otherwise make the log
 * line the largest cost of a cheap GET and bury everything else. Writes, refusals (4xx) and errors stay at info
 * and above.
 */
export class SingleLineRequestLog extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'request_id' });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    // by the route's pattern, never the URL: ids and query strings would make a series per request
    httpRequestSeconds.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status }, reply.elapsedTime / 1000);
    const quiet = !error && status < 400 && READS.has(request.method);
    if (quiet && !(reply.log as Logger).isLevelEnabled('debug')) return;
    const line = { method: request.method, url: request.url, status, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (quiet) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
