import type { Db } from '../db.ts';
import type { FeedbackTable } from '../schema.ts';
import type { Decision, SectionAssignment } from '../../kernel/model/feedback.ts';
import { sql, type Selectable } from 'kysely';

/** A feedback row as the domain sees it. */
export function toDecision(row: Selectable<FeedbackTable>): Decision {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    runId: row.run_id,
    snapshot: row.snapshot,
    findingId: row.finding_id,
    actor: row.actor,
    decision: row.decision,
    reason: row.reason,
    reasonCode: row.reason_code,
    employeeId: row.employee_id,
    version: row.version,
    requestKey: row.request_key,
    requestHash: row.request_hash,
    createdAt: row.created_at,
    carriedFrom: row.carried_from ?? null,
  };
}

function decisionRow(d: Decision): FeedbackTable {
  return {
    id: d.id,
    tenant_id: d.tenantId,
    run_id: d.runId,
    snapshot: d.snapshot,
    finding_id: d.findingId,
    actor: d.actor,
    decision: d.decision,
    reason: d.reason,
    reason_code: d.reasonCode,
    employee_id: d.employeeId,
    version: d.version,
    request_key: d.requestKey,
    request_hash: d.requestHash,
    created_at: d.createdAt,
    carried_from: d.carriedFrom,
  };
}

export async function decisionByRequestKey(db: Db, tenantId: string, requestKey: string): Promise<Decision | undefined> {
  const row = await db.selectFrom('feedback').selectAll().where('tenant_id', '=', tenantId).where('request_key', '=', requestKey).executeTakeFirst();
  return row && toDecision(row);
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
export async function insertDecision(db: Db, decision: Decision): Promise<boolean> {
  const res = await db
    .insertInto('feedback')
    .values(decisionRow(decision))
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Assigns a section of a run to an employee unless it is assigned already; returns the assigned employee. */
export async function claimSection(db: Db, tenantId: string, runId: string, wanted: SectionAssignment): Promise<string> {
  await db
    .insertInto('discipline_assignments')
    .values({ run_id: runId, section: wanted.section, tenant_id: tenantId, employee_id: wanted.employeeId, assigned_at: wanted.assignedAt })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const current = await db
    .selectFrom('discipline_assignments')
    .select('employee_id')
    .where('run_id', '=', runId)
    .where('section', '=', wanted.section)
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
export async function storeDecision(db: Db, decision: Decision, section: string): Promise<DecisionWrite> {
  return storeDecisions(db, [{ decision, section }]);
}

/**
 * Stores several decisions (the carry-over of a round) in one transaction, each as storeDecision would: all of
 * them or, when one section belongs to another employee or one row's unique keys were taken, none.
 */
export async function storeDecisions(db: Db, decisions: readonly { decision: Decision; section: string }[]): Promise<DecisionWrite> {
  try {
    await db.transaction().execute(async (trx) => {
      for (const { decision, section } of decisions) {
        const employee = decision.employeeId;
        if (employee !== null) {
          const wanted = { section, employeeId: employee, assignedAt: decision.createdAt };
          const assigned = await claimSection(trx, decision.tenantId, decision.runId, wanted);
          if (assigned !== employee) throw new RolledBack({ kind: 'section_assigned', employeeId: assigned });
        }
        if (!(await insertDecision(trx, decision))) throw new RolledBack({ kind: 'not_stored' });
      }
    });
  } catch (e) {
    if (e instanceof RolledBack) return e.outcome;
    throw e;
  }
  return { kind: 'stored' };
}

/**
 * The decisions stored under the request keys that begin with a prefix (a carry-over stores each of its decisions
 * as «request_key/finding_id»), in the order they were made.
 */
export async function decisionsUnderRequestKey(db: Db, tenantId: string, prefix: string): Promise<Decision[]> {
  const rows = await db
    .selectFrom('feedback')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where(sql<string>`substr(request_key, 1, ${prefix.length})`, '=', prefix)
    .orderBy('created_at')
    .orderBy('finding_id')
    .execute();
  return rows.map(toDecision);
}

/** The sections of a run assigned to employees, by section code. */
export async function sectionAssignments(db: Db, tenantId: string, runId: string): Promise<SectionAssignment[]> {
  const rows = await db
    .selectFrom('discipline_assignments')
    .select(['section', 'employee_id', 'assigned_at'])
    .where('tenant_id', '=', tenantId)
    .where('run_id', '=', runId)
    .orderBy('section')
    .execute();
  return rows.map((r) => ({ section: r.section, employeeId: r.employee_id, assignedAt: r.assigned_at }));
}

/**
 * How many decisions a run has and when the last was made: decisions are only ever added, so the pair changes with
 * every decision — a version of them read without loading a row.
 */
export async function decisionCount(db: Db, tenantId: string, runId: string): Promise<{ count: number; lastAt: string | null }> {
  const row = await db
    .selectFrom('feedback')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('created_at').as('last')])
    .where('tenant_id', '=', tenantId)
    .where('run_id', '=', runId)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), lastAt: (row?.last as string | null | undefined) ?? null };
}

/** Every decision on a run in the order it was made. */
export async function decisionHistory(db: Db, tenantId: string, runId: string): Promise<Decision[]> {
  const rows = await db
    .selectFrom('feedback')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('run_id', '=', runId)
    .orderBy('created_at')
    .orderBy('finding_id')
    .orderBy('actor')
    .orderBy('version')
    .execute();
  return rows.map(toDecision);
}

export async function decisionForTenant(db: Db, tenantId: string, feedbackId: string): Promise<Decision | undefined> {
  const row = await db.selectFrom('feedback').selectAll().where('id', '=', feedbackId).where('tenant_id', '=', tenantId).executeTakeFirst();
  return row && toDecision(row);
}
