import type { Db } from '../../store/db.ts';
import type { Decision, SectionAssignment } from '../../kernel/model/feedback.ts';
import { decisionHistory, sectionAssignments } from '../../store/repositories/feedback.ts';
import { loadPublished, type Published } from './published.ts';
import { latestDecisions } from './latest-decisions.ts';

/** A published result with every decision on it in the order they were made. */
export interface DecidedResult {
  published: Published;
  history: Decision[];
  /**
   * The decisions of the previous round (the run the result was compared with), shown beside the persisting
   * findings and never applied to them; empty when the result was compared with none.
   */
  previousHistory: Decision[];
}

/** GET /runs/{run_id}/findings and the register: the published result (404 before it exists), its decisions and those of the round before. */
export async function decidedResult(db: Db, tenantId: string, runId: string): Promise<DecidedResult> {
  const published = await loadPublished(db, tenantId, runId);
  const previousRunId = published.result.revision?.previous_run_id;
  const [history, previousHistory] = await Promise.all([
    decisionHistory(db, tenantId, published.run.id),
    previousRunId ? decisionHistory(db, tenantId, previousRunId) : Promise.resolve([]),
  ]);
  return { published, history, previousHistory };
}

/** GET /runs/{run_id}/feedback: the decisions of a published result and the sections assigned to employees. */
export async function feedbackHistory(
  db: Db,
  tenantId: string,
  runId: string,
): Promise<Omit<DecidedResult, 'previousHistory'> & { assignments: SectionAssignment[] }> {
  const published = await loadPublished(db, tenantId, runId);
  const [history, assignments] = await Promise.all([decisionHistory(db, tenantId, published.run.id), sectionAssignments(db, tenantId, published.run.id)]);
  return { published, history, assignments };
}

/** The current decision of every author on every finding of a run (no check of publication: the caller did it). */
export async function currentDecisions(db: Db, tenantId: string, runId: string): Promise<Decision[]> {
  return latestDecisions(await decisionHistory(db, tenantId, runId));
}

/**
 * What changes whenever a decision on a run is made (the count of its decisions and the last one), read without
 * the published result: two requests with the same version see the same decisions of the run.
 */
export async function decisionsVersion(db: Db, tenantId: string, runId: string): Promise<string> {
  const history = await decisionHistory(db, tenantId, runId);
  return `${history.length}:${history.at(-1)?.id ?? ''}`;
}
