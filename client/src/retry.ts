/** Pauses between attempts: exponential backoff with full jitter, never shorter than the server's Retry-After. */
import { setTimeout as delay } from 'node:timers/promises';

export interface RetryOptions {
  /** Attempts in all, the first included (default 4). */
  maxAttempts?: number;
  /** Upper bound of the first pause (default 500 ms); doubles with every attempt. */
  baseDelayMs?: number;
  /** Upper bound of any backoff pause (default 30 s). */
  maxDelayMs?: number;
  /** A Retry-After longer than this ends the retries instead of waiting (default 5 min). */
  maxRetryAfterMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 30_000, maxRetryAfterMs: 300_000 };

export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  return { ...DEFAULT_RETRY, ...options };
}

/**
 * Pause before attempt `attempt + 1` (attempt counts from 1). Full jitter spreads clients that failed
 * together; Retry-After, when given, is a floor because the server said when it can take the request.
 */
export function backoffMs(policy: RetryPolicy, attempt: number, retryAfterMs?: number, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = Math.round(random() * ceiling);
  return retryAfterMs === undefined ? jittered : Math.max(retryAfterMs, jittered);
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Sleeps, rejecting with the signal's reason as soon as it aborts. */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) {
    signal?.throwIfAborted();
    return;
  }
  try {
    await delay(ms, undefined, { signal });
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    throw e;
  }
}
