/**
 * What an operator asks a node (docs/scale-out.md#metrics):
 *
 * - GET /metrics — the registry of kernel/metrics.ts in Prometheus' text format, each scrape reading the
 *   database's queues and connections first. Served on a listener of its own (METRICS_PORT on METRICS_HOST,
 *   never the API's port) and, only when METRICS_TOKEN is set, on the API's port too, behind that token
 *   (`Authorization: Bearer …`), compared in constant time. With neither, no /metrics is served.
 * - GET /ready — whether this node should take traffic: the database answers, the data directory has more than
 *   READY_MIN_FREE_MB free and its scratch can be written, the node is not stopping. 200 or 503 in the error
 *   envelope naming what is wrong. /health stays the cheap «the process answers» of the contract.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { statfs, unlink, writeFile, mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import { queueStats } from '../store/queue/stats.ts';
import { errors, type AppError } from '../kernel/errors.ts';
import { dbPool, METRICS_CONTENT_TYPE, nodeReady, queueDepth, queueOldestSeconds, readOnScrape, runsByState, scrapeMetrics } from '../kernel/metrics.ts';
import { scratchName } from '../kernel/scratch.ts';
import { errorBody, httpStatusOf } from './error-handler.ts';

const RUN_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** Sets the database's gauges on every scrape: runs by state, the leased queues, the connections. */
export function measureStore(store: Store, clock: () => number = Date.now): () => void {
  // one reader: the connections are read before the scrape's own queries take some of them
  return readOnScrape('store', async () => {
    const pool = store.pool();
    for (const state of ['total', 'idle', 'waiting', 'max'] as const) dbPool.set({ state }, pool[state]);
    const now = clock();
    const stats = await queueStats(store.db, new Date(now));
    for (const state of RUN_STATES) runsByState.set({ state }, stats.runsByState[state] ?? 0);
    for (const [queue, { count, oldestSince }] of Object.entries(stats.waiting)) {
      queueDepth.set({ queue }, count);
      queueOldestSeconds.set({ queue }, oldestSince ? Math.max(0, (now - Date.parse(oldestSince)) / 1000) : 0);
    }
  });
}

export interface ReadinessSources {
  store: Pick<Store, 'ping'>;
  config: Pick<Config, 'dataDir' | 'readyMinFreeMb'>;
  /** True once the node has begun to stop. */
  stopping: () => boolean;
}

export interface Readiness {
  ready: boolean;
  /** Russian reasons the node should not take traffic; empty when ready. */
  reasons: string[];
  checks: { database: boolean; disk_free_bytes: number | null; scratch: boolean; stopping: boolean };
}

const CHECK_TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The readiness of this node; concurrent calls share one check. */
export function readinessChecker(sources: ReadinessSources): () => Promise<Readiness> {
  let inFlight: Promise<Readiness> | null = null;
  const check = async (): Promise<Readiness> => {
    const { dataDir, readyMinFreeMb } = sources.config;
    const database = await within(sources.store.ping(), CHECK_TIMEOUT_MS).then(
      () => true,
      () => false,
    );
    const free = await statfs(dataDir).then(
      (s) => s.bavail * s.bsize,
      () => null,
    );
    const scratchDir = join(dataDir, 'tmp');
    const probe = join(scratchDir, `ready-${scratchName()}`);
    const scratch = await within(
      mkdir(scratchDir, { recursive: true }).then(() => writeFile(probe, 'ready')),
      CHECK_TIMEOUT_MS,
    ).then(
      () => true,
      () => false,
    );
    await unlink(probe).catch(() => undefined);
    const stopping = sources.stopping();
    const reasons: string[] = [];
    if (stopping) reasons.push('узел останавливается');
    if (!database) reasons.push('база данных не отвечает');
    if (free === null) reasons.push('каталог данных недоступен');
    else if (free < readyMinFreeMb * 1024 * 1024)
      reasons.push(`свободного места в каталоге данных ${Math.floor(free / 1024 / 1024)} МБ, нужно не меньше ${readyMinFreeMb} МБ`);
    if (!scratch) reasons.push('во временный каталог нельзя записать');
    nodeReady.set(reasons.length ? 0 : 1);
    return { ready: reasons.length === 0, reasons, checks: { database, disk_free_bytes: free, scratch, stopping } };
  };
  return () => {
    inFlight ??= check().finally(() => (inFlight = null));
    return inFlight;
  };
}

/** The error a node that is not ready answers with (503 backend_unavailable, Retry-After). */
export const notReadyError = (r: Readiness): AppError => errors.nodeNotReady(r.reasons);

const digest = (s: string) => createHash('sha256').update(s).digest();

/** True when the Authorization header carries the token (or no token is configured), in constant time. */
export function metricsTokenAccepted(token: string | null, authorization: string | undefined): boolean {
  if (token === null) return true;
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

function sendError(res: ServerResponse, e: AppError): void {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff' };
  if (e.retryAfter !== undefined) headers['retry-after'] = String(e.retryAfter);
  if (e.code === 'unauthorized') headers['www-authenticate'] = 'Bearer';
  res.writeHead(httpStatusOf(e), headers).end(JSON.stringify(errorBody(e)));
}

/**
 * The operator's listener (METRICS_PORT): /metrics, /ready and /health and nothing else, on plain node:http so
 * it costs the node no second framework. Started by every serving process, an API node or a worker.
 */
export async function startMetricsServer(opts: {
  host: string;
  port: number;
  token: string | null;
  readiness: () => Promise<Readiness>;
  apiVersion: string;
}): Promise<Server> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendError(res, errors.readOnlyEndpoint(req.method ?? ''));
    if (path === '/health') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ ok: true, api_version: opts.apiVersion }));
      return;
    }
    if (path === '/ready') {
      void opts.readiness().then(
        (r) => (r.ready ? res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(r)) : sendError(res, notReadyError(r))),
        () => sendError(res, errors.internal()),
      );
      return;
    }
    if (path !== '/metrics') return sendError(res, errors.routeNotFound(req.method, path ?? '/'));
    if (!metricsTokenAccepted(opts.token, req.headers.authorization)) return sendError(res, errors.metricsTokenRejected());
    void scrapeMetrics().then(
      (text) => res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
      () => sendError(res, errors.internal()),
    );
  });
  server.listen(opts.port, opts.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return server;
}
