/**
 * Scale-out benchmark, every figure measured in this run on this machine and set against the SQLite default.
 * Each round measures the SQLite default and the PostgreSQL cluster back to back (so load from elsewhere on the
 * machine hits both); medians over the rounds are reported, with every sample.
 * 1. Completed runs per minute for a batch of sets submitted at once: the SQLite default (`drs serve`, API and
 *    worker in one process) against PostgreSQL with one, then two worker processes (`drs worker`) behind an API
 *    node (`drs serve --no-worker`).
 * 2. Polling throughput of GET /runs/{run_id} (autocannon, 20 connections per node): one SQLite node against one
 *    and two PostgreSQL API nodes (two autocannon instances at once, one per node, requests summed).
 * Prints one JSON object. Usage:
 *   node --import tsx bench/scale.ts [--rounds 3] [--runs 16] [--pages 10] [--seconds 10]
 *     [--pg postgres://postgres@127.0.0.1:5432/postgres]
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startCluster, type Cluster } from '../test/helpers/cluster.ts';
import { Client, form } from '../test/helpers/client.ts';
import type { TestServer } from '../test/helpers/server.ts';
import { makeSimplePdf } from '../test/helpers/fixtures.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '16' },
    pages: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    pg: { type: 'string', default: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const RUNS = Number(values.runs);
const SECONDS = Number(values.seconds);
const PAGES = Number(values.pages);
const ROUNDS = Number(values.rounds);
const ENV = { LOG_LEVEL: 'warn' };

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Submits RUNS small sets through the first API node and waits until all are done; runs per minute. */
async function throughput(cluster: Cluster): Promise<{ runs_per_minute: number; seconds: number; failed: number }> {
  const org = await cluster.createOrg({ checks: RUNS + 1, concurrency: 16 });
  const api = new Client(cluster.apis[0]!.baseUrl, org.api_key);
  const pdfs = await Promise.all(Array.from({ length: RUNS }, (_, i) => makeSimplePdf(PAGES, `24-${100 + i}-ПЗ`)));
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
async function polling(cluster: Cluster, nodes: TestServer[]): Promise<{ requests_per_second: number; errors: number; p99_ms: number }> {
  const org = await cluster.createOrg({ checks: 2, 'rate-limit-per-minute': 0 });
  const api = new Client(cluster.apis[0]!.baseUrl, org.api_key);
  const run = await api.postForm('/runs', form([{ name: 'ПЗ.pdf', content: await makeSimplePdf(1) }]));
  if (run.status !== 201) throw new Error(`POST /runs → ${run.status} ${run.text}`);
  const results = await Promise.all(
    nodes.map((node) =>
      autocannon({ url: `${node.baseUrl}/runs/${run.json.run_id}`, connections: 20, duration: SECONDS, headers: { authorization: `Bearer ${org.api_key}` } }),
    ),
  );
  return {
    requests_per_second: round(
      results.reduce((s, r) => s + r.requests.average, 0),
      0,
    ),
    errors: results.reduce((s, r) => s + r.errors + r.non2xx, 0),
    p99_ms: Math.max(...results.map((r) => r.latency.p99)),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface Round {
  sqlite_runs_per_minute: number;
  postgres_1_worker_runs_per_minute: number;
  postgres_2_workers_runs_per_minute: number;
  sqlite_1_node_rps: number;
  postgres_1_node_rps: number;
  postgres_2_nodes_rps: number;
  failed_runs: number;
  poll_errors: number;
}

/** One round: the SQLite default and the PostgreSQL cluster measured back to back, so load from elsewhere hits both. */
async function round_(): Promise<Round> {
  const sqlite = await startCluster({ apis: 0, workers: 0, env: ENV, databaseAdminUrl: null });
  let sqliteRuns: Awaited<ReturnType<typeof throughput>>;
  let sqlitePoll: Awaited<ReturnType<typeof polling>>;
  try {
    await sqlite.addApi({ withWorker: true });
    sqliteRuns = await throughput(sqlite);
    sqlitePoll = await polling(sqlite, sqlite.apis);
  } finally {
    await sqlite.stop();
  }
  const pg = await startCluster({ apis: 2, workers: 1, env: ENV, databaseAdminUrl: values.pg });
  try {
    const pg1 = await throughput(pg);
    const poll1 = await polling(pg, pg.apis.slice(0, 1));
    const poll2 = await polling(pg, pg.apis);
    await pg.addWorker();
    const pg2 = await throughput(pg);
    return {
      sqlite_runs_per_minute: sqliteRuns.runs_per_minute,
      postgres_1_worker_runs_per_minute: pg1.runs_per_minute,
      postgres_2_workers_runs_per_minute: pg2.runs_per_minute,
      sqlite_1_node_rps: sqlitePoll.requests_per_second,
      postgres_1_node_rps: poll1.requests_per_second,
      postgres_2_nodes_rps: poll2.requests_per_second,
      failed_runs: sqliteRuns.failed + pg1.failed + pg2.failed,
      poll_errors: sqlitePoll.errors + poll1.errors + poll2.errors,
    };
  } finally {
    await pg.stop();
  }
}

const rounds: Round[] = [];
for (let i = 0; i < ROUNDS; i++) rounds.push(await round_());
const med = (k: keyof Round) => round(median(rounds.map((r) => r[k])));

console.log(
  JSON.stringify({
    bench: 'scale',
    machine: { cpus: cpus().length, node: process.version, loadavg_1m_at_end: round(loadavg()[0]!) },
    rounds: ROUNDS,
    runs_per_set: RUNS,
    pages_per_run: PAGES,
    median: {
      completed_runs_per_minute: {
        sqlite_default_single_process: med('sqlite_runs_per_minute'),
        postgres_1_worker: med('postgres_1_worker_runs_per_minute'),
        postgres_2_workers: med('postgres_2_workers_runs_per_minute'),
      },
      polling_get_run_requests_per_second: {
        sqlite_1_node: med('sqlite_1_node_rps'),
        postgres_1_node: med('postgres_1_node_rps'),
        postgres_2_nodes: med('postgres_2_nodes_rps'),
      },
      ratio_postgres_1_worker_to_sqlite: round(median(rounds.map((r) => r.postgres_1_worker_runs_per_minute / r.sqlite_runs_per_minute)), 2),
      ratio_postgres_2_workers_to_sqlite: round(median(rounds.map((r) => r.postgres_2_workers_runs_per_minute / r.sqlite_runs_per_minute)), 2),
      ratio_postgres_1_node_polling_to_sqlite: round(median(rounds.map((r) => r.postgres_1_node_rps / r.sqlite_1_node_rps)), 2),
      ratio_postgres_2_nodes_polling_to_sqlite: round(median(rounds.map((r) => r.postgres_2_nodes_rps / r.sqlite_1_node_rps)), 2),
    },
    polling: { seconds: SECONDS, connections_per_node: 20 },
    samples: rounds,
  }),
);
