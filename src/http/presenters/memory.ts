import type { MemoryNote } from '../../kernel/model/feedback.ts';

/** A memory note as the API shows it. */
export function noteView(n: MemoryNote) {
  return {
    note_id: n.id,
    feedback_id: n.feedbackId,
    bundle_id: n.bundleId,
    run_id: n.runId,
    finding_id: n.findingId,
    text: n.text,
    status: n.status,
    version: n.version,
    created_at: n.createdAt,
    updated_at: n.updatedAt,
  };
}

/** GET /memory: notes are only ever proposed, never applied to later runs. */
export function noteListView(notes: MemoryNote[]) {
  return { notes: notes.map(noteView), automatic_application: false };
}
