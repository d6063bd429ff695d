/**
 * API benchmark.
 * 1. Throughput of GET /runs/{run_id} under autocannon, as a ratio to a bare Fastify route returning the same
 *    JSON in a process of its own (bench/bare-route.mjs, so neither side shares a process with autocannon),
 *    both measured in this run on this machine: plain polls (the status answered from the node's cache
 *    once read, see src/http/run-status-cache.ts) and conditional polls (If-None-Match → 304). SQLite by
 *    default; PostgreSQL when TEST_DATABASE_URL is set.
 * 2. Peak RSS of the server process while it accepts a 1 GiB set streamed from the client.
 * The three measurements alternate over --rounds rounds and the medians are reported, so a burst of load from
 * other jobs on the shared machine hits each alike. The server's CPU time per poll (user + system, from
 * /proc) is reported for both: it varies less with the machine's load than requests per second.
 * --v8-defaults adds a second server left to V8's defaults (an operator's memory flag turns off bin/drs.js's
 * --optimize-for-size), polled in the same rounds, to show what that setting costs a poll and saves in memory.
 * --against DIR adds the same program of another checkout (its bin/drs.js, its dist/ built) on the same data, polled
 * in the same rounds, so a change is compared with the code before it at the same moment of the machine's load.
 * Usage: node --import tsx bench/api.ts [--seconds 10] [--rounds 3] [--gib 1] [--v8-defaults] [--against DIR]   (--gib 0: polling only)
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { freePort, startServer } from '../test/helpers/server.ts';
import { Client, form } from '../test/helpers/client.ts';
import { makeSimplePdf } from '../test/helpers/fixtures.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    gib: { type: 'string', default: '1' },
    'v8-defaults': { type: 'boolean', default: false },
    against: { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const seconds = Number(values.seconds);
const uploadBytes = Math.round(Number(values.gib) * 1024 ** 3);

/** CPU time (user + system) a process has used, in microseconds. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime, stime in clock ticks of 1/100 s
}

/** Requests per second of a polling run and the server's CPU time per request, in microseconds. */
async function pollRun(pid: number, url: string, headers: Record<string, string>): Promise<{ rps: number; cpuUs: number }> {
  const cpuBefore = cpuMicros(pid);
  const result = await autocannon({ url, connections: 20, duration: seconds, headers });
  return { rps: result.requests.average, cpuUs: (cpuMicros(pid) - cpuBefore) / Math.max(1, result.requests.total) };
}

/** The bare Fastify route (bench/bare-route.mjs) in a process of its own. */
async function startBareRoute(body: unknown): Promise<{ pid: number; port: number; stop(): void }> {
  const child = spawn(process.execPath, [new URL('./bare-route.mjs', import.meta.url).pathname], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(body));
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  return { pid: child.pid!, port: Number(String(line).trim()), stop: () => child.kill('SIGTERM') };
}

/** The program of another checkout (`--against DIR`) serving the same data: its pid, base URL and stop. */
async function startAgainst(dir: string, env: Record<string, string>): Promise<{ pid: number; baseUrl: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(resolve(dir), 'bin', 'drs.js'), 'serve', '--no-worker'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}/api/v1`;
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${baseUrl}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { pid: child.pid!, baseUrl, stop: () => child.kill('SIGTERM') };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the program of ${dir} did not answer /health`);
}

/** VmHWM (peak resident set) of a process, in MiB. */
function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** A multipart body with one "PDF" of `bytes` bytes, generated while it is sent (never held in memory). */
function streamingUpload(bytes: number, boundary: string): Readable {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
  );
  const tail = Buffer.from(`\n%%EOF\r\n--${boundary}--\r\n`);
  const chunk = randomBytes(1024 * 1024);
  let sent = 0;
  const payload = bytes - 9;
  return Readable.from(
    (async function* () {
      yield head;
      while (sent < payload) {
        const n = Math.min(chunk.length, payload - sent);
        sent += n;
        yield n === chunk.length ? chunk : chunk.subarray(0, n);
      }
      yield tail;
    })(),
  );
}

const server = await startServer({ args: ['--no-worker'], env: { LOG_LEVEL: 'info' } });
try {
  const org = await server.createOrg({ checks: 100, 'max-file-bytes': 0, 'max-total-bytes': 0, 'rate-limit-per-minute': 0 });
  const api = new Client(server.baseUrl, org.api_key);
  const run = await api.postForm('/runs', form([{ name: '24-017-ПЗ.pdf', content: await makeSimplePdf(2) }]));
  const statusUrl = `${server.baseUrl}/runs/${run.json.run_id}`;
  const first = await api.get(`/runs/${run.json.run_id}`);
  const body = first.json;
  const etag = first.headers.get('etag') ?? '';

  // The upload runs first, on a fresh process, so its peak RSS is not the load test's.
  const rssBefore = peakRssMiB(server.process.pid!);
  let uploadSeconds = 0;
  let uploadStatus = 0;
  // --gib 0 measures polling only.
  if (uploadBytes > 0) {
    const boundary = `----drsbench${randomBytes(8).toString('hex')}`;
    const started = Date.now();
    const upload = await fetch(`${server.baseUrl}/runs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.api_key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Readable.toWeb(streamingUpload(uploadBytes, boundary)) as unknown as BodyInit,
      duplex: 'half',
    } as RequestInit);
    uploadSeconds = (Date.now() - started) / 1000;
    uploadStatus = upload.status;
    await upload.arrayBuffer();
  }
  const rssPeak = peakRssMiB(server.process.pid!);

  const bare = await startBareRoute(body);

  // The same data served by a process left to V8's defaults (an operator's memory flag turns bin/drs.js's setting
  // off; 16 MiB is V8's default semi-space ceiling on 64-bit, so the flag changes nothing else).
  const v8Defaults = values['v8-defaults']
    ? await startServer({
        args: ['--no-worker'],
        env: { LOG_LEVEL: 'info', NODE_OPTIONS: '--max-semi-space-size=16' },
        shared: { dataDir: server.dataDir, env: server.env },
      })
    : null;
  const against = values.against ? await startAgainst(values.against, server.env) : null;
  const samples = { bare: [] as number[], service: [] as number[], conditional: [] as number[], v8_defaults: [] as number[], against: [] as number[] };
  const cpu = { bare: [] as number[], service: [] as number[], v8_defaults: [] as number[], against: [] as number[] };
  const auth = { authorization: `Bearer ${org.api_key}` };
  for (let i = 0; i < rounds; i++) {
    const baseline = await pollRun(bare.pid, `http://127.0.0.1:${bare.port}/runs/x`, {});
    samples.bare.push(baseline.rps);
    cpu.bare.push(baseline.cpuUs);
    const poll = await pollRun(server.process.pid!, statusUrl, auth);
    samples.service.push(poll.rps);
    cpu.service.push(poll.cpuUs);
    samples.conditional.push((await pollRun(server.process.pid!, statusUrl, { ...auth, 'if-none-match': etag })).rps);
    if (v8Defaults) {
      const other = await pollRun(v8Defaults.process.pid!, `${v8Defaults.baseUrl}/runs/${run.json.run_id}`, auth);
      samples.v8_defaults.push(other.rps);
      cpu.v8_defaults.push(other.cpuUs);
    }
    if (against) {
      const other = await pollRun(against.pid, `${against.baseUrl}/runs/${run.json.run_id}`, auth);
      samples.against.push(other.rps);
      cpu.against.push(other.cpuUs);
    }
  }
  against?.stop();
  const v8DefaultsRss = v8Defaults ? peakRssMiB(v8Defaults.process.pid!) : null;
  const servicePollRss = peakRssMiB(server.process.pid!);
  await v8Defaults?.stop();
  bare.stop();
  const baseline = median(samples.bare);
  const service = median(samples.service);
  const conditional = median(samples.conditional);

  console.log(
    JSON.stringify({
      bench: 'api',
      get_run_rps: Math.round(service),
      bare_fastify_rps: Math.round(baseline),
      ratio_vs_bare: Math.round((service / baseline) * 1000) / 1000,
      conditional_304_rps: Math.round(conditional),
      conditional_ratio_vs_bare: Math.round((conditional / baseline) * 1000) / 1000,
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite',
      rounds,
      samples_rps: Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, v.map(Math.round)])),
      upload_bytes: uploadBytes,
      upload_status: uploadStatus,
      upload_mib_per_s: uploadSeconds ? Math.round(uploadBytes / 1024 ** 2 / uploadSeconds) : null,
      server_peak_rss_mib_before_upload: rssBefore,
      server_peak_rss_mib_after_upload: rssPeak,
      server_cpu_us_per_poll: Math.round(median(cpu.service)),
      bare_cpu_us_per_poll: Math.round(median(cpu.bare)),
      server_peak_rss_mib_after_polling: servicePollRss,
      ...(against
        ? {
            against: values.against,
            against_rps: Math.round(median(samples.against)),
            against_ratio_vs_bare: Math.round((median(samples.against) / baseline) * 1000) / 1000,
            against_cpu_us_per_poll: Math.round(median(cpu.against)),
          }
        : {}),
      ...(v8Defaults
        ? {
            v8_defaults_rps: Math.round(median(samples.v8_defaults)),
            v8_defaults_cpu_us_per_poll: Math.round(median(cpu.v8_defaults)),
            v8_defaults_peak_rss_mib: v8DefaultsRss,
          }
        : {}),
    }),
  );
} finally {
  await server.stop();
}
