import type { Db } from '../db.ts';
import type { DisciplineAssignmentsTable, FeedbackRow } from '../schema.ts';

/** The published result row of a run of this tenant, if any. */
export function resultOfRun(db: Db, tenantId: string, runId: string) {
  return db.selectFrom('results').select(['run_id', 'snapshot', 'body']).where('run_id', '=', runId).where('tenant_id', '=', tenantId).executeTakeFirst();
}

export function decisionByRequestKey(db: Db, tenantId: string, requestKey: string): Promise<FeedbackRow | undefined> {
  return db.selectFrom('feedback').selectAll().where('tenant_id', '=', tenantId).where('request_key', '=', requestKey).executeTakeFirst();
}

/** Version of the latest decision of an actor on a finding; 0 when the actor has not decided yet. */
export async function latestVersion(db: Db, runId: string, findingId: string, actor: string): Promise<number> {
  const row = await db
    .selectFrom('feedback')
    .select((eb) => eb.fn.max('version').as('v'))
    .where('run_id', '=', runId)
    .where('finding_id', '=', findingId)
    .where('actor', '=', actor)
    .executeTakeFirst();
  return Number(row?.v ?? 0);
}

/**
 * Stores a decision unless a unique index objects (same version of the actor's decision on the finding,
 * or the same request_key in the organization). Returns false then; nothing is raised inside a transaction,
 * so PostgreSQL keeps the transaction usable.
 */
export async function insertDecision(db: Db, row: FeedbackRow): Promise<boolean> {
  const res = await db
    .insertInto('feedback')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Assigns a section of a run to an employee unless it is assigned already; returns the assigned employee. */
export async function claimSection(db: Db, row: DisciplineAssignmentsTable): Promise<string> {
  await db
    .insertInto('discipline_assignments')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();
  const current = await db
    .selectFrom('discipline_assignments')
    .select('employee_id')
    .where('run_id', '=', row.run_id)
    .where('section', '=', row.section)
    .executeTakeFirstOrThrow();
  return current.employee_id;
}

export function sectionAssignments(db: Db, tenantId: string, runId: string) {
  return db
    .selectFrom('discipline_assignments')
    .select(['section', 'employee_id', 'assigned_at'])
    .where('tenant_id', '=', tenantId)
    .where('run_id', '=', runId)
    .orderBy('section')
    .execute();
}

/** Every decision on a run in the order it was made. */
export function decisionHistory(db: Db, tenantId: string, runId: string): Promise<FeedbackRow[]> {
  return db
    .selectFrom('feedback')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('run_id', '=', runId)
    .orderBy('created_at')
    .orderBy('finding_id')
    .orderBy('actor')
    .orderBy('version')
    .execute();
}

export function decisionForTenant(db: Db, tenantId: string, feedbackId: string): Promise<FeedbackRow | undefined> {
  return db.selectFrom('feedback').selectAll().where('id', '=', feedbackId).where('tenant_id', '=', tenantId).executeTakeFirst();
}
