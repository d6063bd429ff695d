/**
 * Start-up benchmark of an API node (`drs serve --no-worker`): time from spawn to the first 200 of /health
 * and resident memory (VmRSS) once idle, for the production start (JavaScript built into dist/) against the
 * TypeScript sources through tsx (the previous start) as the baseline, measured in this run on this
 * machine. The database is migrated beforehand, so only the start itself is timed. bin/drs.js runs a serving
 * process in V8's memory-saving mode (--optimize-for-size); the variant dist_v8_defaults shows the start without it
 * (an operator's memory flag turns that setting off; 16 MiB is V8's default semi-space ceiling on 64-bit); the variant
 * dist_api_and_worker is what `npm start` runs, the API and a worker in one process.
 * Usage: node --import tsx bench/startup.ts [--rounds 5]
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, ROOT, runCli } from '../test/helpers/server.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' }, 'idle-ms': { type: 'string', default: '2000' } } });
const rounds = Number(values.rounds);
const idleMs = Number(values['idle-ms']);
const BIN = join(ROOT, 'bin', 'drs.js');

const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs'), '--if-stale'], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('build failed');

const rssMiB = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

async function startOnce(dataDir: string, nodeFlags: string[], env: Record<string, string>, args: string[]): Promise<{ ms: number; rss: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, BIN, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const ms = performance.now() - started;
    await new Promise((r) => setTimeout(r, idleMs));
    return { ms, rss: rssMiB(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const API_NODE = ['serve', '--no-worker'];
const variants: [string, string[], Record<string, string>, string[]][] = [
  ['tsx_sources', [], { DRS_FROM_SOURCES: '1' }, API_NODE],
  ['dist', [], {}, API_NODE],
  ['dist_v8_defaults', ['--max-semi-space-size=16'], {}, API_NODE],
  // what `npm start` runs: the API and a worker in one process (its spare run child not counted)
  ['dist_api_and_worker', [], {}, ['serve']],
];

const dataDir = await mkdtemp(join(tmpdir(), 'drs-startup-'));
try {
  const migrated = await runCli(['migrate'], { DATA_DIR: dataDir });
  if (migrated.code !== 0) throw new Error(migrated.stdout + migrated.stderr);
  const samples = new Map<string, { ms: number[]; rss: number[] }>(variants.map(([name]) => [name, { ms: [], rss: [] }]));
  // Interleaved rounds, so a burst of load on the shared machine hits every variant alike.
  for (let i = 0; i < rounds; i++) {
    for (const [name, flags, env, args] of variants) {
      const s = await startOnce(dataDir, flags, env, args);
      samples.get(name)!.ms.push(s.ms);
      samples.get(name)!.rss.push(s.rss);
    }
  }
  const out: Record<string, unknown> = { bench: 'startup', rounds };
  for (const [name, s] of samples) {
    out[`${name}_health_ms`] = Math.round(median(s.ms));
    out[`${name}_idle_rss_mib`] = median(s.rss);
  }
  const base = samples.get('tsx_sources')!;
  const dist = samples.get('dist')!;
  out.dist_time_ratio_vs_tsx = Math.round((median(dist.ms) / median(base.ms)) * 100) / 100;
  out.dist_rss_ratio_vs_tsx = Math.round((median(dist.rss) / median(base.rss)) * 100) / 100;
  console.log(JSON.stringify(out));
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
