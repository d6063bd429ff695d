import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import { failRunWithRefund } from '../domain/run-lifecycle.ts';
import { claimNextRun, findExpiredRuns, renewLease, requeueExpiredRun } from './claim.ts';
import { processRun } from './process-run.ts';
import { warmUpReview } from '../review/warm-up.ts';
import { LeaseLost } from './run-failure.ts';
import { RunFailure, runFailures } from '../kernel/errors.ts';

/** A run is tried this many times (crashes of workers included) before it fails with a refund. */
export const MAX_RUN_ATTEMPTS = 3;
const POLL_MS = 500;

export interface WorkerDeps {
  config: Config;
  store: Store;
  blobs: BlobStore;
  log: Logger;
  /** Runs processed at once by this worker process. */
  slots?: number;
}

export interface Worker {
  id: string;
  /** Wakes the loop at once (a run was just queued in this process). */
  wake(): void;
  /** Stops claiming, aborts current runs (their leases lapse and another worker resumes them). */
  stop(): Promise<void>;
}

export function startWorker(deps: WorkerDeps): Worker {
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const log = deps.log.child({ worker: id });
  const slots = deps.slots ?? 2;
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(t);
        resolve();
      };
    });

  async function recoverExpired(): Promise<void> {
    for (const run of await findExpiredRuns(deps.store)) {
      if (run.attempts >= MAX_RUN_ATTEMPTS) {
        const failed = await failRunWithRefund(
          deps.store.db,
          deps.config.apiVersion,
          run.id,
          runFailures.interruptedTooOften(run.attempts).toRunError(),
          { onlyIf: { status: 'running', leaseExpiresAt: run.lease_expires_at } },
        );
        if (failed) log.warn({ run_id: run.id }, 'run failed after repeated worker loss');
      } else if (await requeueExpiredRun(deps.store, run)) {
        log.warn({ run_id: run.id, attempts: run.attempts }, 'run requeued after its worker stopped');
      }
    }
  }

  async function execute(runId: string, controller: AbortController, run: Parameters<typeof processRun>[1]): Promise<void> {
    const heartbeat = setInterval(() => {
      renewLease(deps.store, runId, id, deps.config.leaseMs)
        .then((ok) => {
          if (!ok) controller.abort();
        })
        .catch((err) => log.error({ err, run_id: runId }, 'heartbeat failed'));
    }, Math.max(250, Math.floor(deps.config.leaseMs / 3)));
    try {
      await processRun({ ...deps, workerId: id, log: log.child({ run_id: runId }), signal: controller.signal }, run);
      log.info({ run_id: runId }, 'run done');
    } catch (err) {
      if (err instanceof LeaseLost || controller.signal.aborted) {
        log.warn({ run_id: runId }, 'run abandoned: lease lost or worker stopping');
        return;
      }
      const failure = (err instanceof RunFailure ? err : runFailures.crashed()).toRunError();
      if (!(err instanceof RunFailure)) log.error({ err, run_id: runId }, 'run crashed');
      await failRunWithRefund(deps.store.db, deps.config.apiVersion, runId, failure, { onlyIf: { status: 'running', leaseOwner: id } });
    } finally {
      clearInterval(heartbeat);
    }
  }

  const loop = (async () => {
    // the first run claimed should not pay for what every process does once (see warm-up.ts)
    await warmUpReview(deps.config);
    let lastRecovery = 0;
    while (!stopped) {
      try {
        if (Date.now() - lastRecovery > Math.min(5000, deps.config.leaseMs / 2)) {
          lastRecovery = Date.now();
          await recoverExpired();
        }
        while (!stopped && active.size < slots) {
          const run = await claimNextRun(deps.store, id, deps.config.leaseMs);
          if (!run) break;
          log.info({ run_id: run.id, attempt: run.attempts }, 'run claimed');
          const controller = new AbortController();
          const done = execute(run.id, controller, run).finally(() => {
            active.delete(run.id);
            wakeUp?.();
          });
          active.set(run.id, { controller, done });
        }
      } catch (err) {
        log.error({ err }, 'worker loop error');
      }
      await sleep(POLL_MS);
    }
  })();

  return {
    id,
    wake: () => wakeUp?.(),
    async stop() {
      stopped = true;
      wakeUp?.();
      for (const a of active.values()) a.controller.abort();
      await Promise.allSettled([...active.values()].map((a) => a.done));
      await loop;
    },
  };
}
