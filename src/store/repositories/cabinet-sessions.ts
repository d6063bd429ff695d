/** Cabinet sessions: the cookie's id is stored only as its sha256 (see migration 040). */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db.ts';
import { nowIso } from '../../kernel/clock.ts';
import type { LiveCabinetSession, OpenedCabinetSession } from '../../kernel/model/organization.ts';
import { KEY_OWNER_COLUMNS, toKeyOwner } from './tenants.ts';

const digest = (id: string): string => createHash('sha256').update(id, 'utf8').digest('hex');

export async function openSession(db: Db, tenantId: string, keyId: string, hours: number, now = new Date()): Promise<OpenedCabinetSession> {
  const id = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const expiresAt = nowIso(new Date(now.getTime() + hours * 3_600_000));
  await db
    .insertInto('cabinet_sessions')
    .values({ id_hash: digest(id), tenant_id: tenantId, key_id: keyId, csrf_token: csrfToken, created_at: nowIso(now), expires_at: expiresAt, ended_at: null })
    .execute();
  return { id, csrfToken, expiresAt };
}

/**
 * The session of a cookie with its key and organization, in one query, so every node sees a logout, a revoked
 * key or an expiry at once. A suspended organization is returned (the caller answers 403, as the API does).
 */
export async function findLiveSession(db: Db, id: string, now = new Date()): Promise<LiveCabinetSession | null> {
  if (!/^[\w-]{20,100}$/.test(id)) return null;
  const row = await db
    .selectFrom('cabinet_sessions as s')
    .innerJoin('api_keys as k', 'k.id', 's.key_id')
    .innerJoin('tenants as t', 't.id', 's.tenant_id')
    .selectAll('t')
    .select(KEY_OWNER_COLUMNS)
    .select(['s.csrf_token as csrf_token', 's.expires_at as expires_at'])
    .where('s.id_hash', '=', digest(id))
    .where('s.ended_at', 'is', null)
    .where('s.expires_at', '>', nowIso(now))
    .where('k.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const { csrf_token, expires_at, ...owner } = row;
  return { ...toKeyOwner(owner), csrfToken: csrf_token, expiresAt: expires_at };
}

export async function endSession(db: Db, id: string): Promise<void> {
  await db.updateTable('cabinet_sessions').set({ ended_at: nowIso() }).where('id_hash', '=', digest(id)).where('ended_at', 'is', null).execute();
}

/**
 * Ends the key's live sessions beyond the newest `keep` (the oldest first), so a key that logs in again and
 * again holds a bounded number of open sessions.
 */
export async function endSessionsBeyond(db: Db, keyId: string, keep: number, now = new Date()): Promise<number> {
  const at = nowIso(now);
  const beyond = await db
    .selectFrom('cabinet_sessions')
    .select('id_hash')
    .where('key_id', '=', keyId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', at)
    .orderBy('created_at', 'desc')
    .orderBy('id_hash')
    .offset(keep)
    .limit(1_000_000)
    .execute();
  if (!beyond.length) return 0;
  await db
    .updateTable('cabinet_sessions')
    .set({ ended_at: at })
    .where(
      'id_hash',
      'in',
      beyond.map((r) => r.id_hash),
    )
    .execute();
  return beyond.length;
}

/** Deletes sessions that expired or were ended: nothing opens them again, and a table of dead rows only grows. */
export async function deleteDeadSessions(db: Db, now = new Date()): Promise<void> {
  await db
    .deleteFrom('cabinet_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', nowIso(now)), eb('ended_at', 'is not', null)]))
    .execute();
}
