import type { Db } from '../../store/db.ts';
import type { Decision, DesignerAnswer, SectionAssignment } from '../../kernel/model/feedback.ts';
import { designerAnswers } from '../../store/repositories/answers.ts';
import { apiKeyLabels } from '../../store/repositories/tenants.ts';
import { actorOf } from './actor.ts';
import { decisionCount, decisionHistory, sectionAssignments } from '../../store/repositories/feedback.ts';
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
  /** The designer's answers to this run's remarks and to the previous round's (by their own finding ids). */
  answers: DesignerAnswer[];
  previousAnswers: DesignerAnswer[];
  /** feedback_actor → the name the organization gives that key (keys without one left out). */
  names: Map<string, string>;
}

/** GET /runs/{run_id}/findings and the register: the published result (404 before it exists), its decisions and those of the round before. */
export async function decidedResult(db: Db, tenantId: string, runId: string): Promise<DecidedResult> {
  const published = await loadPublished(db, tenantId, runId);
  const previousRunId = published.result.revision?.previous_run_id;
  const [history, previousHistory, answers, previousAnswers, names] = await Promise.all([
    decisionHistory(db, tenantId, published.run.id),
    previousRunId ? decisionHistory(db, tenantId, previousRunId) : Promise.resolve([]),
    designerAnswers(db, tenantId, published.run.id),
    previousRunId ? designerAnswers(db, tenantId, previousRunId) : Promise.resolve([]),
    keyNames(db, tenantId),
  ]);
  return { published, history, previousHistory, answers, previousAnswers, names };
}

/** GET /runs/{run_id}/feedback: the decisions of a published result and the sections assigned to employees. */
export async function feedbackHistory(
  db: Db,
  tenantId: string,
  runId: string,
): Promise<Pick<DecidedResult, 'published' | 'history' | 'names'> & { assignments: SectionAssignment[] }> {
  const published = await loadPublished(db, tenantId, runId);
  const [history, assignments, names] = await Promise.all([
    decisionHistory(db, tenantId, published.run.id),
    sectionAssignments(db, tenantId, published.run.id),
    keyNames(db, tenantId),
  ]);
  return { published, history, assignments, names };
}

/** feedback_actor → the name the organization gives the key (drs key label). */
export async function keyNames(db: Db, tenantId: string): Promise<Map<string, string>> {
  return new Map([...(await apiKeyLabels(db, tenantId))].map(([id, label]) => [actorOf({ id }), label]));
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
  const { count, lastAt } = await decisionCount(db, tenantId, runId);
  return `${count}:${lastAt ?? ''}`;
}
