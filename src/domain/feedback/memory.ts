import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../store/db.ts';
import type { Decision, MemoryNote } from '../../kernel/model/feedback.ts';
import { errors } from '../../kernel/errors.ts';
import { decisionForTenant } from '../../store/repositories/feedback.ts';
import { publishedResultOf } from '../../store/repositories/results.ts';
import { bundleOfRun } from '../../store/repositories/runs.ts';
import { insertNote, listNotes, noteForTenant, noteOfDecision, revokeNote } from '../../store/repositories/memory.ts';
import { nowIso } from '../../kernel/clock.ts';

export const NOTE_TEXT_MAX = 4000;
export const NOTES_MAX = 500;

const DECISION_TEXT: Record<Decision['decision'], string> = {
  accepted: 'принято',
  rejected: 'отклонено',
  withdrawn: 'отозвано',
};

/** The note text derived from a decision when the proposal carries none. */
export function derivedNoteText(decision: Decision, essence: string | undefined): string {
  const what = essence ? `замечание «${essence}»` : `замечание ${decision.findingId}`;
  const why = decision.reason.trim() ? ` Причина: ${decision.reason.trim()}` : '';
  return `Решение специалиста: ${what} — ${DECISION_TEXT[decision.decision]}.${why}`;
}

const contentHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface Proposal {
  note: MemoryNote;
  /** False when the same proposal was made before and the earlier note is returned. */
  created: boolean;
}

function sameProposal(existing: MemoryNote, hash: string): Proposal {
  if (existing.contentHash !== hash) {
    throw errors.memoryAlreadyProposed();
  }
  return { note: existing, created: false };
}

/**
 * Proposes a memory note from a decision of a run linked to a bundle. The note is a candidate only: it is
 * never applied to later reviews. One note per decision: a repeat of the same proposal returns it, other
 * content gives 409 memory_already_proposed (the unique index decides between concurrent proposals).
 */
export async function proposeNote(db: Db, tenantId: string, feedbackId: string, text: string | undefined): Promise<Proposal> {
  const decision = await decisionForTenant(db, tenantId, feedbackId);
  if (!decision) throw errors.decisionNotFound();
  const bundleId = await bundleOfRun(db, tenantId, decision.runId);
  if (!bundleId) {
    throw errors.memoryWithoutBundle();
  }
  let noteText = text?.trim() ?? '';
  if (text !== undefined && !noteText) throw errors.emptyNoteText();
  if ([...noteText].length > NOTE_TEXT_MAX) throw errors.noteTextTooLong(NOTE_TEXT_MAX);
  if (!noteText) {
    const result = (await publishedResultOf(db, tenantId, decision.runId))?.result;
    // a decision may be on a previous round's remark the comparison lists (the answer loop), not on a finding of the run
    const remarks = [...(result?.findings ?? []), ...(result?.revision?.resolved ?? []), ...(result?.revision?.not_resubmitted ?? [])];
    noteText = derivedNoteText(decision, remarks.find((f) => f.finding_id === decision.findingId)?.essence);
  }
  const hash = contentHash(noteText);

  const existing = await noteOfDecision(db, tenantId, decision.id);
  if (existing) return sameProposal(existing, hash);

  const at = nowIso();
  const note: MemoryNote = {
    id: randomUUID(),
    tenantId,
    feedbackId: decision.id,
    bundleId,
    runId: decision.runId,
    findingId: decision.findingId,
    text: noteText,
    contentHash: hash,
    status: 'candidate',
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
  if (await insertNote(db, note)) return { note, created: true };
  const raced = await noteOfDecision(db, tenantId, decision.id);
  if (!raced) throw new Error(`memory note of ${decision.id} neither inserted nor found`);
  return sameProposal(raced, hash);
}

/**
 * Revokes a note at its current version (version + 1). Only status "revoked" may be requested; revoking a
 * revoked note at its current version changes nothing and returns it.
 */
export async function revokeMemoryNote(db: Db, tenantId: string, noteId: string, status: string, version: number): Promise<MemoryNote> {
  if (status !== 'revoked') {
    throw errors.noteOnlyRevocable();
  }
  const note = await noteForTenant(db, tenantId, noteId);
  if (!note) throw errors.noteNotFound();
  if (note.version !== version) throw errors.versionConflict(note.version);
  if (note.status === 'revoked') return note;
  const changed = await revokeNote(db, tenantId, noteId, version, nowIso());
  const current = await noteForTenant(db, tenantId, noteId);
  if (!current) throw errors.noteNotFound();
  if (!changed) throw errors.versionConflict(current.version);
  return current;
}

/** GET /memory: the organization's notes, newest first, filtered; `limit` brought into 1..NOTES_MAX (default NOTES_MAX). */
export function memoryNotes(db: Db, tenantId: string, filter: { bundleId?: string; status?: string }, limit: number | undefined): Promise<MemoryNote[]> {
  return listNotes(db, tenantId, filter, Math.min(NOTES_MAX, Math.max(1, limit ?? NOTES_MAX)));
}

/** A note of the organization; 404 for a foreign or missing one. */
export async function memoryNote(db: Db, tenantId: string, noteId: string): Promise<MemoryNote> {
  const note = await noteForTenant(db, tenantId, noteId);
  if (!note) throw errors.noteNotFound();
  return note;
}
