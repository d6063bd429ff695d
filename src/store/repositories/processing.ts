/**
 * The writes of a run's processing besides its state changes (those are src/store/queue/runs.ts): what
 * preparation learns per document, and publication — result, report keys, state change and the webhook
 * event in one transaction.
 */
import type { Db } from '../db.ts';
import type { Organization } from '../../kernel/model/organization.ts';
import { toOrganization } from './tenants.ts';
import type { RunDocument } from '../../kernel/model/runs.ts';
import type { Progress } from '../../kernel/progress.ts';
import type { PublishedResult } from '../../kernel/result.ts';
import { markRunDone } from '../queue/runs.ts';
import type { ReportKeys, ReportMeta } from '../../kernel/model/results.ts';

export async function tenantOfRun(db: Db, tenantId: string): Promise<Organization> {
  return toOrganization(await db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirstOrThrow());
}

/** Pages, conversion, kind and running page numbers of every prepared document, in one transaction. */
export async function recordPreparedDocuments(db: Db, runId: string, docs: RunDocument[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const d of docs) {
      await trx
        .updateTable('documents')
        .set({
          pages: d.pages,
          converted: d.converted ? 1 : 0,
          pdf_blob_key: d.pdfBlobKey,
          kind_guess: d.kindGuess,
          kind: d.kind,
          page_from: d.pageFrom,
          page_to: d.pageTo,
          warnings: JSON.stringify(d.warnings),
        })
        .where('run_id', '=', runId)
        .where('idx', '=', d.idx)
        .execute();
    }
  });
}

/**
 * What reading learned per document: the reason for each document of which no page was read, null for the
 * rest (a run read again after a lost worker is written anew).
 */
export async function recordUnreadDocuments(db: Db, runId: string, unread: readonly { index: number; reason: string }[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('documents').set({ unread_reason: null }).where('run_id', '=', runId).execute();
    for (const d of unread) {
      await trx.updateTable('documents').set({ unread_reason: d.reason }).where('run_id', '=', runId).where('idx', '=', d.index).execute();
    }
  });
}

export interface Publication {
  runId: string;
  tenantId: string;
  workerId: string;
  /** The run's final progress and volume. */
  progress: Progress;
  volumeUnits: number;
  at: string;
  result: {
    snapshot: string;
    body: PublishedResult;
    keys: ReportKeys;
    /** What the reports were built with, kept for rebuilding the PDFs. */
    reportMeta: ReportMeta;
    /** Why the PDFs could not be built at publication, or null. */
    pdfError: string | null;
  };
}

/**
 * Publishes a run: running → done (only while `workerId` holds it), the results row, and whatever `alsoRecord`
 * writes with the organization as it is now (the webhook event, which carries checks_left) — all or nothing.
 * False when the lease was lost (nothing is written).
 */
export async function publishRun(db: Db, p: Publication, alsoRecord: (trx: Db, tenant: Organization) => Promise<void>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await markRunDone(trx, p.runId, p.workerId, { progress: p.progress, volumeUnits: p.volumeUnits, at: p.at }))) return false;
    const { snapshot, body, keys, reportMeta, pdfError } = p.result;
    await trx
      .insertInto('results')
      .values({
        run_id: p.runId,
        tenant_id: p.tenantId,
        snapshot,
        body: JSON.stringify(body),
        report_md_key: keys.reportMdKey,
        report_pdf_key: keys.reportPdfKey,
        section_pdf_keys: JSON.stringify(keys.sectionPdfKeys),
        theme_pdf_keys: JSON.stringify(keys.themePdfKeys),
        report_zip_key: keys.reportZipKey,
        report_meta: JSON.stringify(reportMeta),
        // The build at publication is the first.
        pdf_build_attempts: 1,
        pdf_error: pdfError,
        published_at: p.at,
      })
      .execute();
    await alsoRecord(trx, await tenantOfRun(trx, p.tenantId));
    return true;
  });
}
