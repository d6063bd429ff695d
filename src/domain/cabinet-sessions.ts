/** The cabinet's sessions: login with a key, the session behind a cookie, logout. */
import type { Db } from '../store/db.ts';
import type { LiveCabinetSession, OpenedCabinetSession, Organization } from '../kernel/model/organization.ts';
import { errors } from '../kernel/errors.ts';
import { findKeyBySecret } from '../store/repositories/tenants.ts';
import { endSession, findLiveSession, openSession } from '../store/repositories/cabinet-sessions.ts';
import { recordSessionEntry } from './session-entry.ts';

/**
 * Logs in with a key: an unknown or revoked key and a suspended organization are refused; the browser's earlier
 * session, when given, ends (a new login replaces it instead of leaving it open beside the new one); the entry is
 * recorded and a session opened.
 */
export async function logInWithKey(
  db: Db,
  secret: string,
  earlierSessionId: string | null,
  hours: number,
): Promise<{ session: OpenedCabinetSession; organization: Organization }> {
  const found = await findKeyBySecret(db, secret);
  if (!found) throw errors.cabinetKeyRejected();
  if (found.tenant.status !== 'active') throw errors.forbidden();
  if (earlierSessionId) await endSession(db, earlierSessionId);
  await recordSessionEntry(db, found.tenant.id, found.key.id);
  return { session: await openSession(db, found.tenant.id, found.key.id, hours), organization: found.tenant };
}

/** The live session of a cookie id with its key and organization (a suspended one included), or null. */
export function liveCabinetSession(db: Db, id: string): Promise<LiveCabinetSession | null> {
  return findLiveSession(db, id);
}

export function endCabinetSession(db: Db, id: string): Promise<void> {
  return endSession(db, id);
}
