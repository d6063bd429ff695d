/**
 * End-to-end harness: starts the real program (`node bin/drs.js serve`) on a free port with its own
 * DATA_DIR, runs operator commands against the same data, and cleans up. When TEST_DATABASE_URL is set
 * (postgres://…), every server gets a fresh PostgreSQL database that is dropped on stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';

/** The checkout, also when this file runs compiled under .tmp/compiled/ (whose package.json is a link back to it). */
export const ROOT = dirname(realpathSync(resolve(import.meta.dirname, '..', '..', 'package.json')));
const BIN = join(ROOT, 'bin', 'drs.js');

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

export interface CliResult {
  code: number;
  json: any;
  stdout: string;
  stderr: string;
}

/** Runs `drs …` with the given environment; the last stdout line is parsed as JSON. */
export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', rej);
    child.on('close', (code) => {
      const last = stdout.trim().split('\n').pop() ?? '';
      let json: any = null;
      try {
        json = JSON.parse(last);
      } catch {
        json = null;
      }
      res({ code: code ?? -1, json, stdout, stderr });
    });
  });
}

export type CreatedOrg = { tenant_id: string; key_id: string; api_key: string; [k: string]: unknown };

/** `drs org create` with the given options (name and checks defaulted); returns {tenant_id, key_id, api_key, …}. */
export async function createOrg(env: Record<string, string>, options: Record<string, string | number> = {}): Promise<CreatedOrg> {
  const args = ['org', 'create', '--name', String(options.name ?? 'ООО «Проектная организация»'), '--checks', String(options.checks ?? 10)];
  for (const [k, v] of Object.entries(options)) if (k !== 'name' && k !== 'checks') args.push(`--${k}`, String(v));
  const r = await runCli(args, env);
  if (r.code !== 0 || !r.json?.api_key) throw new Error(`org create failed: ${r.stdout} ${r.stderr}`);
  return r.json;
}

/** A fresh PostgreSQL database per test server when TEST_DATABASE_URL (or the given admin URL) is set; null otherwise. */
export async function createTestDatabase(admin: string | undefined = process.env.TEST_DATABASE_URL): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (!admin) return null;
  const pg = (await import('pg')).default;
  const name = `drs_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface ServerOptions {
  /** Extra environment for the server and CLI (e.g. LEASE_MS, WEBHOOK_ALLOW_PRIVATE). */
  env?: Record<string, string>;
  /** Extra arguments after `serve` (e.g. ['--no-worker']). */
  args?: string[];
  /** Reuse an existing data directory / environment (for restarts and multi-node tests). */
  shared?: { dataDir: string; env: Record<string, string> };
}

export interface TestServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Environment shared by the server and the CLI (DATA_DIR, DATABASE_URL, …). */
  env: Record<string, string>;
  process: ChildProcess;
  logs(): string;
  cli(args: string[]): Promise<CliResult>;
  /** Creates an organization and returns {tenant_id, key_id, api_key, …}. */
  createOrg(options?: Record<string, string | number>): Promise<CreatedOrg>;
  /** SIGKILL (a crash) and wait for the exit. */
  kill(): Promise<void>;
  /** Starts the program again on the same port, data and database. */
  restart(extraEnv?: Record<string, string>): Promise<void>;
  /** Graceful stop, then removes the data directory and the test database. */
  stop(): Promise<void>;
}

async function waitHealthy(baseUrl: string, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${logs()}`);
    try {
      const r = await fetch(`${baseUrl}/health`);
      if (r.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${logs()}`);
}

export async function startServer(opts: ServerOptions = {}): Promise<TestServer> {
  let dataDir: string;
  let env: Record<string, string>;
  let db: { url: string; drop(): Promise<void> } | null = null;
  if (opts.shared) {
    dataDir = opts.shared.dataDir;
    env = { ...opts.shared.env, ...opts.env };
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'drs-e2e-'));
    db = await createTestDatabase();
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'info', ...(db ? { DATABASE_URL: db.url } : {}), ...opts.env };
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}/api/v1`;
  let output = '';
  let child!: ChildProcess;
  const launch = async (extraEnv: Record<string, string> = {}) => {
    child = spawn(process.execPath, [BIN, 'serve', ...(opts.args ?? [])], {
      env: { ...process.env, ...env, ...extraEnv, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    await waitHealthy(baseUrl, child, () => output);
  };
  await launch();
  const exited = () => new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));

  const server: TestServer = {
    baseUrl,
    port,
    dataDir,
    env,
    get process() {
      return child;
    },
    logs: () => output,
    cli: (args) => runCli(args, env),
    createOrg: (options = {}) => createOrg(env, options),
    async kill() {
      child.kill('SIGKILL');
      await exited();
    },
    async restart(extraEnv = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited();
      }
      await launch(extraEnv);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited();
        clearTimeout(t);
      }
      if (!opts.shared) {
        await rm(dataDir, { recursive: true, force: true });
        await db?.drop();
      }
    },
  };
  return server;
}

/** A server's JSON log lines with this message and run. */
export function logLines(server: TestServer, msg: string, runId: string): Record<string, unknown>[] {
  return server
    .logs()
    .split('\n')
    .flatMap((l) => {
      try {
        const j = JSON.parse(l) as Record<string, unknown>;
        return j.msg === msg && j.run_id === runId ? [j] : [];
      } catch {
        return [];
      }
    });
}
