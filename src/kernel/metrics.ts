/**
 * The service's metrics, one registry per process, served at /metrics in Prometheus' text format
 * (http/metrics.ts; docs/scale-out.md#metrics). Every metric of the service is declared here, by name, so a
 * layer records into it without knowing who serves it: counters and histograms are recorded where the event
 * happens; gauges whose value lives elsewhere (the database, a queue of children) are read when a scrape asks
 * for them, through `readOnScrape` and `reportChildren`, so nothing is computed between scrapes.
 *
 * Recording costs a request a few hundred nanoseconds (a labelled histogram's observe); nothing here does I/O.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export const metricsRegistry = new Registry();
const registers = [metricsRegistry];

let processMetrics = false;

/**
 * prom-client's process metrics (CPU, resident memory, heap, event-loop delay, open handles) under their
 * standard names; started by a serving process (main.ts), not by the children that share these modules.
 */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 20 });
}

/** Kinds of work done in child processes (isolation/), the label `kind` of the children's metrics. */
// a document's conversion (LibreOffice) runs inside its run's child and is counted as that run
export type ChildKind = 'run' | 'page_render' | 'pdf_build' | 'register_build' | 'archive_preview';

/**
 * Bounds that refuse requests, the label `bound` of drs_bounds_refused_total: an AppError carrying one
 * (kernel/errors.ts, `bound`) is counted when it is answered (http/error-handler.ts). A child kind names the
 * bound on those children.
 */
export type BoundKind = 'rate_limit' | 'intake' | 'cabinet_login' | ChildKind | `${ChildKind}_node`;

/** Latency buckets of HTTP requests (seconds): a cached poll is well under a millisecond, an upload minutes. */
const HTTP_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** Requests answered by route (the route's pattern, never the raw URL) and status, with their latency. */
export const httpRequestSeconds = new Histogram({
  name: 'drs_http_request_duration_seconds',
  help: 'HTTP requests answered, by method, route pattern and status, with the time from the request to the answer',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: HTTP_BUCKETS,
  registers,
});

/** Runs by state (queued, running, done, failed) in the database this node uses. */
export const runsByState = new Gauge({ name: 'drs_runs', help: 'Runs by state in the database', labelNames: ['state'] as const, registers });

/** Items waiting in each leased queue (runs, webhook deliveries, PDF rebuilds) and the age of the oldest one. */
export const queueDepth = new Gauge({ name: 'drs_queue_depth', help: 'Items waiting in each leased queue', labelNames: ['queue'] as const, registers });
export const queueOldestSeconds = new Gauge({
  name: 'drs_queue_oldest_age_seconds',
  help: 'Age of the oldest item waiting in each leased queue (0 when none waits)',
  labelNames: ['queue'] as const,
  registers,
});

/** Time a run spent in each stage of the pipeline (kernel/stages.ts), observed when the run is done. */
export const runStageSeconds = new Histogram({
  name: 'drs_run_stage_duration_seconds',
  help: 'Time a completed run spent in each stage of the pipeline',
  labelNames: ['stage'] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
  registers,
});

/** Runs that ended on this node's worker, by how (done, failure, timeout, death, lease_lost, stopped). */
export const runsEnded = new Counter({
  name: 'drs_runs_ended_total',
  help: 'Run attempts ended on this node, by outcome',
  labelNames: ['outcome'] as const,
  registers,
});

/** Child processes at work and jobs waiting for one, by kind (read on scrape, see reportChildren). */
export const childrenRunning = new Gauge({ name: 'drs_children_running', help: 'Child processes at work, by kind', labelNames: ['kind'] as const, registers });
export const childrenQueued = new Gauge({
  name: 'drs_children_queued',
  help: 'Jobs waiting for a child process, by kind',
  labelNames: ['kind'] as const,
  registers,
});

/** Requests refused by a bound (429 / 503 with Retry-After), by bound. */
export const boundsRefused = new Counter({
  name: 'drs_bounds_refused_total',
  help: 'Requests refused by a bound (rate limit, intake, logins, children), by bound',
  labelNames: ['bound'] as const,
  registers,
});

/** Page pictures of the cabinet asked for, by how they were answered: stored (a cache hit), rendered, joined, failed, failure_remembered. */
export const pagePictures = new Counter({
  name: 'drs_page_pictures_total',
  help: 'Page pictures asked for, by how they were answered (stored = cache hit)',
  labelNames: ['outcome'] as const,
  registers,
});

/** Webhook delivery attempts by outcome: delivered, rejected, retry (will be tried again), failed (no attempt left). */
export const webhookDeliveries = new Counter({
  name: 'drs_webhook_deliveries_total',
  help: 'Webhook delivery attempts, by outcome',
  labelNames: ['outcome'] as const,
  registers,
});

/** The database's connections: total, idle, and requests waiting for one (PostgreSQL pool; SQLite has one). */
export const dbPool = new Gauge({
  name: 'drs_db_pool_connections',
  help: 'Database connections by state (total, idle, waiting)',
  labelNames: ['state'] as const,
  registers,
});

/** 1 when the node takes traffic (GET /ready answers 200), 0 when it should not. */
export const nodeReady = new Gauge({ name: 'drs_ready', help: '1 when this node is ready to take traffic, 0 when not', registers });

type ScrapeReader = () => void | Promise<void>;
const readers = new Map<string, ScrapeReader>();

/**
 * A function that sets gauges when a scrape asks for them (reading the database, a queue); one per name, a
 * later one replacing it (a test's second app in the same process). A reader that fails leaves its gauges as
 * they were and the scrape goes on.
 */
export function readOnScrape(name: string, read: ScrapeReader): () => void {
  readers.set(name, read);
  return () => {
    if (readers.get(name) === read) readers.delete(name);
  };
}

/** How many children of a kind are at work and how many jobs wait for one, read on every scrape. */
export function reportChildren(kind: ChildKind, read: () => { running: number; queued: number }): () => void {
  return readOnScrape(`children:${kind}`, () => {
    const { running, queued } = read();
    childrenRunning.set({ kind }, running);
    childrenQueued.set({ kind }, queued);
  });
}

/** The text of a scrape: every reader run (each within `timeoutMs`), then the registry in Prometheus' format. */
export async function scrapeMetrics(timeoutMs = 2000): Promise<string> {
  await Promise.all(
    [...readers.values()].map(async (read) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([read(), new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
      } catch {
        /* a reader that failed keeps its last values; the others are still served */
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return metricsRegistry.metrics();
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;
