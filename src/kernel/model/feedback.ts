/**
 * Domain objects of the feedback a client gives on a published result: decisions, the sections assigned to
 * employees, memory notes proposed from decisions and the bundles runs are grouped in. The store returns
 * them (src/store/repositories/feedback.ts, memory.ts, bundles.ts); presenters turn them into the API's JSON.
 */

export type DecisionKind = 'accepted' | 'rejected' | 'withdrawn';

/** One stored decision of an actor on a finding; a change of mind is a new decision with the next version. */
export interface Decision {
  /** feedback_id in the API. */
  id: string;
  tenantId: string;
  runId: string;
  /** feedback_snapshot of the published result the decision was made on. */
  snapshot: string;
  findingId: string;
  /** feedback_actor: identity of the integration key that decided. */
  actor: string;
  decision: DecisionKind;
  reason: string;
  reasonCode: string | null;
  employeeId: string | null;
  /** Version of this actor's decision on this finding: 1 for the first, +1 for every change. */
  version: number;
  requestKey: string;
  /** sha256 of the canonical request body, to tell a repeat from a conflicting reuse of requestKey. */
  requestHash: string;
  createdAt: string;
  /**
   * The previous round's decision this one carries over (its id), when it was applied by the carry-over of a
   * bundle's next round; null for a decision taken on the finding itself.
   */
  carriedFrom: string | null;
}

/** The designer's answer to a remark, brought in from the filled register of remarks (XLSX). */
export interface DesignerAnswer {
  runId: string;
  findingId: string;
  /** The row's number in that register. */
  registerNo: number;
  answer: string;
  /** «Лист с исправлением». */
  sheet: string;
  /** «Снято / не снято» as written in the file. */
  closed: string;
  /** feedback_actor of the key that uploaded it. */
  actor: string;
  uploadedAt: string;
}

/** With employees: the employee a section of a run is assigned to (the first who decided on it). */
export interface SectionAssignment {
  section: string;
  employeeId: string;
  assignedAt: string;
}

export type MemoryNoteStatus = 'candidate' | 'revoked';

/** A note proposed from a decision for later reviews of the bundle; never applied automatically. */
export interface MemoryNote {
  id: string;
  tenantId: string;
  /** The decision the note was proposed from (feedback_id in the API). */
  feedbackId: string;
  bundleId: string;
  runId: string;
  findingId: string;
  /** The note text proposed (from the request or derived from the decision). */
  text: string;
  /** sha256 of the proposal content, to tell a repeat from another proposal. */
  contentHash: string;
  status: MemoryNoteStatus;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A named group of runs of one object (for example a building); renames raise the version. */
export interface Bundle {
  id: string;
  tenantId: string;
  label: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}
