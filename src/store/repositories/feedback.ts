import type { Db } from '../db.ts';
import type { DisciplineAssignmentsTable, FeedbackRow } from '../schema.ts';

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

export type DecisionWrite = { kind: 'stored' } | { kind: 'section_assigned'; employeeId: string } | { kind: 'not_stored' };

/** Ends the transaction of storeDecision without its writes, carrying why. */
class RolledBack extends Error {
  constructor(readonly outcome: DecisionWrite) {
    super(outcome.kind);
  }
}

/**
 * Stores a decision in one transaction with, when an employee decides, the assignment of the finding's section
 * to the first employee deciding on it in the run. Nothing is stored when the section belongs to another
 * employee or when a concurrent decision took the row's unique keys first (then the assignment is rolled back too).
 */
export async function storeDecision(db: Db, row: FeedbackRow, section: string): Promise<DecisionWrite> {
  const employee = row.employee_id;
  try {
    await db.transaction().execute(async (trx) => {
      if (employee !== null) {
        const assigned = await claimSection(trx, { run_id: row.run_id, section, tenant_id: row.tenant_id, employee_id: employee, assigned_at: row.created_at });
        if (assigned !== employee) throw new RolledBack({ kind: 'section_assigned', employeeId: assigned });
      }
      if (!(await insertDecision(trx, row))) throw new RolledBack({ kind: 'not_stored' });
    });
  } catch (e) {
    if (e instanceof RolledBack) return e.outcome;
    throw e;
  }
  return { kind: 'stored' };
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
