/**
 * Bounds on the cabinet's login (POST /cabinet/login), a door that takes a secret: attempts per minute from one
 * client address, logins per minute with one key, and logins with a wrong key per minute from one address —
 * past those the address is refused until its minute ends, so keys cannot be guessed at the speed of the network.
 * Counted like the API's requests per key (src/http/request-windows.ts, shared through rate_windows under
 * prefixed names); a login is rare, so each one shares its counts at once.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import { addWindowRequests, deleteWindowsBefore } from '../store/repositories/rate-windows.ts';
import { errors } from '../kernel/errors.ts';
import { RequestWindows } from '../http/request-windows.ts';

export type LoginLimitSettings = Pick<Config, 'cabinetLoginsPerAddress' | 'cabinetLoginsPerKey' | 'cabinetFailedLoginsPerAddress'>;

export interface LoginLimits {
  /** Counts an attempt from the address; throws 429 when the address is over its attempts or its wrong keys. */
  admitAttempt(address: string): Promise<void>;
  /** Counts a login with a found key; throws 429 when the key is over its logins. */
  admitKey(keyId: string): Promise<void>;
  /** Counts a wrong key from the address and logs it with the address (never the key). */
  recordFailure(address: string): Promise<void>;
}

const iso = (ms: number): string => new Date(ms).toISOString();

export function loginLimits(store: Store, settings: LoginLimitSettings, log: Pick<Logger, 'warn'>, now: () => number = Date.now): LoginLimits {
  const windows = new RequestWindows({
    now,
    exchange: (start, requests) => addWindowRequests(store.db, iso(start), requests),
    dropBefore: (start) => deleteWindowsBefore(store.db, iso(start)),
  });
  // the counts of other nodes are learned before deciding; a database that does not answer does not open the door
  const share = () => windows.flush();
  return {
    async admitAttempt(address) {
      await share();
      const failedWait = windows.waitOf(`login-failed:${address}`, settings.cabinetFailedLoginsPerAddress);
      if (failedWait > 0) throw errors.cabinetLoginsLimited(failedWait);
      const wait = windows.admit(`login-address:${address}`, settings.cabinetLoginsPerAddress);
      if (wait > 0) throw errors.cabinetLoginsLimited(wait);
    },
    async admitKey(keyId) {
      const wait = windows.admit(`login-key:${keyId}`, settings.cabinetLoginsPerKey);
      await share();
      if (wait > 0) throw errors.cabinetLoginsLimited(wait);
    },
    async recordFailure(address) {
      windows.admit(`login-failed:${address}`, Number.MAX_SAFE_INTEGER);
      log.warn({ client_address: address }, 'cabinet login with a wrong key');
      await share();
    },
  };
}
