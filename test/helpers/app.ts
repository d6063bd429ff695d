/**
 * The service in this test process: buildApp on a migrated test store (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL), listening on a free port of 127.0.0.1, optionally with the worker and the webhook
 * dispatcher wired as `drs serve` wires them. It has the shape of startServer's TestServer (baseUrl,
 * createOrg, cli, stop) without the seconds a real program takes to start; use startServer where the
 * process itself is under test (crashes, restarts, signals, its memory, its logs, several nodes).
 */
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { secretFreeLogging } from '../../src/kernel/log-redaction.ts';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/http/app-instance.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { createBlobStore } from '../../src/blobs/index.ts';
import { programLauncher, type ChildLauncher } from '../../src/isolation/launcher.ts';
import { startWorker, type Worker } from '../../src/pipeline/worker.ts';
import { startWebhookDispatcher, type WebhookDispatcher } from '../../src/notify/dispatcher.ts';
import { openTestStore, type TestStore } from './test-store.ts';
import { createOrgRow } from './rows.ts';
import { ROOT, runCli, type CliResult, type CreatedOrg } from './server.ts';

export interface AppOptions {
  /** Configuration as the program's environment would give it (e.g. IDEMPOTENCY_PENDING_MS). */
  env?: Record<string, string>;
  /** Start the worker and the webhook dispatcher too (`drs serve`); by default the API alone (`--no-worker`). */
  worker?: boolean;
  /**
   * Fork the children of work on request (report builds, registers, archive previews) as `drs serve` does, without a
   * worker; implied by `worker`.
   */
  children?: boolean;
  /** Listen on a free port of 127.0.0.1 (default); false for tests that only inject requests or listen themselves. */
  listen?: boolean;
  /** The application's logger; by default one that keeps the lines for logs(). */
  log?: Logger;
  /** The clock of the rate limits' minutes (see rate-window.ts); the wall clock by default. */
  clock?: () => number;
}

export interface InProcessServer {
  app: App;
  store: TestStore;
  config: Config;
  /** The API's base URL and port; empty and 0 when started with listen: false. */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** DATA_DIR and DATABASE_URL (plus the given env): what a `drs …` command needs to use the same data. */
  env: Record<string, string>;
  /** The application's log lines (pino JSON), as the real program would print them; empty with opts.log. */
  logs(): string;
  /** A real `drs …` operator command on the same data. */
  cli(args: string[]): Promise<CliResult>;
  /** An organization with a key, made through the repositories (as `drs org create` makes it). */
  createOrg(options?: Record<string, string | number>): Promise<CreatedOrg>;
  stop(): Promise<void>;
}

/** Whether an in-process worker of this test file is running (its children read this process's environment). */
let workerRunning = false;

export async function startApp(opts: AppOptions = {}): Promise<InProcessServer> {
  const store = await openTestStore();
  const env = { ...store.env, LOG_LEVEL: 'info', ...opts.env };
  const config = loadConfig({ ...env, HOST: '127.0.0.1', PORT: '0' });
  let output = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      output += chunk;
      done();
    },
  });
  const log = opts.log ?? pino({ ...secretFreeLogging, level: config.logLevel }, sink);
  const blobs = await createBlobStore(config);
  let worker: Worker | null = null;
  let dispatcher: WebhookDispatcher | null = null;
  let children: ChildLauncher | undefined;
  if (opts.worker || opts.children) {
    // Children (`drs job-child`) are forked with this process's environment and read their configuration from it,
    // as under `drs serve`; their stdout is this test file's: below warnings, their lines would only crowd the report.
    Object.assign(process.env, { ...env, LOG_LEVEL: opts.env?.LOG_LEVEL ?? 'warn' });
    children = programLauncher({ entry: join(ROOT, 'bin', 'drs.js'), memoryMb: config.runMemoryMb });
  }
  if (opts.worker) {
    // each test file is its own process, so one worker at a time fits in it
    if (workerRunning) throw new Error('one in-process worker at a time per test file: stop the other one first');
    workerRunning = true;
    worker = startWorker({ config, store, log, children: children! });
    dispatcher = startWebhookDispatcher({ db: store.db, dialect: store.dialect, config, log: log.child({ component: 'webhooks' }), workerId: worker.id });
  }
  const app = await buildApp({ config, store, blobs, log, notifyQueued: () => worker?.wake(), children, clock: opts.clock });
  if (opts.listen !== false) await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    store,
    config,
    baseUrl: port ? `http://127.0.0.1:${port}/api/v1` : '',
    port,
    dataDir: config.dataDir,
    env,
    logs: () => output,
    cli: (args) => runCli(args, env),
    createOrg: (options = {}) => createOrgRow(store.db, options),
    async stop() {
      await app.close();
      await worker?.stop();
      await dispatcher?.stop();
      if (worker) workerRunning = false;
      await store.dispose();
    },
  };
}
