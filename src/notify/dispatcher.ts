import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../store/schema.ts';
import type { LookupAll } from './address-guard.ts';
import { runAttempt } from './attempt.ts';
import { claimDue, nextDueAt } from './claim.ts';
import { DEFAULT_DELIVERY } from './settings.ts';

export interface DispatcherDeps {
  db: Kysely<Database>;
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
  let stopping = false;
  let wake: (() => void) | null = null;
  const wakeUp = (): void => {
    const w = wake;
    wake = null;
    w?.();
  };
  const sleep = (ms: number): Promise<void> =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function idleDelay(): Promise<number> {
    if (inFlight.size >= concurrency) return pollMs;
    const due = await nextDueAt(db);
    if (due === null) return pollMs;
    return Math.min(pollMs, Math.max(MIN_SLEEP_MS, Date.parse(due) - Date.now()));
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      try {
        while (!stopping && inFlight.size < concurrency) {
          const claimed = await claimDue(db, dialect, workerId, new Date(), leaseMs);
          if (!claimed) break;
          const p: Promise<void> = runAttempt(attemptDeps, claimed)
            .then(() => undefined)
            .catch((err: unknown) => log.error({ err, delivery_id: claimed.id }, 'webhook attempt crashed'))
            .finally(() => {
              inFlight.delete(p);
              wakeUp();
            });
          inFlight.add(p);
        }
        if (stopping) break;
        await sleep(await idleDelay());
      } catch (err) {
        log.error({ err }, 'webhook dispatcher poll failed');
        if (!stopping) await sleep(pollMs);
      }
    }
    await Promise.allSettled([...inFlight]);
  }

  const done = loop();
  log.info({ worker_id: workerId }, 'webhook dispatcher started');
  return {
    async stop() {
      stopping = true;
      wakeUp();
      await done;
      log.info({ worker_id: workerId }, 'webhook dispatcher stopped');
    },
  };
}
