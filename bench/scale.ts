/**
 * Scale-out benchmark, every figure measured in this run on this machine and set against the SQLite default:
 * 1. Completed runs per minute: the SQLite default (`drs serve`, API and worker in one process) against
 *    PostgreSQL with one and with two worker processes behind an API node (`serve --no-worker` + `worker`).
 * 2. Polling throughput of GET /runs/{run_id} (autocannon): one SQLite node against one and two PostgreSQL
 *    API nodes (two autocannon instances at once, one per node, requests summed).
 * Prints one JSON object. Usage:
 *   node --import tsx bench/scale.ts [--runs 8] [--seconds 10] [--pg postgres://postgres@127.0.0.1:5432/postgres]
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startCluster, type Cluster } from '../test/helpers/cluster.ts';
import { Client, form } from '../test/helpers/client.ts';
import { makeSimplePdf } from '../test/helpers/fixtures.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '10' },
    pg: { type: 'string', default: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const RUNS = Number(values.runs);
const SECONDS = Number(values.seconds);
const ENV = { LOG_LEVEL: 'warn' };

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Submits RUNS small sets through the first API node and waits until all are done; runs per minute. */
async function throughput(cluster: Cluster): Promise<{ runs_per_minute: number; seconds: number; failed: number }> {
  const org = await cluster.createOrg({ checks: RUNS + 1, concurrency: 16 });
  const api = new Client(cluster.apis[0]!.baseUrl, org.api_key);
  const pdfs = await Promise.all(Array.from({ length: RUNS }, (_, i) => makeSimplePdf(3, `24-${100 + i}-ПЗ`)));
  const started = Date.now();
  const ids: string[] = [];
  for (const [i, pdf] of pdfs.entries()) {
    const r = await api.postForm('/runs', form([{ name: `ПЗ-${i}.pdf`, content: pdf }]));
    if (r.status !== 201) throw new Error(`POST /runs → ${r.status} ${r.text}`);
    ids.push(r.json.run_id);
  }
  let failed = 0;
  for (const id of ids) if ((await api.waitRun(id, 600_000)).status !== 'done') failed++;
  const seconds = (Date.now() - started) / 1000;
  return { runs_per_minute: round((RUNS / seconds) * 60), seconds: round(seconds), failed };
}

/** GET /runs/{id} on every API node at once, 20 connections per node; requests per second summed. */
async function polling(cluster: Cluster): Promise<{ requests_per_second: number; errors: number; p99_ms: number }> {
  const org = await cluster.createOrg({ checks: 2 });
  const api = new Client(cluster.apis[0]!.baseUrl, org.api_key);
  const run = await api.postForm('/runs', form([{ name: 'ПЗ.pdf', content: await makeSimplePdf(1) }]));
  if (run.status !== 201) throw new Error(`POST /runs → ${run.status} ${run.text}`);
  const results = await Promise.all(
    cluster.apis.map((node) =>
      autocannon({ url: `${node.baseUrl}/runs/${run.json.run_id}`, connections: 20, duration: SECONDS, headers: { authorization: `Bearer ${org.api_key}` } }),
    ),
  );
  return {
    requests_per_second: round(results.reduce((s, r) => s + r.requests.average, 0), 0),
    errors: results.reduce((s, r) => s + r.errors + r.non2xx, 0),
    p99_ms: Math.max(...results.map((r) => r.latency.p99)),
  };
}

async function withCluster<T>(opts: Parameters<typeof startCluster>[0], fn: (c: Cluster) => Promise<T>): Promise<T> {
  const cluster = await startCluster(opts);
  try {
    return await fn(cluster);
  } finally {
    await cluster.stop();
  }
}

const sqliteRuns = await withCluster({ apis: 0, workers: 0, env: ENV, databaseAdminUrl: null }, async (c) => {
  await c.addApi({ withWorker: true });
  return throughput(c);
});
const pg1 = await withCluster({ apis: 1, workers: 1, env: ENV, databaseAdminUrl: values.pg }, throughput);
const pg2 = await withCluster({ apis: 1, workers: 2, env: ENV, databaseAdminUrl: values.pg }, throughput);

const sqlitePoll = await withCluster({ apis: 1, workers: 0, env: ENV, databaseAdminUrl: null }, polling);
const pgPoll1 = await withCluster({ apis: 1, workers: 0, env: ENV, databaseAdminUrl: values.pg }, polling);
const pgPoll2 = await withCluster({ apis: 2, workers: 0, env: ENV, databaseAdminUrl: values.pg }, polling);

console.log(
  JSON.stringify({
    bench: 'scale',
    machine: { cpus: cpus().length, node: process.version },
    runs_per_set: RUNS,
    completed_runs_per_minute: {
      sqlite_default_single_process: sqliteRuns,
      postgres_1_worker: pg1,
      postgres_2_workers: pg2,
      ratio_postgres_1_worker_to_sqlite: round(pg1.runs_per_minute / sqliteRuns.runs_per_minute, 2),
      ratio_postgres_2_workers_to_sqlite: round(pg2.runs_per_minute / sqliteRuns.runs_per_minute, 2),
      ratio_2_workers_to_1_worker: round(pg2.runs_per_minute / pg1.runs_per_minute, 2),
    },
    polling_get_run: {
      seconds: SECONDS,
      connections_per_node: 20,
      sqlite_1_node: sqlitePoll,
      postgres_1_node: pgPoll1,
      postgres_2_nodes: pgPoll2,
      ratio_postgres_1_node_to_sqlite: round(pgPoll1.requests_per_second / sqlitePoll.requests_per_second, 2),
      ratio_postgres_2_nodes_to_sqlite: round(pgPoll2.requests_per_second / sqlitePoll.requests_per_second, 2),
    },
  }),
);
