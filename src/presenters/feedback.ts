import type { FeedbackRow } from '../store/schema.ts';
import { latestDecisions } from '../domain/feedback/latest-decisions.ts';
import type { Published } from '../domain/feedback/published.ts';

/** A stored decision as the API shows it (in /findings.feedback, the feedback history and POST responses). */
export function decisionView(row: FeedbackRow, actor: string) {
  return {
    feedback_id: row.id,
    run_id: row.run_id,
    snapshot: row.snapshot,
    finding_id: row.finding_id,
    actor: row.actor,
    own: row.actor === actor,
    decision: row.decision,
    reason: row.reason,
    reason_code: row.reason_code,
    employee_id: row.employee_id,
    version: row.version,
    request_key: row.request_key,
    created_at: row.created_at,
  };
}

/**
 * GET /runs/{run_id}/findings: the published result exactly as stored, plus the decision context —
 * feedback_snapshot, feedback_actor and the latest decision per (finding_id, actor). Decisions never
 * change the findings themselves.
 */
export function findingsBody(published: Published, actor: string, history: readonly FeedbackRow[]) {
  return {
    ...published.result,
    run_id: published.run.id,
    feedback_snapshot: published.snapshot,
    feedback_actor: actor,
    feedback: latestDecisions(history).map((row) => decisionView(row, actor)),
  };
}

/** GET /runs/{run_id}/feedback: every decision in order, and the sections assigned to employees. */
export function feedbackHistoryView(
  published: Published,
  actor: string,
  history: readonly FeedbackRow[],
  assignments: { section: string; employee_id: string; assigned_at: string }[],
) {
  return {
    run_id: published.run.id,
    feedback_snapshot: published.snapshot,
    feedback_actor: actor,
    history: history.map((row) => decisionView(row, actor)),
    assignments,
  };
}
