import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import { rm } from 'node:fs/promises';
import { failRunWithRefund } from '../domain/run-lifecycle.ts';
import { runFailures, type RunError } from '../kernel/errors.ts';
import type { Run } from '../kernel/model/runs.ts';
import type { ChildLauncher } from '../isolation/launcher.ts';
import { ChildPool } from '../isolation/child-pool.ts';
import type { ChildDeath, JobOutcome } from '../isolation/isolated-child.ts';
import { claimRun, findExpiredRuns, renewRunLease, requeueExpiredRun, requeueRunOfDeadChild, returnRun } from '../store/queue/runs.ts';
import { startPollLoop } from '../store/queue/poll-loop.ts';
import { keepLeaseAlive } from '../store/queue/heartbeat.ts';
import { runWorkDir } from '../kernel/scratch.ts';
import { reportChildren, runsEnded, runStageSeconds } from '../kernel/metrics.ts';

/** A run is tried this many times (crashes of workers included) before it fails with a refund. */
export const MAX_RUN_ATTEMPTS = 3;
const POLL_MS = 500;

export interface WorkerDeps {
  config: Config;
  store: Store;
  log: Logger;
  /** Starts the child processes that carry the runs (RUN_MEMORY_MB of heap each). */
  children: ChildLauncher;
  /** Runs processed at once by this worker process. */
  slots?: number;
}

/** The error of a run whose child died on its last allowed attempt. */
export function deathError(death: ChildDeath, attempts: number, memoryMb: number): RunError {
  if (death.outOfMemory) return runFailures.outOfMemory(memoryMb, attempts).toRunError();
  if (death.signal) return runFailures.processKilled(death.signal, attempts).toRunError();
  return runFailures.processExited(death.code, attempts).toRunError();
}

/** The error of a run over RUN_TIMEOUT_MS. */
export function timeoutError(ms: number): RunError {
  return runFailures.timedOut(ms >= 120_000 ? `${Math.round(ms / 60_000)} мин` : `${Math.max(1, Math.round(ms / 1000))} с`).toRunError();
}

export interface Worker {
  id: string;
  /** Wakes the loop at once (a run was just queued in this process). */
  wake(): void;
  /**
   * A clean stop (SIGTERM, app close): stops claiming, ends the children of current runs (their helpers with
   * them) and gives those runs back to the queue — lease released, attempt not counted — so another worker, or
   * this one restarted, takes them at once; then stops the spare. (A crash leaves leases that lapse instead.)
   */
  stop(): Promise<void>;
}

export function startWorker(deps: WorkerDeps): Worker {
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const log = deps.log.child({ worker: id });
  const slots = deps.slots ?? 2;
  const active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  /** Set by stop(): a run whose child ends from now on was stopped by us, not by its own fault. */
  let stopping = false;

  async function recoverExpired(): Promise<void> {
    for (const run of await findExpiredRuns(deps.store)) {
      if (run.attempts >= MAX_RUN_ATTEMPTS) {
        const failed = await failRunWithRefund(deps.store.db, deps.config.apiVersion, run.id, runFailures.interruptedTooOften(run.attempts).toRunError(), {
          onlyIf: { status: 'running', leaseExpiresAt: run.leaseExpiresAt },
        });
        if (failed) log.warn({ run_id: run.id }, 'run failed after repeated worker loss');
      } else if (await requeueExpiredRun(deps.store, run)) {
        log.warn({ run_id: run.id, attempts: run.attempts }, 'run requeued after its worker stopped');
      }
    }
  }

  /**
   * Carries one claimed run in a child process while this process renews the lease, then acts on how the
   * child ended: its answer (done, a failure to refund, a crash), or its death — which counts as the attempt:
   * the run is queued again at once, or after MAX_RUN_ATTEMPTS fails with a refund, so a run that kills its
   * process never loops. A run over the time limit fails at once (another attempt would take as long).
   */
  async function execute(run: Run, controller: AbortController): Promise<void> {
    const runId = run.id;
    const stopHeartbeat = keepLeaseAlive({
      leaseMs: deps.config.leaseMs,
      minIntervalMs: 250,
      renew: () => renewRunLease(deps.store, runId, id, deps.config.leaseMs),
      onLost: () => controller.abort(),
      onError: (err) => log.error({ err, run_id: runId }, 'heartbeat failed'),
    });
    const child = pool.take();
    let outcome: JobOutcome | null = null;
    try {
      outcome = await child.perform({ type: 'run', run, workerId: id }, { timeoutMs: deps.config.runTimeoutMs, signal: controller.signal });
      stopHeartbeat();
      await settle(run, outcome, child.pid);
    } catch (err) {
      log.error({ err, run_id: runId }, 'run outcome not recorded');
    } finally {
      stopHeartbeat();
      pool.release(child, outcome !== null && ['done', 'failure', 'lease_lost'].includes(outcome.kind));
    }
  }

  async function settle(run: Run, outcome: JobOutcome, pid: number | undefined): Promise<void> {
    runsEnded.inc({ outcome: outcome.kind === 'aborted' && stopping ? 'stopped' : outcome.kind });
    const runLog = log.child({ run_id: run.id, child_pid: pid });
    const fail = (error: RunError) =>
      failRunWithRefund(deps.store.db, deps.config.apiVersion, run.id, error, { onlyIf: { status: 'running', leaseOwner: id } });
    // A child that did not finish could not remove its work directory.
    const removeScratch = () => rm(runWorkDir(deps.config.dataDir, id, run.id), { recursive: true, force: true });
    switch (outcome.kind) {
      case 'done':
        runLog.info('run done');
        for (const [stage, seconds] of Object.entries(outcome.stageSeconds ?? {})) runStageSeconds.observe({ stage }, seconds);
        return;
      case 'failure':
        await fail(outcome.error);
        return;
      case 'crash':
        await fail(runFailures.crashed().toRunError());
        return;
      case 'lease_lost':
        await removeScratch();
        runLog.warn('run abandoned: lease lost');
        return;
      case 'aborted':
        await removeScratch();
        if (stopping) await giveBack(run.id, runLog);
        else runLog.warn('run abandoned: lease lost');
        return;
      case 'timeout':
        await removeScratch();
        runLog.warn({ timeout_ms: outcome.ms }, 'run over its time limit: child killed');
        await fail(timeoutError(outcome.ms));
        return;
      case 'died': {
        await removeScratch();
        const { death } = outcome;
        // a stop signalled to every process at once (a service manager's) ends the child too: not the run's fault
        if (stopping) return void (await giveBack(run.id, runLog.child({ ...death })));
        runLog.warn({ ...death, attempt: run.attempts }, 'child carrying the run died');
        if (run.attempts >= MAX_RUN_ATTEMPTS) {
          if (await fail(deathError(death, run.attempts, deps.children.memoryMb))) runLog.warn('run failed: its child died on every attempt');
        } else if (await requeueRunOfDeadChild(deps.store, run.id, id)) {
          runLog.warn({ attempts: run.attempts }, 'run requeued after its child died');
        }
        return;
      }
      case 'pdf':
        throw new Error('a run child answered with a PDF build');
    }
  }

  /** A run this stopping worker held goes back to the queue at once, its attempt not counted (returnRun). */
  async function giveBack(runId: string, runLog: Logger): Promise<void> {
    if (await returnRun(deps.store, runId, id)) runLog.info('run returned to the queue: worker stopping');
    else runLog.warn('run not returned: no longer held by this worker');
  }

  // The spare child warms the review up (warm-up.ts) before the first run is claimed.
  const pool = new ChildPool(() => deps.children.start('runs'), slots);
  pool.warm();
  // runs waiting for a child are the queue's (drs_queue_depth): a claimed run has its child at once
  const unreport = reportChildren('run', () => ({ running: active.size, queued: 0 }));

  let lastRecovery = 0;
  const loop = startPollLoop({
    intervalMs: POLL_MS,
    onError: (err) => log.error({ err }, 'worker loop error'),
    async pass(self) {
      if (Date.now() - lastRecovery > Math.min(5000, deps.config.leaseMs / 2)) {
        lastRecovery = Date.now();
        await recoverExpired();
      }
      while (!self.stopping && active.size < slots) {
        const run = await claimRun(deps.store, id, deps.config.leaseMs);
        if (!run) break;
        log.info({ run_id: run.id, attempt: run.attempts }, 'run claimed');
        const controller = new AbortController();
        const done = execute(run, controller).finally(() => {
          active.delete(run.id);
          loop.wake();
        });
        active.set(run.id, { controller, done });
      }
      return POLL_MS;
    },
  });

  return {
    id,
    wake: () => loop.wake(),
    async stop() {
      stopping = true;
      const loopEnded = loop.stop();
      for (const a of active.values()) a.controller.abort();
      await loopEnded;
      // a run claimed by the pass that was under way is abandoned too
      for (const a of active.values()) a.controller.abort();
      await Promise.allSettled([...active.values()].map((a) => a.done));
      await pool.stop();
      unreport();
    },
  };
}
