/** The cabinet's sessions: login with a key, the session behind a cookie, logout. */
import type { Db } from '../store/db.ts';
import type { LiveCabinetSession, OpenedCabinetSession, Organization } from '../kernel/model/organization.ts';
import { accessOpen } from '../kernel/model/organization.ts';
import { errors } from '../kernel/errors.ts';
import { deleteSessionEntriesBefore, findKeyBySecret } from '../store/repositories/tenants.ts';
import { nowIso } from '../kernel/clock.ts';
import { deleteDeadSessions, endSession, endSessionsBeyond, findLiveSession, openSession } from '../store/repositories/cabinet-sessions.ts';
import { recordSessionEntry } from './session-entry.ts';

/** How long the records of logins (session_entries) are kept. */
export const SESSION_ENTRY_RETENTION_DAYS = 90;

/** What a login is bounded by: the caller's counts of logins per key and of wrong keys (src/cabinet/login-limits.ts). */
export interface LoginBounds {
  hours: number;
  /** Live sessions per key; the oldest beyond it are ended. */
  sessionsPerKey: number;
  /** Counts a login with the found key; throws when the key is over its logins. */
  keyFound(keyId: string): Promise<void>;
  /** Counts a wrong (unknown or revoked) key. */
  keyRejected(): Promise<void>;
}

/**
 * Logs in with a key: an unknown or revoked key and a suspended organization are refused; the browser's earlier
 * session, when given, ends (a new login replaces it instead of leaving it open beside the new one); the entry is
 * recorded and a session opened; the key's oldest sessions beyond the bound end. Each login also deletes dead
 * sessions and old login records, so neither table grows without end (the same way rate windows are dropped).
 */
export async function logInWithKey(
  db: Db,
  secret: string,
  earlierSessionId: string | null,
  bounds: LoginBounds,
  now = new Date(),
): Promise<{ session: OpenedCabinetSession; organization: Organization }> {
  const found = await findKeyBySecret(db, secret);
  if (!found) {
    await bounds.keyRejected();
    throw errors.cabinetKeyRejected();
  }
  await bounds.keyFound(found.key.id);
  if (!accessOpen(found.tenant, now.getTime())) throw errors.forbidden();
  if (earlierSessionId) await endSession(db, earlierSessionId);
  await recordSessionEntry(db, found.tenant.id, found.key.id, nowIso(now));
  const session = await openSession(db, found.tenant.id, found.key.id, bounds.hours, now);
  await endSessionsBeyond(db, found.key.id, bounds.sessionsPerKey, now);
  await deleteDeadSessions(db, now);
  await deleteSessionEntriesBefore(db, nowIso(new Date(now.getTime() - SESSION_ENTRY_RETENTION_DAYS * 86_400_000)));
  return { session, organization: found.tenant };
}

/** The live session of a cookie id with its key and organization (a suspended one included), or null. */
export function liveCabinetSession(db: Db, id: string): Promise<LiveCabinetSession | null> {
  return findLiveSession(db, id);
}

export function endCabinetSession(db: Db, id: string): Promise<void> {
  return endSession(db, id);
}
