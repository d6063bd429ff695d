/**
 * The writes of a run's processing besides its state changes (those are src/store/queue/runs.ts): what
 * preparation learns per document, and publication — result, report keys, state change and the webhook
 * event in one transaction.
 */
import type { Db } from '../db.ts';
import type { Insertable } from 'kysely';
import type { DocumentRow, ResultsTable } from '../schema.ts';
import type { Organization } from '../../kernel/model/organization.ts';
import { toOrganization } from './tenants.ts';
import { markRunDone } from '../queue/runs.ts';

export async function tenantOfRun(db: Db, tenantId: string): Promise<Organization> {
  return toOrganization(await db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirstOrThrow());
}

/** Pages, conversion, kind and running page numbers of every prepared document, in one transaction. */
export async function recordPreparedDocuments(db: Db, runId: string, docs: { row: DocumentRow; warnings: string[] }[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { row, warnings } of docs) {
      await trx
        .updateTable('documents')
        .set({
          pages: row.pages,
          converted: row.converted,
          pdf_blob_key: row.pdf_blob_key,
          kind_guess: row.kind_guess,
          kind: row.kind,
          page_from: row.page_from,
          page_to: row.page_to,
          warnings: JSON.stringify(warnings),
        })
        .where('run_id', '=', runId)
        .where('idx', '=', row.idx)
        .execute();
    }
  });
}

export interface Publication {
  runId: string;
  tenantId: string;
  workerId: string;
  /** The run's final progress (JSON) and volume. */
  progress: string;
  volumeUnits: number;
  at: string;
  result: Omit<Insertable<ResultsTable>, 'run_id' | 'tenant_id' | 'published_at'>;
}

/**
 * Publishes a run: running → done (only while `workerId` holds it), the results row, and whatever `alsoRecord`
 * writes with the organization as it is now (the webhook event, which carries checks_left) — all or nothing.
 * False when the lease was lost (nothing is written).
 */
export async function publishRun(db: Db, p: Publication, alsoRecord: (trx: Db, tenant: Organization) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await markRunDone(trx, p.runId, p.workerId, { progress: p.progress, volumeUnits: p.volumeUnits, at: p.at }))) return false;
    await trx
      .insertInto('results')
      .values({ ...p.result, run_id: p.runId, tenant_id: p.tenantId, published_at: p.at })
      .execute();
    await alsoRecord(trx, await tenantOfRun(trx, p.tenantId));
    return true;
  });
}
