/** Published results: the result of a run, its stored report keys and its counts, with their JSON parsed. */
import { sql } from 'kysely';
import type { Db, DialectName } from '../db.ts';
import type { PublishedResult } from '../../kernel/result.ts';
import type { PdfBuildState, PublishedSource, ReportKeys, ReportMeta, StoredResult } from '../../kernel/model/results.ts';

export type { PdfBuildState, PublishedSource, ReportKeys, StoredResult };

/** The stored report keys of a results row: the maps are JSON text in the table. */
export function toReportKeys(row: {
  report_md_key: string;
  report_pdf_key: string | null;
  section_pdf_keys: string;
  theme_pdf_keys: string;
  report_zip_key: string | null;
}): ReportKeys {
  return {
    reportMdKey: row.report_md_key,
    reportPdfKey: row.report_pdf_key,
    sectionPdfKeys: JSON.parse(row.section_pdf_keys) as Record<string, string>,
    themePdfKeys: JSON.parse(row.theme_pdf_keys) as Record<string, string>,
    reportZipKey: row.report_zip_key,
  };
}

export async function publishedResultOf(db: Db, tenantId: string, runId: string): Promise<StoredResult | undefined> {
  const row = await db.selectFrom('results').select(['snapshot', 'body']).where('run_id', '=', runId).where('tenant_id', '=', tenantId).executeTakeFirst();
  return row && { snapshot: row.snapshot, result: JSON.parse(row.body) as PublishedResult };
}

/** The report keys stored with a published result, read without the result body. */
export async function storedReportKeys(db: Db, tenantId: string, runId: string): Promise<ReportKeys | null> {
  const row = await db
    .selectFrom('results')
    .select(['report_md_key', 'report_pdf_key', 'section_pdf_keys', 'theme_pdf_keys', 'report_zip_key'])
    .where('run_id', '=', runId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row ? toReportKeys(row) : null;
}

/** What the PDFs of a published run are built from: the result, the report metadata (parsed) and the time. */
export async function publishedSourceOf(db: Db, runId: string): Promise<PublishedSource> {
  const row = await db.selectFrom('results').select(['body', 'report_meta', 'published_at']).where('run_id', '=', runId).executeTakeFirstOrThrow();
  return {
    result: JSON.parse(row.body) as PublishedResult,
    reportMeta: row.report_meta === null ? null : (JSON.parse(row.report_meta) as ReportMeta),
    publishedAt: row.published_at,
  };
}

/** The report keys of a published run with the state of its PDF build (see src/report/rebuild.ts). */
export async function pdfBuildStateOf(db: Db, runId: string): Promise<PdfBuildState> {
  const row = await db
    .selectFrom('results')
    .select(['report_md_key', 'report_pdf_key', 'section_pdf_keys', 'theme_pdf_keys', 'report_zip_key', 'pdf_retry_at', 'pdf_build_expires_at'])
    .where('run_id', '=', runId)
    .executeTakeFirstOrThrow();
  return { keys: toReportKeys(row), buildExpiresAt: row.pdf_build_expires_at, retryAt: row.pdf_retry_at };
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

/** The object's cipher and name as a published result established them (set.object); null where it named none. */
export interface ObjectTitle {
  cipher: string | null;
  name: string | null;
}

/** ObjectTitle of the published results of runIds, by run id, read without sending the result bodies. */
export async function objectTitlesOf(db: Db, dialect: DialectName, runIds: readonly string[]): Promise<Map<string, ObjectTitle>> {
  if (!runIds.length) return new Map();
  const [cipher, name] =
    dialect === 'postgres'
      ? [sql<string | null>`body::json #>> '{set,object,cipher_base,value}'`, sql<string | null>`body::json #>> '{set,object,name,value}'`]
      : [sql<string | null>`json_extract(body, '$.set.object.cipher_base.value')`, sql<string | null>`json_extract(body, '$.set.object.name.value')`];
  const rows = await db
    .selectFrom('results')
    .select(['run_id', cipher.as('cipher'), name.as('name')])
    .where('run_id', 'in', runIds)
    .execute();
  return new Map(rows.map((r) => [r.run_id, { cipher: r.cipher || null, name: r.name || null }]));
}

/** The published result of the run a revision is compared with, and the names of that run's documents. */
export interface PreviousPublished {
  runId: string;
  publishedAt: string;
  result: PublishedResult;
  /** doc_index → stored file name. */
  documentNames: Map<number, string>;
  /** The run's documents: index, stored name, content hash and kind. */
  documents: { doc_index: number; name: string; sha256: string; kind: string | null }[];
}

/**
 * The previous run of a bundle: the latest run of the same organization and bundle accepted before this one
 * whose result is published (ties of the acceptance time broken by id, as the runs list orders them).
 */
export async function previousPublishedInBundle(
  db: Db,
  run: { id: string; tenantId: string; bundleId: string; createdAt: string },
): Promise<PreviousPublished | null> {
  const row = await db
    .selectFrom('runs')
    .innerJoin('results', 'results.run_id', 'runs.id')
    .select(['runs.id as run_id', 'results.body', 'results.published_at'])
    .where('runs.tenant_id', '=', run.tenantId)
    .where('results.tenant_id', '=', run.tenantId)
    .where('runs.bundle_id', '=', run.bundleId)
    .where('runs.status', '=', 'done')
    .where('runs.id', '!=', run.id)
    .where((eb) => eb.or([eb('runs.created_at', '<', run.createdAt), eb.and([eb('runs.created_at', '=', run.createdAt), eb('runs.id', '<', run.id)])]))
    .orderBy('runs.created_at', 'desc')
    .orderBy('runs.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const documents = await db.selectFrom('documents').select(['idx', 'name', 'sha256', 'kind']).where('run_id', '=', row.run_id).orderBy('idx').execute();
  return {
    runId: row.run_id,
    publishedAt: row.published_at,
    result: JSON.parse(row.body) as PublishedResult,
    documentNames: new Map(documents.map((d) => [d.idx, d.name])),
    documents: documents.map((d) => ({ doc_index: d.idx, name: d.name, sha256: d.sha256, kind: d.kind })),
  };
}

/**
 * The rounds of many runs in their bundles in one query, counted as roundInBundle counts one: 1 + the published
 * runs of the same organization and bundle accepted before it (ties of the acceptance time broken by id). Runs
 * outside a bundle are left out.
 */
export async function roundsInBundles(
  db: Db,
  tenantId: string,
  runs: readonly { id: string; bundleId: string | null; createdAt: string }[],
): Promise<Map<string, number>> {
  const bundles = [...new Set(runs.map((r) => r.bundleId).filter((b): b is string => b !== null))];
  if (!bundles.length) return new Map();
  const published = await db
    .selectFrom('runs')
    .innerJoin('results', 'results.run_id', 'runs.id')
    .select(['runs.id as id', 'runs.bundle_id as bundle_id', 'runs.created_at as created_at'])
    .where('runs.tenant_id', '=', tenantId)
    .where('results.tenant_id', '=', tenantId)
    .where('runs.status', '=', 'done')
    .where('runs.bundle_id', 'in', bundles)
    .execute();
  const rounds = new Map<string, number>();
  for (const r of runs) {
    if (!r.bundleId) continue;
    const before = published.filter(
      (p) => p.bundle_id === r.bundleId && p.id !== r.id && (p.created_at < r.createdAt || (p.created_at === r.createdAt && p.id < r.id)),
    ).length;
    rounds.set(r.id, before + 1);
  }
  return rounds;
}

/**
 * The round of a run in its bundle: 1 + the published runs of the same organization and bundle accepted before it
 * (ties of the acceptance time broken by id, as previousPublishedInBundle orders them).
 */
export async function roundInBundle(db: Db, run: { id: string; tenantId: string; bundleId: string; createdAt: string }): Promise<number> {
  const row = await db
    .selectFrom('runs')
    .innerJoin('results', 'results.run_id', 'runs.id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('runs.tenant_id', '=', run.tenantId)
    .where('runs.bundle_id', '=', run.bundleId)
    .where('runs.status', '=', 'done')
    .where('runs.id', '!=', run.id)
    .where((eb) => eb.or([eb('runs.created_at', '<', run.createdAt), eb.and([eb('runs.created_at', '=', run.createdAt), eb('runs.id', '<', run.id)])]))
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}
