/**
 * Kill -9 soak of the single-process default (`drs serve`: API, worker and its run children). Each of `--cycles`
 * cycles starts a few uploads (sets of 2–40 pages, sometimes 200) while earlier runs are processed, kills the
 * serving process with SIGKILL at a random moment (half within the uploads' first 300 ms, half up to
 * `--max-delay-ms`), restarts it on the same data and retries
 * every upload that got no answer with its own Idempotency-Key (as the contract tells clients to). At the end,
 * once every run has ended, it checks what must hold and prints one JSON line:
 *  - every upload became exactly one run (none lost, none doubled by a retry) and every run is done, or failed with
 *    refunded: true;
 *  - charges exact: checks_left = start − runs done; /usage charged − refunded agrees;
 *  - every done run serves its findings and its Markdown report;
 *  - no scratch left under DATA_DIR/tmp and no child process of a killed server still alive.
 * The time from kill to the first /health 200 of the restarted server is reported (p50 / max).
 * Usage: node --import tsx bench/kill-soak.ts [--cycles 20] [--uploads 3] [--max-delay-ms 2500] [--seed 1]
 *   (TEST_DATABASE_URL=postgres://… runs it on PostgreSQL)
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from '../test/helpers/server.ts';
import { Client, form, type ApiResponse } from '../test/helpers/client.ts';
import { makeSimplePdf } from '../test/helpers/fixtures.ts';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '20' },
    uploads: { type: 'string', default: '3' },
    'max-delay-ms': { type: 'string', default: '2500' },
    seed: { type: 'string', default: '1' },
  },
});
const CYCLES = Number(values.cycles);
const UPLOADS = Number(values.uploads);
const MAX_DELAY = Number(values['max-delay-ms']);

/** mulberry32: the kill moments and set sizes are reproducible with --seed. */
let seed = Number(values.seed) >>> 0;
function random(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

interface Upload {
  key: string;
  pdf: Buffer;
  runId: string | null;
  attempts: number;
}

const server = await startServer({ env: { LOG_LEVEL: 'warn', LEASE_MS: '2000', IDEMPOTENCY_PENDING_MS: '3000' } });
const started = Date.now();
try {
  const CHECKS = CYCLES * UPLOADS + 10;
  const org = await server.createOrg({ checks: CHECKS, concurrency: 4 });
  const api = new Client(server.baseUrl, org.api_key);
  const uploads: Upload[] = [];
  const restartMs: number[] = [];
  let killedDuringUpload = 0;

  /** One attempt of an upload: its run id on a 2xx; null when the server was gone or asked to come back later. */
  async function send(u: Upload): Promise<string | null> {
    u.attempts++;
    let r: ApiResponse;
    try {
      r = await api.postForm('/runs', form([{ name: `24-${u.key.slice(-3)}-ПЗ.pdf`, content: u.pdf }]), { 'Idempotency-Key': u.key });
    } catch {
      return null;
    }
    if (r.status === 200 || r.status === 201) return r.json.run_id as string;
    if (r.status === 409 && r.json?.detail?.error === 'idempotency_pending') return null;
    throw new Error(`POST /runs → ${r.status} ${r.text.slice(0, 300)}`);
  }

  /** Retries every unanswered upload with its key until each has its run. */
  async function settleUploads(): Promise<void> {
    for (;;) {
      const open = uploads.filter((u) => u.runId === null);
      if (open.length === 0) return;
      for (const u of open) u.runId = await send(u);
      if (uploads.some((u) => u.runId === null)) await sleep(1000);
    }
  }

  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const batch: Upload[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      const pages = random() < 0.15 ? 200 : 2 + Math.floor(random() * 39);
      batch.push({
        key: `soak-${cycle}-${i}-${String(uploads.length + i).padStart(3, '0')}`,
        pdf: await makeSimplePdf(pages, `24-${cycle}-ПЗ`),
        runId: null,
        attempts: 0,
      });
    }
    uploads.push(...batch);
    const inFlight = batch.map(async (u) => (u.runId = await send(u)));
    // Half the kills land while the uploads stream (their first few hundred ms), half later, while runs are processed.
    await sleep(Math.floor(random() < 0.5 ? random() * 300 : random() * MAX_DELAY));
    if (batch.some((u) => u.runId === null)) killedDuringUpload++;
    const killedAt = Date.now();
    await server.kill();
    await Promise.allSettled(inFlight);
    await server.restart();
    restartMs.push(Date.now() - killedAt);
    await settleUploads();
  }

  // Every run to its end (leases of the last kill lapse, recovery requeues or fails them).
  const finals = new Map<string, any>();
  for (const u of uploads) finals.set(u.runId!, await api.waitRun(u.runId!, 900_000));
  const runs = [...finals.values()];
  const done = runs.filter((r) => r.status === 'done');
  const failedRefunded = runs.filter((r) => r.status === 'failed' && r.refunded === true);
  const listed = (await api.get('/runs?limit=200')).json.runs as { run_id: string }[];
  const me = (await api.get('/me')).json;
  const usage = (await api.get('/usage?days=1')).json;
  let servedResults = 0;
  for (const r of done) {
    const [findings, report] = await Promise.all([api.get(`/runs/${r.run_id}/findings`), api.get(`/runs/${r.run_id}/report`)]);
    if (findings.status === 200 && report.status === 200) servedResults++;
  }

  // Scratch: what is left under DATA_DIR/tmp (directories of the live worker without files do not count).
  let scratchFiles = 0;
  let scratchBytes = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const p = join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else {
        scratchFiles++;
        scratchBytes += (await stat(p).catch(() => ({ size: 0 }))).size;
      }
    }
  };
  await walk(join(server.dataDir, 'tmp'));

  // Children of killed servers still alive: `job-child` processes on this DATA_DIR whose parent is not the server.
  let orphans = 0;
  for (const pid of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(pid)) continue;
    const [cmdline = '', environ = '', status = ''] = await Promise.all(
      ['cmdline', 'environ', 'status'].map((f) => readFile(`/proc/${pid}/${f}`, 'utf8').catch(() => '')),
    );
    if (!cmdline.includes('job-child') || !environ.split('\0').includes(`DATA_DIR=${server.dataDir}`)) continue;
    const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1]);
    if (ppid !== server.process.pid) orphans++;
  }

  const sorted = [...restartMs].sort((a, b) => a - b);
  const checksExpected = CHECKS - done.reduce((s, r) => s + (r.volume_units ?? 1), 0);
  console.log(
    JSON.stringify({
      bench: 'kill-soak',
      machine: { cpus: cpus().length, node: process.version, loadavg_1m_at_end: round(loadavg()[0]!) },
      store: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite',
      cycles: CYCLES,
      uploads: uploads.length,
      kills_during_upload: killedDuringUpload,
      upload_retries: uploads.reduce((s, u) => s + u.attempts - 1, 0),
      runs: runs.length,
      runs_listed: listed.length,
      every_upload_one_run: new Set(uploads.map((u) => u.runId)).size === uploads.length && listed.length === uploads.length,
      done: done.length,
      failed_refunded: failedRefunded.length,
      other_states: runs.length - done.length - failedRefunded.length,
      failure_reasons: [...new Set(failedRefunded.map((r) => r.error?.message))],
      checks_left: me.checks_left,
      checks_expected: checksExpected,
      charges_exact: me.checks_left === checksExpected && usage.charged - usage.refunded === CHECKS - checksExpected,
      done_runs_serving_results: servedResults,
      scratch_files_left: scratchFiles,
      scratch_bytes_left: scratchBytes,
      orphan_children: orphans,
      restart_to_health_ms: { p50: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] },
      seconds: round((Date.now() - started) / 1000),
    }),
  );
} finally {
  await server.stop();
}
