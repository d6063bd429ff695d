import type { Db } from '../../store/db.ts';
import type { Decision, SectionAssignment } from '../../kernel/model/feedback.ts';
import { decisionHistory, sectionAssignments } from '../../store/repositories/feedback.ts';
import { loadPublished, type Published } from './published.ts';

/** A published result with every decision on it in the order they were made. */
export interface DecidedResult {
  published: Published;
  history: Decision[];
}

/** GET /runs/{run_id}/findings: the published result (404 before it exists) and its decisions. */
export async function decidedResult(db: Db, tenantId: string, runId: string): Promise<DecidedResult> {
  const published = await loadPublished(db, tenantId, runId);
  return { published, history: await decisionHistory(db, tenantId, published.run.id) };
}

/** GET /runs/{run_id}/feedback: the decisions of a published result and the sections assigned to employees. */
export async function feedbackHistory(db: Db, tenantId: string, runId: string): Promise<DecidedResult & { assignments: SectionAssignment[] }> {
  const published = await loadPublished(db, tenantId, runId);
  const [history, assignments] = await Promise.all([decisionHistory(db, tenantId, published.run.id), sectionAssignments(db, tenantId, published.run.id)]);
  return { published, history, assignments };
}
