import type { Db } from '../db.ts';
import type { MemoryNotesTable } from '../schema.ts';
import type { MemoryNote, MemoryNoteStatus } from '../../kernel/model/feedback.ts';
import type { Selectable } from 'kysely';

/** A memory_notes row as the domain sees it. */
export function toMemoryNote(row: Selectable<MemoryNotesTable>): MemoryNote {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    feedbackId: row.feedback_id,
    bundleId: row.bundle_id,
    runId: row.run_id,
    findingId: row.finding_id,
    text: row.text,
    contentHash: row.content_hash,
    status: row.status,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Stores a note unless the decision already has one (unique (tenant_id, feedback_id)); false then. */
export async function insertNote(db: Db, note: MemoryNote): Promise<boolean> {
  const res = await db
    .insertInto('memory_notes')
    .values({
      id: note.id,
      tenant_id: note.tenantId,
      feedback_id: note.feedbackId,
      bundle_id: note.bundleId,
      run_id: note.runId,
      finding_id: note.findingId,
      text: note.text,
      content_hash: note.contentHash,
      status: note.status,
      version: note.version,
      created_at: note.createdAt,
      updated_at: note.updatedAt,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function noteOfDecision(db: Db, tenantId: string, feedbackId: string): Promise<MemoryNote | undefined> {
  const row = await db.selectFrom('memory_notes').selectAll().where('tenant_id', '=', tenantId).where('feedback_id', '=', feedbackId).executeTakeFirst();
  return row && toMemoryNote(row);
}

export async function noteForTenant(db: Db, tenantId: string, noteId: string): Promise<MemoryNote | undefined> {
  const row = await db.selectFrom('memory_notes').selectAll().where('tenant_id', '=', tenantId).where('id', '=', noteId).executeTakeFirst();
  return row && toMemoryNote(row);
}

export async function listNotes(db: Db, tenantId: string, filter: { bundleId?: string; status?: string }, limit: number): Promise<MemoryNote[]> {
  let q = db.selectFrom('memory_notes').selectAll().where('tenant_id', '=', tenantId);
  if (filter.bundleId !== undefined) q = q.where('bundle_id', '=', filter.bundleId);
  if (filter.status !== undefined) q = q.where('status', '=', filter.status as MemoryNoteStatus);
  const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toMemoryNote);
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
