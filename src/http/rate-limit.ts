/**
 * Requests per minute per API key: the organization's own limit (tenants.rate_limit_per_minute) or the service's
 * default (RATE_LIMIT_PER_MINUTE); 0 = unlimited. Applied right after authentication (auth.ts), so a request
 * without a valid key is 401 first, and to the cabinet's requests by the key of its session. Counted in memory
 * (request-windows.ts) and shared between API nodes through the database every RATE_LIMIT_FLUSH_MS.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import { addWindowRequests, deleteWindowsBefore } from '../store/repositories/rate-windows.ts';
import { errors } from '../kernel/errors.ts';
import { RequestWindows } from './request-windows.ts';
import type { AuthContext } from './auth.ts';

export interface RateLimits {
  /** Counts the request of an authenticated key; throws 429 too_many_requests with Retry-After when over the limit. */
  admit(auth: AuthContext): void;
  /** Counts the request and answers true when admitted; false (not counted) where admit would refuse it. */
  tryAdmit(auth: AuthContext): boolean;
  /** Shares this node's counts now (the timer does it every RATE_LIMIT_FLUSH_MS; tests call it directly). */
  flush(): Promise<void>;
  /** Stops the timer after a last flush. */
  stop(): Promise<void>;
}

const iso = (ms: number): string => new Date(ms).toISOString();

export function startRateLimits(
  store: Store,
  config: Pick<Config, 'rateLimitPerMinute' | 'rateLimitFlushMs'>,
  log?: Pick<Logger, 'warn'>,
  now: () => number = Date.now,
): RateLimits {
  const windows = new RequestWindows({
    now,
    exchange: (start, requests) => addWindowRequests(store.db, iso(start), requests),
    dropBefore: (start) => deleteWindowsBefore(store.db, iso(start)),
  });
  const limitOf = (tenant: AuthContext['tenant']): number => tenant.rateLimitPerMinute ?? config.rateLimitPerMinute;
  const flush = () => windows.flush();
  const timer = setInterval(() => {
    if (windows.flushing) return;
    flush().catch((err: unknown) => log?.warn({ err: (err as Error).message }, 'rate limit counts not shared; kept for the next flush'));
  }, config.rateLimitFlushMs);
  timer.unref();
  return {
    admit({ tenant, key }) {
      const limit = limitOf(tenant);
      const wait = windows.admit(key.id, limit);
      if (wait > 0) throw errors.rateLimited(limit, wait);
    },
    tryAdmit: ({ tenant, key }) => windows.admit(key.id, limitOf(tenant)) === 0,
    flush,
    async stop() {
      clearInterval(timer);
      await flush().catch(() => undefined);
    },
  };
}
