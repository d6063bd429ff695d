import type { MemoryNote } from '../store/schema.ts';

/** A memory note as the API shows it. */
export function noteView(n: MemoryNote) {
  return {
    note_id: n.id,
    feedback_id: n.feedback_id,
    bundle_id: n.bundle_id,
    run_id: n.run_id,
    finding_id: n.finding_id,
    text: n.text,
    status: n.status,
    version: n.version,
    created_at: n.created_at,
    updated_at: n.updated_at,
  };
}

/** GET /memory: notes are only ever proposed, never applied to later runs. */
export function noteListView(notes: MemoryNote[]) {
  return { notes: notes.map(noteView), automatic_application: false };
}
