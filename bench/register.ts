/**
 * Register of remarks on download: 1,000 findings (by default) written as DOCX and XLSX, the three ways in the same
 * run on the same machine:
 * 1. in this process (the writing itself, for reference: what the API must not do on its event loop);
 * 2. in a child started for the file and stopped after it (the program's start is paid by every download) — the
 *    baseline;
 * 3. in a kept report child (isolation/report-children.ts, what the API does now): the first build pays the child's
 *    start, the following ones find it ready.
 * The children are given the run's ids, as the API gives them: each loads the published result and its decisions
 * from the store (a run published in this benchmark's own SQLite) before writing the file.
 * Then twenty downloads of the same register at once through the node's register slots (domain/work-bounds.ts):
 * one build, the other nineteen joined, and the time until the last of them has its file.
 * Prints JSON: median wall time of each way per format, the kept child's ratio against the per-file child, the
 * promise (a warm build of 1,000 findings within 3 s), the peak resident memory of this process and its child, and
 * the machine's load average while it ran.
 *
 * Usage: node --import tsx bench/register.ts [--findings 1000] [--rounds 5]
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { programLauncher } from '../src/isolation/launcher.ts';
import { keptReportChildren } from '../src/isolation/report-children.ts';
import { isolatedRegisterBuild, type RegisterRequest } from '../src/isolation/register-build.ts';
import { migrateToLatest, openStore } from '../src/store/db.ts';
import { createApiKey, createTenant } from '../src/store/repositories/tenants.ts';
import { insertResult, insertRun } from '../test/helpers/rows.ts';
import { WorkSlots } from '../src/isolation/work-slots.ts';
import { renderRegister, type RegisterFormat } from '../src/report/register/index.ts';
import { registerSheet } from '../src/report/register/rows.ts';
import { bareRegisterContext, makeResult } from '../test/report/fixture.ts';

const { values } = parseArgs({ options: { findings: { type: 'string', default: '1000' }, rounds: { type: 'string', default: '5' } } });
const FINDINGS = Number(values.findings);
const ROUNDS = Number(values.rounds);
const WARM_PROMISE_MS = 3000;
const MEMORY_MB = 1024;
const TIMEOUT_MS = 300_000;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const round = (ms: number) => Math.round(ms);

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await fn();
  return performance.now() - began;
}

/** Peak resident memory (VmHWM) of a process, MiB; null when /proc does not say. */
async function peakRssMb(pid: number | 'self'): Promise<number | null> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Math.round(Number(kb) / 1024) : null;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'drs-bench-register-'));
  // The child opens the store and blobs of this configuration (it writes nothing for a register).
  process.env.DATA_DIR = dataDir;
  process.env.DRS_FROM_SOURCES = '1';
  process.env.LOG_LEVEL = 'warn';
  const launcher = programLauncher({ entry: new URL('../bin/drs.js', import.meta.url).pathname, memoryMb: MEMORY_MB });
  const result = makeResult(FINDINGS);
  const sheet = registerSheet(result, [], bareRegisterContext('bench-run'));
  const store = await openStore({ dataDir, databaseUrl: null });
  await migrateToLatest(store.db);
  const tenant = await createTenant(store.db, { name: 'ООО «Экспертиза»', checksLeft: 10 });
  const { key } = await createApiKey(store.db, tenant.id);
  const runId = await insertRun(store.db, { tenantId: tenant.id, keyId: key.id });
  await insertResult(store.db, { runId, tenantId: tenant.id }, result, {
    reportMdKey: `runs/${runId}/report/report.md`,
    reportPdfKey: null,
    sectionPdfKeys: {},
    themePdfKeys: {},
    reportZipKey: null,
  });
  await store.close();
  const request = (format: RegisterFormat): RegisterRequest => ({ tenantId: tenant.id, keyId: key.id, runId, format, query: {} });
  const limits = { memoryMb: MEMORY_MB, timeoutMs: TIMEOUT_MS };
  const kept = keptReportChildren(launcher, 2);
  const keptRender = isolatedRegisterBuild(kept, limits);
  let keptPid: number | undefined;
  const out: Record<string, unknown> = { findings: FINDINGS, rows: sheet.rows.length, rounds: ROUNDS };
  try {
    for (const format of ['docx', 'xlsx'] as RegisterFormat[]) {
      const inProcess: number[] = [];
      const perFile: number[] = [];
      const warm: number[] = [];
      let bytes = 0;
      for (let i = 0; i < ROUNDS; i++) inProcess.push(await timed(async () => (bytes = (await renderRegister(format, sheet)).length)));
      // The old way: a child started for the file, given the job, stopped.
      for (let i = 0; i < ROUNDS; i++) {
        perFile.push(
          await timed(async () => {
            const child = launcher.start('reports');
            try {
              const outcome = await child.perform({ type: 'register', ...request(format) }, { timeoutMs: TIMEOUT_MS });
              if (outcome.kind !== 'register') throw new Error(`per-file child: ${outcome.kind}`);
            } finally {
              await child.stop();
            }
          }),
        );
      }
      // The kept child: its first build (started now, unless the other format left it warm), then warm ones.
      const first = await timed(() => keptRender(request(format)));
      for (let i = 0; i < ROUNDS; i++) warm.push(await timed(() => keptRender(request(format))));
      keptPid ??= kept.pids()[0];
      out[format] = {
        bytes,
        in_process_ms: round(median(inProcess)),
        per_file_child_ms: round(median(perFile)),
        kept_child_first_ms: round(first),
        kept_child_ms: round(median(warm)),
        kept_child_max_ms: round(Math.max(...warm)),
        per_file_over_kept: Number((median(perFile) / median(warm)).toFixed(2)),
        within_promise: Math.max(...warm) <= WARM_PROMISE_MS,
      };
    }
    // Twenty downloads of one register at once: one build in a slot, nineteen joined.
    const slots = new WorkSlots({ kind: 'register_build', slots: 2, perOrganization: 4, queue: 16 });
    let builds = 0;
    const joinedMs = await timed(() =>
      Promise.all(
        Array.from({ length: 20 }, () =>
          slots.run('org', 'register/same', () => {
            builds++;
            return keptRender(request('docx'));
          }),
        ),
      ),
    );
    out.twenty_same_docx = { builds, joined: slots.stats().joined, wall_ms: round(joinedMs) };
    out.peak_rss_mb = { bench: await peakRssMb('self'), kept_child: keptPid ? await peakRssMb(keptPid) : null };
    out.warm_promise_ms = WARM_PROMISE_MS;
    // Absolute times depend on what else the machine runs (the children run at a lower priority); the ratios do less.
    out.load_average = loadavg().map((l) => Number(l.toFixed(1)));
  } finally {
    await kept.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

await main();
