import type { Db } from '../db.ts';
import type { Run, RunDocument } from '../../kernel/model/runs.ts';
import { errors } from '../../kernel/errors.ts';
import { fromRun, fromRunDocument, toRun, toRunDocument } from './run-rows.ts';

import { UUID_RE } from '../../kernel/ids.ts';
import { chargeCheck } from './ledger.ts';
import { completeIdempotencyKey } from './idempotency.ts';
import { checksLeft } from './tenants.ts';
import { writeDesignerAnswers } from './answers.ts';
import type { DesignerAnswer } from '../../kernel/model/feedback.ts';

/** A run of this tenant, or 404 — a foreign run is indistinguishable from a missing one. */
export async function getRunForTenant(db: Db, tenantId: string, runId: string): Promise<Run> {
  if (!UUID_RE.test(runId)) throw errors.runNotFound();
  const row = await db.selectFrom('runs').selectAll().where('id', '=', runId.toLowerCase()).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!row) throw errors.runNotFound();
  return toRun(row);
}

export async function getRun(db: Db, runId: string): Promise<Run | undefined> {
  const row = await db.selectFrom('runs').selectAll().where('id', '=', runId).executeTakeFirst();
  return row && toRun(row);
}

/** The name of the organization a run belongs to; the run must exist. */
export async function organizationOfRun(db: Db, runId: string): Promise<{ name: string; timeZone: string }> {
  const row = await db
    .selectFrom('runs')
    .innerJoin('tenants', 'tenants.id', 'runs.tenant_id')
    .select(['tenants.name', 'tenants.time_zone'])
    .where('runs.id', '=', runId)
    .executeTakeFirstOrThrow();
  return { name: row.name, timeZone: row.time_zone };
}

/** The bundle a run of this tenant was linked to (null: none); the run must exist. */
export async function bundleOfRun(db: Db, tenantId: string, runId: string): Promise<string | null> {
  return (await db.selectFrom('runs').select('bundle_id').where('id', '=', runId).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).bundle_id;
}

/** Document number idx (from 1) of a run, if it has one. */
export async function documentOfRun(db: Db, runId: string, idx: number): Promise<RunDocument | undefined> {
  const row = await db.selectFrom('documents').selectAll().where('run_id', '=', runId).where('idx', '=', idx).executeTakeFirst();
  return row && toRunDocument(row);
}

export async function listRuns(db: Db, tenantId: string, limit: number): Promise<Run[]> {
  const rows = await db
    .selectFrom('runs')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toRun);
}

export async function documentsOf(db: Db, runId: string): Promise<RunDocument[]> {
  const rows = await db.selectFrom('documents').selectAll().where('run_id', '=', runId).orderBy('idx').execute();
  return rows.map(toRunDocument);
}

export async function documentsOfMany(db: Db, runIds: string[]): Promise<Map<string, RunDocument[]>> {
  const out = new Map<string, RunDocument[]>();
  if (!runIds.length) return out;
  const rows = await db.selectFrom('documents').selectAll().where('run_id', 'in', runIds).orderBy('run_id').orderBy('idx').execute();
  for (const r of rows) {
    const list = out.get(r.run_id) ?? [];
    list.push(toRunDocument(r));
    out.set(r.run_id, list);
  }
  return out;
}

/** Pages of a run's documents together (0 before preparation counted them). */
export async function pagesOfRun(db: Db, runId: string): Promise<number> {
  const row = await db
    .selectFrom('documents')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('pages'), eb.lit(0)).as('pages'))
    .where('run_id', '=', runId)
    .executeTakeFirstOrThrow();
  return Number(row.pages);
}

/** Records that a run's documents were deleted (DELETE /runs/{id}/documents). */
export async function markDocumentsDeleted(db: Db, runId: string, at: string): Promise<void> {
  await db.updateTable('runs').set({ documents_deleted_at: at, updated_at: at }).where('id', '=', runId).execute();
}

/**
 * Stores an accepted run in one transaction: one check charged, the run and its documents queued, the
 * Idempotency-Key completed. Returns the checks left after the charge, or null (nothing stored) when none was left.
 */
export function insertChargedRun(
  db: Db,
  accepted: {
    run: Run;
    documents: RunDocument[];
    idempotencyKey: string | null;
    at: string;
    /** The designer's answers to the previous round brought in with this revision: stored with the run or not at all. */
    answers?: { runId: string; answers: readonly DesignerAnswer[] };
  },
): Promise<number | null> {
  const { run, documents, idempotencyKey, at, answers } = accepted;
  return db.transaction().execute(async (trx) => {
    // The charge is the first write, so on SQLite it takes the write lock before anything is read.
    if (!(await chargeCheck(trx, run.tenantId, run.id, 'charge', at))) return null;
    await trx.insertInto('runs').values(fromRun(run)).execute();
    for (const d of documents) await trx.insertInto('documents').values(fromRunDocument(d)).execute();
    if (answers) await writeDesignerAnswers(trx, run.tenantId, answers.runId, answers.answers);
    if (idempotencyKey) await completeIdempotencyKey(trx, run.tenantId, idempotencyKey, run.id);
    return checksLeft(trx, run.tenantId);
  });
}
