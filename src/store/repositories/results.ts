/** Published results: the result of a run, its stored report keys and its counts, with their JSON parsed. */
import { sql } from 'kysely';
import type { Db, DialectName } from '../db.ts';
import type { PublishedResult } from '../../kernel/result.ts';

/** The published result of a run of this tenant: its feedback_snapshot and the result as published. */
export interface StoredResult {
  snapshot: string;
  result: PublishedResult;
}

export async function publishedResultOf(db: Db, tenantId: string, runId: string): Promise<StoredResult | undefined> {
  const row = await db.selectFrom('results').select(['snapshot', 'body']).where('run_id', '=', runId).where('tenant_id', '=', tenantId).executeTakeFirst();
  return row && { snapshot: row.snapshot, result: JSON.parse(row.body) as PublishedResult };
}

/** What a rebuild of the PDFs reads of a published result: its body and report metadata (JSON text), and when it was published. */
export function resultForPdfs(db: Db, runId: string): Promise<{ body: string; report_meta: string | null; published_at: string }> {
  return db.selectFrom('results').select(['body', 'report_meta', 'published_at']).where('run_id', '=', runId).executeTakeFirstOrThrow();
}

/** Blob keys of the reports built at publication. */
export interface ReportKeys {
  report_md_key: string;
  /** Null when the PDFs could not be built; then every PDF key and the ZIP key are absent. */
  report_pdf_key: string | null;
  /** Section code → key of the per-section PDF, one per available section. */
  section_pdf_keys: Record<string, string>;
  /** Theme → key of the per-theme PDF, one per available theme. */
  theme_pdf_keys: Record<string, string>;
  report_zip_key: string | null;
}

/** The report keys stored with a published result, read without the result body. */
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

/** The feedback_snapshot of each published run among runIds (runs without a result are absent). */
export async function snapshotsOf(db: Db, runIds: readonly string[]): Promise<Map<string, string>> {
  if (!runIds.length) return new Map();
  const rows = await db.selectFrom('results').select(['run_id', 'snapshot']).where('run_id', 'in', runIds).execute();
  return new Map(rows.map((r) => [r.run_id, r.snapshot]));
}

export type FindingCounts = PublishedResult['counts'];

/** The counts of findings of the published results of runIds, by snapshot. */
export async function countsOf(db: Db, dialect: DialectName, runIds: readonly string[]): Promise<Map<string, FindingCounts>> {
  if (!runIds.length) return new Map();
  // Only the counts leave the database: the whole body of 200 results is megabytes to send and parse.
  const countsText = dialect === 'postgres' ? sql<string>`(body::json -> 'counts')::text` : sql<string>`json_extract(body, '$.counts')`;
  const rows = await db
    .selectFrom('results')
    .select(['snapshot', countsText.as('counts')])
    .where('run_id', 'in', runIds)
    .execute();
  return new Map(rows.filter((r) => r.counts).map((r) => [r.snapshot, JSON.parse(r.counts) as FindingCounts]));
}
