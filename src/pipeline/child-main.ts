/**
 * `drs job-child runs|reports` — not for operators: the service starts it (isolation/launcher.ts) and talks to it
 * over the IPC channel (isolation/protocol.ts). It opens its own store and blob store with the configuration the service has (the
 * environment is inherited), prepares once (a run child warms the review up, so the first run it carries is not
 * slower than in a long-lived worker), says ready, then does one job at a time until told to stop.
 *
 * When the service dies, so does the child: the IPC channel closes, and the child kills its own process group
 * (itself and its helpers), so no orphan goes on writing for a run whose lease will be taken over. SIGTERM (the
 * service ending a job) does the same. LibreOffice, which runs in process groups of its own, is ended first and
 * its profiles removed.
 */
import { rm } from 'node:fs/promises';
import { pino } from 'pino';
import type { Logger } from 'pino';
import { secretFreeLogging } from '../kernel/log-redaction.ts';
import type { Config } from '../config.ts';
import { openStore, type Store } from '../store/db.ts';
import { createBlobStore } from '../blobs/index.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { ChildPurpose, FromChild, Job, JobResult, ToChild } from '../isolation/protocol.ts';

interface ChildDeps {
  config: Config;
  store: Store;
  blobs: BlobStore;
  log: Logger;
}

type Handler = (job: Job) => Promise<JobResult>;

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Runs: processRun as the in-process worker called it, its throws turned into results. */
async function runHandler(deps: ChildDeps): Promise<Handler> {
  const { processRun } = await import('./process-run.ts');
  const { LeaseLost } = await import('./run-failure.ts');
  const { RunFailure } = await import('../kernel/errors.ts');
  const { warmUpReview } = await import('../review/warm-up.ts');
  endOwnGroupHelpers = (await import('../ingest/index.ts')).abortPreparation;
  await warmUpReview(deps.config);
  // Never aborted from inside: when the lease is lost or the service stops, the service kills this process.
  const signal = new AbortController().signal;
  return async (job) => {
    if (job.type !== 'run') throw new Error(`a run child got a ${job.type} job`);
    const { run, workerId } = job;
    const log = deps.log.child({ worker: workerId, run_id: run.id });
    log.info({ attempt: run.attempts }, 'run started in child');
    try {
      const stageSeconds = await processRun({ ...deps, log, workerId, signal }, run);
      return { kind: 'done', stageSeconds };
    } catch (err) {
      if (err instanceof LeaseLost) return { kind: 'lease_lost' };
      if (err instanceof RunFailure) return { kind: 'failure', error: err.toRunError() };
      log.error({ err }, 'run crashed');
      return { kind: 'crash', message: message(err) };
    }
  };
}

/** Reports: every PDF and the ZIP of a published run, rebuilt from what publication stored; registers of remarks; archive previews. */
async function reportHandler(deps: ChildDeps): Promise<Handler> {
  const { buildStoredPdfs } = await import('../report/rebuild.ts');
  const { decidedRegister } = await import('../report/register/index.ts');
  const { registerInput } = await import('../domain/feedback/register-input.ts');
  const { getTenant } = await import('../store/repositories/tenants.ts');
  const { buildDecidedPdfs } = await import('../report/decided.ts');
  const { isAppError } = await import('../kernel/errors.ts');
  return async (job) => {
    if (job.type === 'preview') {
      // Loaded on the first preview: a child that only builds reports never holds the unpackers.
      const { previewArchive } = await import('../ingest/index.ts');
      try {
        return { kind: 'preview', preview: await previewArchive(job.upload, job.scratchDir, job.limits) };
      } catch (err) {
        if (isAppError(err)) return { kind: 'refused', code: err.code, message: err.message, ...(err.file === undefined ? {} : { file: err.file }) };
        deps.log.warn({ err }, 'archive preview failed in child');
        const code = (err as { code?: unknown } | null)?.code;
        return { kind: 'crash', message: message(err), ...(typeof code === 'string' ? { code } : {}) };
      } finally {
        // what was unpacked goes here too: removing a tree of entries is many file-system calls the API need not make
        await rm(job.scratchDir, { recursive: true, force: true });
      }
    }
    if (job.type === 'register') {
      try {
        const tenant = await getTenant(deps.store.db, job.tenantId);
        if (!tenant) return { kind: 'crash', message: `organization ${job.tenantId} not found` };
        const input = await registerInput(deps.store.db, deps.store.dialect, tenant, job.keyId, job.runId);
        const file = await decidedRegister(job.format, job.query, input);
        return { kind: 'register', base64: file.body.toString('base64'), fileName: file.fileName, contentType: file.contentType };
      } catch (err) {
        deps.log.warn({ err }, 'register build failed in child');
        return { kind: 'crash', message: message(err) };
      }
    }
    if (job.type === 'decided-pdf') {
      try {
        return { kind: 'pdf', keys: await buildDecidedPdfs(deps.store.db, deps.blobs, job.runId, job.state) };
      } catch (err) {
        deps.log.warn({ err, run_id: job.runId }, 'PDF build without rejected findings failed in child');
        return { kind: 'crash', message: message(err) };
      }
    }
    if (job.type !== 'pdf') throw new Error(`a report child got a ${job.type} job`);
    try {
      return { kind: 'pdf', keys: await buildStoredPdfs(deps.store.db, deps.blobs, job.runId) };
    } catch (err) {
      deps.log.warn({ err, run_id: job.runId }, 'PDF build failed in child');
      return { kind: 'crash', message: message(err) };
    }
  };
}

/** Closes what this process opened for its jobs (readers, LibreOffice, the store). */
async function closeAll(purpose: ChildPurpose, store: Store): Promise<void> {
  if (purpose === 'runs') {
    await (await import('../ingest/index.ts')).closePreparation();
    await (await import('../review/extract/pdf-reader.ts')).closeIdleReaders();
  }
  await store.close();
}

/** Helpers in process groups of their own (LibreOffice), ended synchronously; set once a run child has them. */
let endOwnGroupHelpers: () => void = () => undefined;

function killOwnGroup(): never {
  try {
    endOwnGroupHelpers();
  } catch {
    /* what could not be ended is not a reason to stay */
  }
  try {
    // spawned detached by the service, this process leads its group: its helpers go with it
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    /* not a group leader: only this process */
  }
  process.exit(1);
}

export async function runChildMain(config: Config, purpose: string | undefined): Promise<void> {
  const send = process.send?.bind(process);
  if (!send) throw new Error('drs job-child is started by the service itself, with an IPC channel');
  if (purpose !== 'runs' && purpose !== 'reports') throw new Error('drs job-child runs|reports');
  process.on('disconnect', killOwnGroup);
  // The service ends a child in the middle of a job with SIGTERM (a stop, a lost lease, the time limit):
  // the helpers go first, then the child's whole group (isolated-child.ts terminate).
  process.on('SIGTERM', killOwnGroup);
  const log = pino({ ...secretFreeLogging, level: config.logLevel, base: { pid: process.pid, role: `child:${purpose}` } });
  let store: Store;
  let handle: Handler;
  try {
    store = await openStore(config);
    const deps = { config, store, blobs: await createBlobStore(config), log };
    handle = purpose === 'runs' ? await runHandler(deps) : await reportHandler(deps);
  } catch (err) {
    // The open IPC channel would keep a child that cannot work alive: it ends, and the service sees it die.
    log.fatal({ err }, 'child could not start');
    process.exit(1);
  }
  const reply = (m: FromChild) => send(m);

  let busy = false;
  process.on('message', (m: ToChild) => {
    if (m.type === 'stop') {
      void closeAll(purpose, store).finally(() => process.exit(0));
      return;
    }
    if (busy) return void log.error({ job: m.type }, 'a second job while one runs; ignored');
    busy = true;
    handle(m)
      .catch((err: unknown): JobResult => ({ kind: 'crash', message: message(err) }))
      .then((result) => {
        busy = false;
        reply({ type: 'result', result });
      });
  });
  reply({ type: 'ready' });
}
