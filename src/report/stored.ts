/** The report keys stored with a published result (results table), read without the result body. */
import type { Db } from '../store/db.ts';
import type { ReportKeys } from './types.ts';

export async function storedReportKeys(db: Db, tenantId: string, runId: string): Promise<ReportKeys | null> {
  const row = await db
    .selectFrom('results')
    .select(['report_md_key', 'report_pdf_key', 'section_pdf_keys', 'theme_pdf_keys', 'report_zip_key'])
    .where('run_id', '=', runId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    report_md_key: row.report_md_key,
    report_pdf_key: row.report_pdf_key,
    section_pdf_keys: JSON.parse(row.section_pdf_keys) as Record<string, string>,
    theme_pdf_keys: JSON.parse(row.theme_pdf_keys) as Record<string, string>,
    report_zip_key: row.report_zip_key,
  };
}
