import type { Db } from '../store/db.ts';
import { recordSessionEntry as insertSessionEntry } from '../store/repositories/tenants.ts';
import { nowIso } from '../kernel/clock.ts';

/** Records a login through the cabinet form (POST /session/entry and the cabinet's own login share it). */
export async function recordSessionEntry(db: Db, tenantId: string, keyId: string, at = nowIso()): Promise<{ recorded: true; at: string }> {
  await insertSessionEntry(db, tenantId, keyId, at);
  return { recorded: true, at };
}
