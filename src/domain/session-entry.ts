import { randomUUID } from 'node:crypto';
import type { Db } from '../store/db.ts';
import { nowIso } from '../kernel/clock.ts';

/** Records a login through the cabinet form (POST /session/entry and the cabinet's own login share it). */
export async function recordSessionEntry(db: Db, tenantId: string, keyId: string, at = nowIso()): Promise<{ recorded: true; at: string }> {
  await db.insertInto('session_entries').values({ id: randomUUID(), tenant_id: tenantId, key_id: keyId, created_at: at }).execute();
  return { recorded: true, at };
}
