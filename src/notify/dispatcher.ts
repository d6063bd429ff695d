import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../store/db.ts';
import type { LookupAll } from './address-guard.ts';
import { runAttempt } from './attempt.ts';
import { claimDueDelivery, nextDueAt } from '../store/queue/deliveries.ts';
import { startPollLoop } from '../store/queue/poll-loop.ts';
import { DEFAULT_DELIVERY } from './settings.ts';
import { webhookDeliveries } from '../kernel/metrics.ts';

export interface DispatcherDeps {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  config: Config;
  log: Logger;
  /** Lease owner written on claimed rows; unique per worker process. */
  workerId: string;
  /** Longest idle sleep between polls (default 1000 ms); the dispatcher wakes earlier for a known due time. */
  pollIntervalMs?: number;
  /** Deliveries in flight at once in this process (default 4). */
  concurrency?: number;
  /** Host name resolution for the address guard (default dns.lookup with all: true). */
  lookup?: LookupAll;
}

export interface WebhookDispatcher {
  /** Stops claiming, waits for the attempts in flight to be recorded. */
  stop(): Promise<void>;
}

const MIN_SLEEP_MS = 5;

/** Runs the webhook delivery loop of a worker process until stop() is called. */
export function startWebhookDispatcher(deps: DispatcherDeps): WebhookDispatcher {
  const { db, dialect, log, workerId } = deps;
  const pollMs = deps.pollIntervalMs ?? 1_000;
  const concurrency = Math.max(1, deps.concurrency ?? 4);
  // Long enough for one default attempt; runAttempt extends it for organizations with longer timeouts.
  const leaseMs = Math.max(deps.config.leaseMs, 2 * DEFAULT_DELIVERY.timeoutMs + 5_000);
  const attemptDeps = { db, allowPrivate: deps.config.webhookAllowPrivate, log, lookup: deps.lookup };

  const inFlight = new Set<Promise<void>>();

  async function idleDelay(): Promise<number> {
    if (inFlight.size >= concurrency) return pollMs;
    const due = await nextDueAt(db);
    if (due === null) return pollMs;
    return Math.min(pollMs, Math.max(MIN_SLEEP_MS, Date.parse(due) - Date.now()));
  }

  const loop = startPollLoop({
    intervalMs: pollMs,
    onError: (err) => log.error({ err }, 'webhook dispatcher poll failed'),
    async pass(self) {
      while (!self.stopping && inFlight.size < concurrency) {
        const claimed = await claimDueDelivery(db, dialect, workerId, new Date(), leaseMs);
        if (!claimed) break;
        const p: Promise<void> = runAttempt(attemptDeps, claimed)
          // pending: it will be tried again (drs_webhook_deliveries_total, docs/webhooks.md)
          .then((result) => void webhookDeliveries.inc({ outcome: result === 'pending' ? 'retry' : result }))
          .catch((err: unknown) => log.error({ err, delivery_id: claimed.id }, 'webhook attempt crashed'))
          .finally(() => {
            inFlight.delete(p);
            loop.wake();
          });
        inFlight.add(p);
      }
      return self.stopping ? 0 : idleDelay();
    },
  });

  log.info({ worker_id: workerId }, 'webhook dispatcher started');
  return {
    async stop() {
      await loop.stop();
      await Promise.allSettled([...inFlight]);
      log.info({ worker_id: workerId }, 'webhook dispatcher stopped');
    },
  };
}
