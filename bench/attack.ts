/**
 * Latency of the API while runs exhaust their child processes, and while a large set is reviewed and reported.
 * Prints one JSON line. Two servers of the real program (`drs serve`: API and worker in one process, SQLite), each
 * measured against its own baseline in the same run: the same polling with nothing running.
 *
 * Polling: `--pollers` loops per target, each sending GET /health or GET /runs/{id} (a finished run of another
 * organization than the attacker's) one after another with a 20 ms pause; latency is the time to the last byte.
 *
 * 1. Large set (issue 18), default limits: one set of `--pages` pages (PDF volumes of 25 pages with text and a title
 *    block) reviewed and reported. Reports p50/p99 while it runs and the run's time T.
 * 2. Attack (issue 19), RUN_MEMORY_MB=128 and RUN_TIMEOUT_MS = max(6 s, 1.5 T), so the limits hold on a fast machine
 *    and a slow one alike: an attacker uploads `--bombs` explanatory notes in the Минстрой XML schema of 20 MB each
 *    (parsed whole: ~400 MB of heap, so every attempt ends at the heap limit; three attempts each) and as many sets of
 *    four times `--pages` pages (the organization's max_pages lifted; about 4 T of work, over the time limit).
 *    Reports p50/p99 during the attack, that every attack run ended failed with a refund, the checks restored and the
 *    service process unchanged.
 *
 * Usage: node --import tsx bench/attack.ts [--pages 2000] [--bombs 2] [--seconds 10] [--pollers 2] [--only big-set]
 */
import { cpus, loadavg, tmpdir } from 'node:os';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer, type TestServer } from '../test/helpers/server.ts';
import { Client, form, type FilePart } from '../test/helpers/client.ts';
import { makeSimplePdf } from '../test/helpers/fixtures.ts';
import { writeDesignSet } from './design-set.ts';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '2000' },
    bombs: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '10' },
    pollers: { type: 'string', default: '2' },
    /** big-set: the first phase alone (e.g. against an older build that has no run children). */
    only: { type: 'string' },
  },
});
const PAGES = Number(values.pages);
const BOMBS = Number(values.bombs);
const BASELINE_S = Number(values.seconds);
const POLLERS = Number(values.pollers);
const ATTACK_MEMORY_MB = '128';

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

interface Latency {
  n: number;
  errors: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

function summary(samples: number[], errors: number): Latency {
  const s = [...samples].sort((a, b) => a - b);
  return { n: s.length, errors, p50_ms: round(percentile(s, 50)), p99_ms: round(percentile(s, 99)), max_ms: round(s[s.length - 1] ?? NaN) };
}

/** Polls /health and a run of another organization until `until` settles; latencies per target. */
async function pollWhile(server: TestServer, other: Client, runId: string, until: Promise<unknown>): Promise<{ health: Latency; run: Latency }> {
  let running = true;
  void until.finally(() => (running = false));
  const targets = {
    health: { url: `${server.baseUrl}/health`, headers: {} as Record<string, string>, samples: [] as number[], errors: 0 },
    run: { url: `${other.baseUrl}/runs/${runId}`, headers: { authorization: `Bearer ${other.key}` }, samples: [] as number[], errors: 0 },
  };
  const loop = async (t: (typeof targets)['health']) => {
    while (running) {
      const start = performance.now();
      try {
        const r = await fetch(t.url, { headers: t.headers, signal: AbortSignal.timeout(30_000) });
        await r.arrayBuffer();
        if (r.status === 200) t.samples.push(performance.now() - start);
        else t.errors++;
      } catch {
        t.errors++;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  await Promise.all(Object.values(targets).flatMap((t) => Array.from({ length: POLLERS }, () => loop(t))));
  await until;
  return { health: summary(targets.health.samples, targets.health.errors), run: summary(targets.run.samples, targets.run.errors) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A set of `pages` pages as PDF volumes of 25 pages (files read back into memory once, for repeated uploads). */
async function makeSet(pages: number): Promise<FilePart[]> {
  const dir = await mkdtemp(join(tmpdir(), 'drs-bench-attack-'));
  try {
    const volumes = await writeDesignSet(dir, pages);
    return await Promise.all(volumes.map(async (v) => ({ name: v.name, content: await readFile(v.path) })));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** An explanatory note in the Минстрой XML schema of about `mb` MB (well-formed, repetitive indicators). */
function xmlBomb(mb: number): Buffer {
  const unit = '<TEI><Name>Площадь застройки</Name><Measure>055</Measure><Value>1234,5</Value></TEI>';
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><ExplanatoryNote SchemaVersion="01.05"><Object>${unit.repeat(Math.ceil((mb * 1e6) / Buffer.byteLength(unit)))}</Object></ExplanatoryNote>`,
  );
}

/** Another organization with one finished run to poll. */
async function bystander(server: TestServer): Promise<{ client: Client; runId: string }> {
  const client = new Client(server.baseUrl, (await server.createOrg({ checks: 2, name: 'ООО «Соседи»', 'rate-limit-per-minute': 0 })).api_key);
  const run = await client.postForm('/runs', form([{ name: '24-017-ПЗ.pdf', content: await makeSimplePdf(2) }]));
  if (run.status !== 201) throw new Error(`POST /runs → ${run.status} ${run.text}`);
  if ((await client.waitRun(run.json.run_id, 120_000)).status !== 'done') throw new Error('the bystander run did not finish');
  return { client, runId: run.json.run_id };
}

async function attackPhase(set: FilePart[], bigSetSeconds: number) {
  const settings = { RUN_MEMORY_MB: ATTACK_MEMORY_MB, RUN_TIMEOUT_MS: String(Math.max(6000, Math.round(bigSetSeconds * 1500))) };
  const server = await startServer({ env: { LOG_LEVEL: 'warn', ...settings } });
  try {
    const { client: other, runId } = await bystander(server);
    await sleep(1000);
    const baseline = await pollWhile(server, other, runId, sleep(BASELINE_S * 1000));
    const checks = BOMBS * 2;
    const attacker = new Client(server.baseUrl, (await server.createOrg({ checks, concurrency: 4, 'max-pages': 0, name: 'ООО «Атака»' })).api_key);
    const pid = server.process.pid;
    const started = Date.now();
    const attack = (async () => {
      const ids: string[] = [];
      const bomb = xmlBomb(20);
      for (let i = 0; i < BOMBS; i++) {
        for (const files of [[{ name: `ПЗ-${i}.xml`, content: bomb }], [...set, ...set, ...set, ...set]]) {
          const r = await attacker.postForm('/runs', form(files));
          if (r.status !== 201) throw new Error(`attack upload → ${r.status} ${r.text.slice(0, 300)}`);
          ids.push(r.json.run_id);
        }
      }
      return Promise.all(ids.map((id) => attacker.waitRun(id, 1_800_000)));
    })();
    const during = await pollWhile(server, other, runId, attack);
    const finals = await attack;
    const seconds = (Date.now() - started) / 1000;
    return {
      settings,
      attack_runs: { memory_bombs: BOMBS, sets_over_time_limit: BOMBS, pages_per_set: 4 * PAGES },
      all_failed_with_refund: finals.every((f) => f.status === 'failed' && f.refunded === true),
      errors: [...new Set(finals.map((f) => f.error?.message as string))],
      checks_restored: (await attacker.get('/me')).json.checks_left === checks,
      service_process_unchanged: server.process.pid === pid && server.process.exitCode === null,
      seconds: round(seconds),
      baseline,
      during,
      ratio_p99_run: round(during.run.p99_ms / baseline.run.p99_ms, 2),
    };
  } finally {
    await server.stop();
  }
}

async function bigSetPhase(set: FilePart[]) {
  const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
  try {
    const { client: other, runId } = await bystander(server);
    await sleep(1000);
    const baseline = await pollWhile(server, other, runId, sleep(BASELINE_S * 1000));
    const owner = new Client(server.baseUrl, (await server.createOrg({ checks: 2 })).api_key);
    const started = Date.now();
    const review = (async () => {
      const r = await owner.postForm('/runs', form(set));
      if (r.status !== 201) throw new Error(`POST /runs → ${r.status} ${r.text.slice(0, 300)}`);
      return owner.waitRun(r.json.run_id, 1_800_000);
    })();
    const during = await pollWhile(server, other, runId, review);
    const final = await review;
    return {
      pages: PAGES,
      status: final.status,
      seconds: round((Date.now() - started) / 1000),
      baseline,
      during,
      ratio_p99_run: round(during.run.p99_ms / baseline.run.p99_ms, 2),
    };
  } finally {
    await server.stop();
  }
}

const set = await makeSet(PAGES);
const bigSet = await bigSetPhase(set);
const attack = values.only === 'big-set' ? null : await attackPhase(set, bigSet.seconds);
console.log(
  JSON.stringify({
    bench: 'attack',
    machine: { cpus: cpus().length, node: process.version, loadavg_1m_at_end: round(loadavg()[0]!) },
    pollers_per_target: POLLERS,
    attack,
    big_set: bigSet,
    goals: {
      issue19_p99_ms_during_attack_under_100: attack && Math.max(attack.during.health.p99_ms, attack.during.run.p99_ms) < 100,
      issue18_p99_ms_get_run_during_big_set_under_50: bigSet.during.run.p99_ms < 50,
    },
  }),
);
