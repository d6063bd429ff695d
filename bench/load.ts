/**
 * Load benchmark: many polling clients plus a steady stream of uploads against the real program.
 *   single  — one node, `drs serve` (API and worker in one process, the default), SQLite;
 *   cluster — two API nodes (`drs serve --no-worker`) and two workers (`drs worker`) on PostgreSQL
 *             (TEST_DATABASE_URL or --database-url; skipped without one).
 * Every client polls GET /runs/{run_id} of one of the organization's runs every --poll-s seconds (the
 * contract's rate), starting at a random offset; uploads of a small set arrive at --uploads-per-min and join
 * the runs being polled. Reported per topology: p50/p99/max latency of polls and uploads, errors (any answer
 * other than 200/201, or a network failure — must be 0), peak and final RSS of every server process.
 * Usage: node --import tsx bench/load.ts [--minutes 5] [--clients 2000] [--poll-s 5] [--uploads-per-min 20]
 *        [--topology single|cluster|both] [--database-url postgres://…]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startServer, type TestServer } from '../test/helpers/server.ts';
import { startCluster, type Cluster } from '../test/helpers/cluster.ts';
import { makeSimplePdf } from '../test/helpers/fixtures.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    clients: { type: 'string', default: '2000' },
    'poll-s': { type: 'string', default: '5' },
    'uploads-per-min': { type: 'string', default: '20' },
    topology: { type: 'string', default: 'both' },
    'database-url': { type: 'string' },
  },
});
const durationMs = Number(values.minutes) * 60_000;
const clients = Number(values.clients);
const pollMs = Number(values['poll-s']) * 1000;
const uploadEveryMs = 60_000 / Number(values['uploads-per-min']);
const databaseUrl = values['database-url'] ?? process.env.TEST_DATABASE_URL;

const rssMiB = (pid: number): number => {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
};

const quantile = (sorted: number[], q: number): number => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0);
const round1 = (x: number) => Math.round(x * 10) / 10;

interface Target {
  name: string;
  apiUrls: string[];
  processes: { role: string; pid: number }[];
  createOrg(): Promise<{ api_key: string }>;
  stop(): Promise<void>;
}

async function singleNode(): Promise<Target> {
  const server: TestServer = await startServer({ env: { LOG_LEVEL: 'info' } });
  return {
    name: 'single',
    apiUrls: [server.baseUrl],
    processes: [{ role: 'serve', pid: server.process.pid! }],
    createOrg: () => server.createOrg({ checks: 100_000, 'rate-limit-per-minute': 0 }),
    stop: () => server.stop(),
  };
}

async function twoByTwo(): Promise<Target> {
  const cluster: Cluster = await startCluster({ apis: 2, workers: 2, databaseAdminUrl: databaseUrl! });
  return {
    name: 'cluster_pg_2api_2workers',
    apiUrls: cluster.apis.map((a) => a.baseUrl),
    processes: [...cluster.apis.map((a) => ({ role: 'api', pid: a.process.pid! })), ...cluster.workers.map((w) => ({ role: 'worker', pid: w.pid }))],
    createOrg: () => cluster.createOrg({ checks: 100_000, concurrency: 4, 'rate-limit-per-minute': 0 }),
    stop: () => cluster.stop(),
  };
}

async function upload(baseUrl: string, key: string, pdf: Buffer, n: number): Promise<{ status: number; runId?: string }> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `24-${String(n).padStart(3, '0')}-ПЗ.pdf`);
  const r = await fetch(`${baseUrl}/runs`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'idempotency-key': `load-${n}` }, body: form });
  const body = (await r.json().catch(() => null)) as { run_id?: string } | null;
  return { status: r.status, runId: body?.run_id };
}

async function measure(target: Target) {
  const org = await target.createOrg();
  const pdf = await makeSimplePdf(3);
  const runs: string[] = [];
  // A few runs exist before the clients start, so every client has something to poll.
  for (let i = 0; i < 5; i++) {
    const r = await upload(target.apiUrls[i % target.apiUrls.length]!, org.api_key, pdf, i);
    if (r.runId) runs.push(r.runId);
  }
  const polls: number[] = [];
  const uploads: number[] = [];
  let errors = 0;
  const errorKinds = new Map<string, number>();
  const fail = (what: string) => {
    errors++;
    errorKinds.set(what, (errorKinds.get(what) ?? 0) + 1);
  };
  const peak = new Map<number, number>();
  const sampler = setInterval(() => {
    for (const p of target.processes) peak.set(p.pid, Math.max(peak.get(p.pid) ?? 0, rssMiB(p.pid)));
  }, 1000);

  const started = Date.now();
  const end = started + durationMs;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function client(i: number): Promise<void> {
    const baseUrl = target.apiUrls[i % target.apiUrls.length]!;
    await sleep(Math.random() * pollMs);
    while (Date.now() < end) {
      const runId = runs[Math.floor(Math.random() * runs.length)]!;
      const t0 = performance.now();
      try {
        const r = await fetch(`${baseUrl}/runs/${runId}`, { headers: { authorization: `Bearer ${org.api_key}` } });
        await r.arrayBuffer();
        polls.push(performance.now() - t0);
        if (r.status !== 200) fail(`poll ${r.status}`);
      } catch (e) {
        fail(`poll ${(e as Error).message}`);
      }
      await sleep(pollMs - ((performance.now() - t0) % pollMs));
    }
  }

  async function uploader(): Promise<void> {
    let n = 100;
    while (Date.now() < end) {
      const t0 = performance.now();
      try {
        const r = await upload(target.apiUrls[n % target.apiUrls.length]!, org.api_key, pdf, n);
        uploads.push(performance.now() - t0);
        if (r.status !== 201 || !r.runId) fail(`upload ${r.status}`);
        else runs.push(r.runId);
      } catch (e) {
        fail(`upload ${(e as Error).message}`);
      }
      n++;
      await sleep(Math.max(0, uploadEveryMs - (performance.now() - t0)));
    }
  }

  await Promise.all([uploader(), ...Array.from({ length: clients }, (_, i) => client(i))]);
  clearInterval(sampler);
  polls.sort((a, b) => a - b);
  uploads.sort((a, b) => a - b);
  const seconds = (Date.now() - started) / 1000;
  return {
    topology: target.name,
    minutes: Number(values.minutes),
    clients,
    polls: polls.length,
    polls_per_s: Math.round(polls.length / seconds),
    poll_p50_ms: round1(quantile(polls, 0.5)),
    poll_p99_ms: round1(quantile(polls, 0.99)),
    poll_max_ms: round1(polls.at(-1) ?? 0),
    uploads: uploads.length,
    upload_p50_ms: Math.round(quantile(uploads, 0.5)),
    upload_p99_ms: Math.round(quantile(uploads, 0.99)),
    errors,
    error_kinds: Object.fromEntries(errorKinds),
    rss_peak_mib: Object.fromEntries(target.processes.map((p, i) => [`${p.role}${i}`, peak.get(p.pid) ?? 0])),
    rss_end_mib: Object.fromEntries(target.processes.map((p, i) => [`${p.role}${i}`, rssMiB(p.pid)])),
  };
}

const topologies: (() => Promise<Target>)[] = [];
if (values.topology === 'single' || values.topology === 'both') topologies.push(singleNode);
if (values.topology === 'cluster' || values.topology === 'both') {
  if (databaseUrl) topologies.push(twoByTwo);
  else console.error('cluster skipped: no PostgreSQL (TEST_DATABASE_URL or --database-url)');
}
for (const start of topologies) {
  const target = await start();
  try {
    console.log(JSON.stringify({ bench: 'load', ...(await measure(target)) }));
  } finally {
    await target.stop();
  }
}
