import type { Db } from '../db.ts';
import type { MemoryNote } from '../schema.ts';

/** Stores a note unless the decision already has one (unique (tenant_id, feedback_id)); false then. */
export async function insertNote(db: Db, note: MemoryNote): Promise<boolean> {
  const res = await db
    .insertInto('memory_notes')
    .values(note)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export function noteOfDecision(db: Db, tenantId: string, feedbackId: string): Promise<MemoryNote | undefined> {
  return db.selectFrom('memory_notes').selectAll().where('tenant_id', '=', tenantId).where('feedback_id', '=', feedbackId).executeTakeFirst();
}

export function noteForTenant(db: Db, tenantId: string, noteId: string): Promise<MemoryNote | undefined> {
  return db.selectFrom('memory_notes').selectAll().where('tenant_id', '=', tenantId).where('id', '=', noteId).executeTakeFirst();
}

export function listNotes(db: Db, tenantId: string, filter: { bundleId?: string; status?: string }, limit: number): Promise<MemoryNote[]> {
  let q = db.selectFrom('memory_notes').selectAll().where('tenant_id', '=', tenantId);
  if (filter.bundleId !== undefined) q = q.where('bundle_id', '=', filter.bundleId);
  if (filter.status !== undefined) q = q.where('status', '=', filter.status as MemoryNote['status']);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/**
 * Revokes a note only at the version the client saw and only when it is not revoked yet
 * (UPDATE … WHERE version = ? AND status <> 'revoked'); true when this call changed it.
 */
export async function revokeNote(db: Db, tenantId: string, noteId: string, version: number, at: string): Promise<boolean> {
  const res = await db
    .updateTable('memory_notes')
    .set((eb) => ({ status: 'revoked' as const, version: eb('version', '+', 1), updated_at: at }))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', noteId)
    .where('version', '=', version)
    .where('status', '<>', 'revoked')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
