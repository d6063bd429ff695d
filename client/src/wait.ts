/**
 * Waiting for a run by polling GET /runs/{run_id} as the contract asks: every 5 s by default and never more
 * often than every 2 s; Retry-After is a floor; on a network failure or temporary unavailability the same
 * run_id is polled again after 5–30 s, for as long as the caller lets it (closing the client never cancels
 * the run, so giving up is the caller's decision, through the signal).
 */
import { DrsApiError, type DrsError, DrsNetworkError } from './errors.ts';
import { sleep } from './retry.ts';
import { FINAL_RUN_STATUSES, type RunStatus } from './types.ts';

export const DEFAULT_POLL_INTERVAL_MS = 5_000;
export const MIN_POLL_INTERVAL_MS = 2_000;
const OUTAGE_PAUSE_MIN_MS = 5_000;
const OUTAGE_PAUSE_MAX_MS = 30_000;

export interface WaitOptions {
  /** Between the starts of two polls (default 5000; values under 2000 are raised to 2000). */
  intervalMs?: number;
  /** Every status read while the run is not finished, and the final one. */
  onProgress?: (status: RunStatus) => void;
  /** A failed poll the wait survives, with the pause before the next one. */
  onRetry?: (error: DrsError, delayMs: number) => void;
  /** Stops waiting (the run goes on). AbortSignal.timeout(ms) bounds the wait. */
  signal?: AbortSignal;
}

interface RunReader {
  getRun(runId: string, o: { signal?: AbortSignal; maxAttempts?: number }): Promise<RunStatus>;
}

/** Pause after the n-th consecutive failed poll: doubling from 5 s up to 30 s, with jitter inside those bounds. */
export function outagePauseMs(failures: number, random: () => number = Math.random): number {
  const base = OUTAGE_PAUSE_MIN_MS * 2 ** Math.max(0, failures - 1);
  const jittered = Math.round(base * (0.8 + 0.4 * random()));
  return Math.min(OUTAGE_PAUSE_MAX_MS, Math.max(OUTAGE_PAUSE_MIN_MS, jittered));
}

function temporary(e: unknown): e is DrsError {
  if (e instanceof DrsNetworkError) return true;
  return e instanceof DrsApiError && (e.status === 429 || (e.status >= 500 && e.status !== 501));
}

export async function waitForRun(client: RunReader, runId: string, options: WaitOptions = {}): Promise<RunStatus> {
  const interval = Math.max(MIN_POLL_INTERVAL_MS, options.intervalMs ?? DEFAULT_POLL_INTERVAL_MS);
  const { signal } = options;
  let failures = 0;
  for (;;) {
    signal?.throwIfAborted();
    const started = Date.now();
    let pause: number;
    try {
      // One attempt per poll: the pauses between polls are this loop's, not the transport's backoff.
      const status = await client.getRun(runId, { maxAttempts: 1, ...(signal ? { signal } : {}) });
      failures = 0;
      options.onProgress?.(status);
      if (FINAL_RUN_STATUSES.includes(status.status)) return status;
      pause = interval - (Date.now() - started);
    } catch (e) {
      if (signal?.aborted) throw signal.reason;
      if (!temporary(e)) throw e;
      failures++;
      const retryAfter = e instanceof DrsApiError ? (e.retryAfterMs ?? 0) : 0;
      pause = Math.max(retryAfter, e instanceof DrsNetworkError || (e instanceof DrsApiError && e.status >= 500) ? outagePauseMs(failures) : interval);
      options.onRetry?.(e, pause);
    }
    await sleep(Math.max(pause, MIN_POLL_INTERVAL_MS - (Date.now() - started)), signal);
  }
}
