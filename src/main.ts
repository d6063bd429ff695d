/**
 * drs — the one program of the service: API server, worker and operator commands.
 * Every operator command prints exactly one JSON object on stdout (errors too, with a non-zero exit code).
 */
import { parseArgs } from 'node:util';
import { pino, type Logger } from 'pino';
import { secretFreeLogging } from './kernel/log-redaction.ts';
import { loadConfig, type Config } from './config.ts';
import { migrateToLatest, openStore, type Store } from './store/db.ts';
import { createBlobStore } from './blobs/index.ts';
import type { Worker } from './pipeline/worker.ts';
import type { WebhookDispatcher } from './notify/dispatcher.ts';
import { redeliverLastEvent } from './notify/redeliver.ts';
import { OptionError, ORG_OPTIONS, orgSettingsFrom, type OrgValues } from './cli/org-options.ts';
import { createOrganization, findOrganization, issueKey, labelKey, revokeKey, setOrganizationStatus, updateOrganization } from './domain/organizations.ts';
import { issuedKeyView, revokedKeyView, tenantView } from './http/presenters/account.ts';
import { removeStaleScratch } from './kernel/scratch.ts';
import { programLauncher } from './isolation/launcher.ts';

const USAGE = `drs — Document Review Service

  drs serve [--no-worker]        API (and, by default, a worker) on HOST:PORT (default 127.0.0.1:8080)
  drs worker                     worker only: processes runs and delivers webhooks
  drs migrate                    applies database migrations
  drs org create --name NAME --checks N [options]
  drs org set TENANT_ID [options]
  drs org suspend TENANT_ID | drs org resume TENANT_ID
  drs key create --tenant TENANT_ID [--label NAME]
  drs key label KEY_ID --label NAME  the name of the key's specialist in decisions and registers ("" removes it)
  drs key revoke KEY_ID
  drs webhooks redeliver RUN_ID

org options: --max-files N --max-file-bytes N --max-total-bytes N --max-pages N --oversize-factor 1|2
  --concurrency N --webhook-url URL --webhook-secret S --webhook-attempts N --webhook-timeout-ms N
  --webhook-pauses-ms 2000,4000,6000 --sections CODES (comma-separated) --employees true|false --access-until DATE
  --rate-limit-per-minute N (requests per key; 0 = unlimited, "" = the RATE_LIMIT_PER_MINUTE default)
  --time-zone ZONE (IANA name, e.g. Europe/Samara: times in the cabinet and reports; default Europe/Moscow)

environment: PORT, HOST, DATA_DIR (./data), DATABASE_URL (postgres://…), BLOB_URL, LOG_LEVEL, WEBHOOK_ALLOW_PRIVATE,
  RUN_MEMORY_MB, RUN_TIMEOUT_MS, PDF_BUILD_TIMEOUT_MS, RATE_LIMIT_PER_MINUTE, RATE_LIMIT_FLUSH_MS,
  METRICS_PORT, METRICS_HOST, METRICS_TOKEN, READY_MIN_FREE_MB`;

class UsageError extends Error {}

const print = (obj: unknown): void => {
  process.stdout.write(`${JSON.stringify(obj)}\n`);
};

async function withStore<T>(config: Config, fn: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(config);
  try {
    await migrateToLatest(store.db);
    return await fn(store);
  } finally {
    await store.close();
  }
}

async function serve(config: Config, opts: { api: boolean; worker: boolean }): Promise<void> {
  const log: Logger = pino({
    ...secretFreeLogging,
    level: config.logLevel,
    base: { pid: process.pid, role: opts.api ? (opts.worker ? 'all' : 'api') : 'worker' },
  });
  const store = await openStore(config);
  await migrateToLatest(store.db);
  await removeStaleScratch(config.dataDir);
  const blobs = await createBlobStore(config);
  // Runs and PDF rebuilds are processed in children of this program (`drs job-child`), started as this process
  // was: their memory or time running out, or a crash, ends that child, never the API or the worker loop.
  const children = programLauncher({ entry: process.argv[1]!, memoryMb: config.runMemoryMb });
  let worker: Worker | null = null;
  let dispatcher: WebhookDispatcher | null = null;
  if (opts.worker) {
    const { startWorker } = await import('./pipeline/worker.ts');
    const { startWebhookDispatcher } = await import('./notify/dispatcher.ts');
    worker = startWorker({ config, store, log, children });
    dispatcher = startWebhookDispatcher({ db: store.db, dialect: store.dialect, config, log: log.child({ component: 'webhooks' }), workerId: worker.id });
    void logSchemaFolder(config.xsdDir, log);
  }
  const app = opts.api ? await (await import('./app.ts')).buildApp({ config, store, blobs, log, notifyQueued: () => worker?.wake(), children }) : null;
  if (app) await app.listen({ host: config.host, port: config.port });
  // The operator's view of this process, API node or worker (docs/scale-out.md#metrics-and-readiness); an API
  // node's app reads the database's gauges itself. Loaded here, not by the children and commands that share
  // this entry.
  const { measureStore, readinessChecker, startMetricsServer } = await import('./http/metrics.ts');
  (await import('./kernel/metrics.ts')).collectProcessMetrics();
  if (!app) measureStore(store);
  let stopping = false;
  const metricsServer =
    config.metricsPort === null
      ? null
      : await startMetricsServer({
          host: config.metricsHost,
          port: config.metricsPort,
          token: config.metricsToken,
          apiVersion: config.apiVersion,
          readiness: readinessChecker({ store, config, stopping: () => stopping }),
        });

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // The worker ends the children of runs in progress and gives those runs back to the queue (attempt not
    // counted, lease released, so another node takes them at once), then stops the spare child — at the same
    // time as the API drains, so a slow request does not hold the runs until a service manager's SIGKILL.
    await Promise.all([app?.close(), worker?.stop(), dispatcher?.stop()]);
    metricsServer?.closeAllConnections();
    await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
    await store.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** The operator learns at start what XSD_DIR lacks: XML documents are not validated against a schema that is not there. */
async function logSchemaFolder(xsdDir: string, log: Logger): Promise<void> {
  try {
    const { schemaFolderState } = await import('./review/extract/xml-schema-sources.ts');
    const state = await schemaFolderState(xsdDir);
    if (state.missing.length)
      log.warn(
        { xsdDir, missing: state.missing },
        state.installed.length
          ? 'some official XML schemas are not installed in XSD_DIR: XML documents of those versions are not validated (docs/xml-schemas.md)'
          : 'no official XML schema is installed in XSD_DIR: XML documents are not validated (docs/xml-schemas.md)',
      );
    if (state.unofficial.length)
      log.warn({ xsdDir, unofficial: state.unofficial }, 'XML schema files in XSD_DIR differ from the official ones: documents validated against them say so');
  } catch (err) {
    log.warn({ err, xsdDir }, 'the XML schemas in XSD_DIR could not be checked');
  }
}

async function orgCommand(config: Config, args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({ args: rest, options: ORG_OPTIONS, allowPositionals: true, strict: true });
  await withStore(config, async ({ db }) => {
    const current = sub === 'set' && positionals[0] ? await findOrganization(db, positionals[0]) : undefined;
    const settings = orgSettingsFrom(values as OrgValues, current?.webhookSettings ?? null);
    switch (sub) {
      case 'create': {
        if (!settings.name) throw new UsageError('--name is required');
        if (settings.checksLeft === undefined) throw new UsageError('--checks is required');
        const { organization, key, secret } = await createOrganization(db, { ...settings, name: settings.name, checksLeft: settings.checksLeft });
        print({ ...tenantView(organization), key_id: key.id, api_key: secret });
        return;
      }
      case 'set': {
        const id = positionals[0];
        if (!id) throw new UsageError('drs org set TENANT_ID [options]');
        const tenant = await updateOrganization(db, id, settings);
        if (!tenant) throw new UsageError(`organization ${id} not found`);
        print(tenantView(tenant));
        return;
      }
      case 'suspend':
      case 'resume': {
        const id = positionals[0];
        if (!id) throw new UsageError(`drs org ${sub} TENANT_ID`);
        const tenant = await setOrganizationStatus(db, id, sub === 'suspend' ? 'suspended' : 'active');
        if (!tenant) throw new UsageError(`organization ${id} not found`);
        print(tenantView(tenant));
        return;
      }
      default:
        throw new UsageError('drs org create|set|suspend|resume …');
    }
  });
}

async function keyCommand(config: Config, args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { tenant: { type: 'string' }, label: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  await withStore(config, async ({ db }) => {
    if (sub === 'create') {
      if (!values.tenant) throw new UsageError('drs key create --tenant TENANT_ID [--label NAME]');
      const issued = await issueKey(db, values.tenant, values.label?.trim() || null);
      if (!issued) throw new UsageError(`organization ${values.tenant} not found`);
      print({ ...issuedKeyView(issued.key, issued.secret), label: values.label?.trim() || null });
    } else if (sub === 'label') {
      const id = positionals[0];
      if (!id || values.label === undefined) throw new UsageError('drs key label KEY_ID --label NAME');
      if (!(await labelKey(db, id, values.label))) throw new UsageError(`key ${id} not found`);
      print({ key_id: id, label: values.label.trim() || null });
    } else if (sub === 'revoke') {
      const id = positionals[0];
      if (!id) throw new UsageError('drs key revoke KEY_ID');
      const key = await revokeKey(db, id);
      if (!key) throw new UsageError(`key ${id} not found`);
      print(revokedKeyView(key));
    } else {
      throw new UsageError('drs key create|label|revoke …');
    }
  });
}

async function webhooksCommand(config: Config, args: string[]): Promise<void> {
  const [sub, runId] = args;
  if (sub !== 'redeliver' || !runId) throw new UsageError('drs webhooks redeliver RUN_ID');
  await withStore(config, async ({ db }) => print(await redeliverLastEvent(db, runId, new Date())));
}

export async function main(argv: string[]): Promise<void> {
  const config = loadConfig();
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve': {
      const { values } = parseArgs({ args: rest, options: { 'no-worker': { type: 'boolean' } }, strict: true });
      return serve(config, { api: true, worker: !values['no-worker'] });
    }
    case 'worker':
      return serve(config, { api: false, worker: true });
    case 'migrate':
      return withStore(config, async (store) => print({ migrated: true, dialect: store.dialect }));
    case 'org':
      return orgCommand(config, rest);
    case 'key':
      return keyCommand(config, rest);
    case 'webhooks':
      return webhooksCommand(config, rest);
    case 'job-child':
      // Not in the usage: the service starts it for itself (src/isolation/).
      return (await import('./pipeline/child-main.ts')).runChildMain(config, rest[0]);
    case undefined:
    case 'help':
    case '--help':
      process.stderr.write(`${USAGE}\n`);
      if (command === undefined) process.exitCode = 2;
      return;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  const usage = err instanceof UsageError || err instanceof OptionError || !!(err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  print({ error: usage ? 'usage' : 'failed', message });
  process.exitCode = usage ? 2 : 1;
});
