import type { Decision, DesignerAnswer, SectionAssignment } from '../../kernel/model/feedback.ts';
import { latestDecisions } from '../../domain/feedback/latest-decisions.ts';
import type { Published } from '../../domain/feedback/published.ts';
import type { CarryOverOutcome } from '../../domain/feedback/carry-over.ts';

const NO_NAMES: ReadonlyMap<string, string> = new Map();

/** A stored decision as the API shows it (in /findings.feedback, the feedback history and POST responses). */
export function decisionView(d: Decision, actor: string, names: ReadonlyMap<string, string> = NO_NAMES) {
  return {
    feedback_id: d.id,
    run_id: d.runId,
    snapshot: d.snapshot,
    finding_id: d.findingId,
    actor: d.actor,
    actor_name: names.get(d.actor) ?? null,
    own: d.actor === actor,
    decision: d.decision,
    reason: d.reason,
    reason_code: d.reasonCode,
    employee_id: d.employeeId,
    version: d.version,
    request_key: d.requestKey,
    created_at: d.createdAt,
    carried_from: d.carriedFrom,
  };
}

/** POST /runs/{run_id}/feedback/carry-over: the decisions carried and the persisting findings left as they were. */
export function carryOverView(outcome: CarryOverOutcome, actor: string) {
  return {
    run_id: outcome.runId,
    previous_run_id: outcome.previousRunId,
    feedback_snapshot: outcome.snapshot,
    carried: outcome.carried.map((d) => decisionView(d, actor)),
    skipped: outcome.skipped.map((s) => ({
      finding_id: s.finding.finding_id,
      n: s.finding.n,
      previous_n: s.finding.revision?.previous_n ?? 0,
      previous_feedback_id: s.previous?.id ?? null,
      reason: s.why,
    })),
  };
}

/**
 * GET /runs/{run_id}/findings: the published result exactly as stored, plus the decision context —
 * feedback_snapshot, feedback_actor and the latest decision per (finding_id, actor). Decisions never
 * change the findings themselves.
 */
export function findingsBody(
  published: Published,
  actor: string,
  history: readonly Decision[],
  previousHistory: readonly Decision[] = [],
  answers: readonly DesignerAnswer[] = [],
  previousAnswers: readonly DesignerAnswer[] = [],
  names: ReadonlyMap<string, string> = NO_NAMES,
) {
  const { revision, ...result } = published.result;
  const persisting = new Set(published.result.findings.map((f) => f.revision?.previous_finding_id).filter((id) => id !== undefined));
  return {
    ...result,
    run_id: published.run.id,
    feedback_snapshot: published.snapshot,
    feedback_actor: actor,
    feedback: latestDecisions(history).map((d) => decisionView(d, actor, names)),
    designer_answers: answers.map(answerView),
    ...(revision && {
      revision: {
        ...revision,
        previous_feedback: previousFeedback(published, previousHistory).map((d) => decisionView(d, actor, names)),
        previous_answers: previousAnswers.filter((a) => persisting.has(a.findingId)).map(answerView),
      },
    }),
  };
}

/** A designer's answer as the API shows it. */
export function answerView(a: DesignerAnswer) {
  return { finding_id: a.findingId, register_no: a.registerNo, answer: a.answer, sheet: a.sheet, closed: a.closed, uploaded_at: a.uploadedAt };
}

/** POST /runs/{run_id}/register-answers. */
export function answersUploadView(outcome: { runId: string; answered: readonly DesignerAnswer[]; unanswered: number }) {
  return { run_id: outcome.runId, answered: outcome.answered.map(answerView), unanswered: outcome.unanswered };
}

/**
 * The current decisions of the previous round on the findings that persist in this one: shown beside them, never
 * applied (a persisting finding is open until decided in this round).
 */
export function previousFeedback(published: Published, previousHistory: readonly Decision[]): Decision[] {
  const persisting = new Set(published.result.findings.map((f) => f.revision?.previous_finding_id).filter((id) => id !== undefined));
  return latestDecisions(previousHistory).filter((d) => persisting.has(d.findingId));
}

/** GET /runs/{run_id}/feedback: every decision in order, and the sections assigned to employees. */
export function feedbackHistoryView(
  published: Published,
  actor: string,
  history: readonly Decision[],
  assignments: readonly SectionAssignment[],
  names: ReadonlyMap<string, string> = NO_NAMES,
) {
  return {
    run_id: published.run.id,
    feedback_snapshot: published.snapshot,
    feedback_actor: actor,
    history: history.map((d) => decisionView(d, actor, names)),
    assignments: assignments.map((a) => ({ section: a.section, employee_id: a.employeeId, assigned_at: a.assignedAt })),
  };
}
