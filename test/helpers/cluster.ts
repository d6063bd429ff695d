/**
 * Several processes of the real program on one database and one blob store: API nodes (`drs serve --no-worker`,
 * each on its own port) and workers (`drs worker`). The database is a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set, otherwise one SQLite file in a shared DATA_DIR (WAL lets processes share it).
 * The blob store is whatever BLOB_URL the caller passes (default: DATA_DIR/blobs, shared by all nodes).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOrg, createTestDatabase, ROOT, runCli, startServer, type CliResult, type CreatedOrg, type TestServer } from './server.ts';

const BIN = join(ROOT, 'bin', 'drs.js');

export interface WorkerProcess {
  pid: number;
  process: ChildProcess;
  logs(): string;
  /** SIGKILL: a crash in the middle of whatever it was doing. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit (SIGKILL after 15 s). */
  stop(): Promise<void>;
}

export interface Cluster {
  dataDir: string;
  /** DATA_DIR, DATABASE_URL (PostgreSQL only), BLOB_URL… as every node of the cluster sees them. */
  env: Record<string, string>;
  apis: TestServer[];
  workers: WorkerProcess[];
  dialect: 'sqlite' | 'postgres';
  cli(args: string[]): Promise<CliResult>;
  createOrg(options?: Record<string, string | number>): Promise<CreatedOrg>;
  /** An API node; withWorker runs the embedded worker in it too (plain `drs serve`, the single-process default). */
  addApi(opts?: { withWorker?: boolean }): Promise<TestServer>;
  addWorker(extraEnv?: Record<string, string>): Promise<WorkerProcess>;
  /** Stops every node, then removes the data directory and drops the database. */
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) => new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));

async function spawnWorker(env: Record<string, string>): Promise<WorkerProcess> {
  // Info level at least: readiness is read from the worker's own log line.
  const level = env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace' ? env.LOG_LEVEL : 'info';
  const child = spawn(process.execPath, [BIN, 'worker'], { env: { ...process.env, ...env, LOG_LEVEL: level }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  // Ready once the worker loop and the webhook dispatcher have started (the dispatcher logs it).
  const deadline = Date.now() + 30_000;
  while (!output.includes('webhook dispatcher started')) {
    if (child.exitCode !== null) throw new Error(`worker exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`worker did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    pid: child.pid!,
    process: child,
    logs: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(t);
    },
  };
}

export interface ClusterOptions {
  apis: number;
  workers: number;
  env?: Record<string, string>;
  /** PostgreSQL server to create the cluster's database on; default TEST_DATABASE_URL; null forces SQLite. */
  databaseAdminUrl?: string | null;
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const dataDir = await mkdtemp(join(tmpdir(), 'drs-cluster-'));
  const database = await createTestDatabase(opts.databaseAdminUrl === undefined ? process.env.TEST_DATABASE_URL : (opts.databaseAdminUrl ?? undefined));
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'info', ...(database ? { DATABASE_URL: database.url } : {}), ...opts.env };
  const migrated = await runCli(['migrate'], env);
  if (migrated.code !== 0) throw new Error(`drs migrate failed: ${migrated.stdout} ${migrated.stderr}`);

  const cluster: Cluster = {
    dataDir,
    env,
    apis: [],
    workers: [],
    dialect: database ? 'postgres' : 'sqlite',
    cli: (args) => runCli(args, env),
    createOrg: (options = {}) => createOrg(env, options),
    async addApi({ withWorker = false } = {}) {
      const api = await startServer({ args: withWorker ? [] : ['--no-worker'], shared: { dataDir, env } });
      cluster.apis.push(api);
      return api;
    },
    async addWorker(extraEnv = {}) {
      const worker = await spawnWorker({ ...env, ...extraEnv });
      cluster.workers.push(worker);
      return worker;
    },
    async stop() {
      await Promise.allSettled([...cluster.workers.map((w) => w.stop()), ...cluster.apis.map((a) => a.stop())]);
      await rm(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
  try {
    for (let i = 0; i < opts.apis; i++) await cluster.addApi();
    for (let i = 0; i < opts.workers; i++) await cluster.addWorker();
  } catch (e) {
    await cluster.stop();
    throw e;
  }
  return cluster;
}
