/**
 * Row factories for tests that set the database up directly: an organization with its key (made through the
 * repositories, as `drs org create` makes it) and a run row in any status.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../src/store/db.ts';
import { fromRun, type RunRow } from '../../src/store/repositories/run-rows.ts';
import { createApiKey, createTenant } from '../../src/store/repositories/tenants.ts';
import { orgSettingsFrom, type OrgValues } from '../../src/cli/org-options.ts';
import { newQueuedRun } from '../../src/domain/new-run.ts';
import type { ReportKeys } from '../../src/report/types.ts';
import type { BlobStore } from '../../src/blobs/blob-store.ts';
import type { CreatedOrg } from './server.ts';
import { slowPagePdf } from './fixtures.ts';

export interface TenantWithKey {
  tenantId: string;
  keyId: string;
  /** The key's secret and the header that presents it. */
  secret: string;
  auth: { authorization: string };
}

/** An organization (name and checks defaulted) with one API key. */
export async function addTenant(db: Db, opts: { name?: string; checks?: number; concurrency?: number } = {}): Promise<TenantWithKey> {
  const tenant = await createTenant(db, {
    name: opts.name ?? `ООО «Тест ${randomUUID().slice(0, 4)}»`,
    checksLeft: opts.checks ?? 10,
    ...(opts.concurrency !== undefined ? { concurrency: opts.concurrency } : {}),
  });
  const { key, secret } = await createApiKey(db, tenant.id);
  return { tenantId: tenant.id, keyId: key.id, secret, auth: { authorization: `Bearer ${secret}` } };
}

/**
 * An organization with a key from `drs org create` options ({checks: 3, 'max-files': 2, …}, validated by the
 * same code as the command), answered in the command's shape: {tenant_id, key_id, api_key, name, checks_left}.
 */
export async function createOrgRow(db: Db, options: Record<string, string | number> = {}): Promise<CreatedOrg> {
  const values = Object.fromEntries(
    Object.entries({ name: 'ООО «Проектная организация»', checks: 10, ...options }).map(([k, v]) => [k, String(v)]),
  ) as OrgValues;
  const settings = orgSettingsFrom(values);
  const tenant = await createTenant(db, { ...settings, name: settings.name!, checksLeft: settings.checksLeft! });
  const { key, secret } = await createApiKey(db, tenant.id);
  return { tenant_id: tenant.id, key_id: key.id, api_key: secret, name: tenant.name, checks_left: tenant.checksLeft };
}

/**
 * A run row of the given organization and key: charged, one volume unit, started now (as a run that was picked
 * up), finished now unless queued or running. `over` sets any other column (stage, refunded, bundle_id, …).
 */
export function runRow(owner: { tenantId: string; keyId: string }, status: RunRow['status'] = 'done', over: Partial<RunRow> = {}): RunRow {
  const now = new Date().toISOString();
  return {
    ...fromRun(newQueuedRun({ id: randomUUID(), tenantId: owner.tenantId, keyId: owner.keyId, createdAt: now })),
    status,
    stage: status,
    stage_text: status,
    volume_units: 1,
    attempts: 1,
    started_at: now,
    finished_at: status === 'queued' || status === 'running' ? null : now,
    ...over,
  };
}

/** Inserts runRow(owner, status, over) and returns its id. */
export async function insertRun(
  db: Db,
  owner: { tenantId: string; keyId: string },
  status: RunRow['status'] = 'done',
  over: Partial<RunRow> = {},
): Promise<string> {
  const run = runRow(owner, status, over);
  await db.insertInto('runs').values(run).execute();
  return run.id;
}

/** Publishes a run's result with the reports built for it (buildReports), as the pipeline stores them. */
export async function insertResult(db: Db, run: { runId: string; tenantId: string }, result: unknown, keys: ReportKeys): Promise<void> {
  await db
    .insertInto('results')
    .values({
      run_id: run.runId,
      tenant_id: run.tenantId,
      snapshot: 's',
      body: JSON.stringify(result),
      published_at: new Date().toISOString(),
      report_md_key: keys.reportMdKey,
      report_pdf_key: keys.reportPdfKey,
      section_pdf_keys: JSON.stringify(keys.sectionPdfKeys),
      theme_pdf_keys: JSON.stringify(keys.themePdfKeys),
      report_zip_key: keys.reportZipKey,
    })
    .execute();
}

/**
 * PDF documents of a run as preparation leaves them: each stored under the run's docs/ and its row written, numbered
 * from 1 in the given order (`pages` is the count preparation would have read).
 */
export async function insertPdfDocuments(
  db: Db,
  blobs: BlobStore,
  runId: string,
  pdfs: { name: string; content: Buffer; pages: number | null }[],
): Promise<void> {
  for (const [i, pdf] of pdfs.entries()) {
    const blobKey = `runs/${runId}/docs/${i + 1}.pdf`;
    await blobs.putBuffer(blobKey, pdf.content);
    await db
      .insertInto('documents')
      .values({
        run_id: runId,
        idx: i + 1,
        name: pdf.name,
        kind: 'КР',
        kind_chosen: 0,
        kind_guess: 'КР',
        role: 'review',
        format: 'pdf',
        size: pdf.content.length,
        sha256: createHash('sha256').update(pdf.content).digest('hex'),
        blob_key: blobKey,
        pdf_blob_key: null,
        pages: pdf.pages,
        converted: 0,
        page_from: null,
        page_to: null,
        warnings: '[]',
        unread_reason: null,
      })
      .execute();
  }
}

/** One run per organization, each holding `count` one-page PDFs slow to draw (the page-picture attacks of the benches). */
export async function insertSlowPageRuns(
  db: Db,
  blobs: BlobStore,
  organizations: readonly { tenant_id: string; key_id: string }[],
  count: number,
): Promise<string[]> {
  const content = slowPagePdf(2_000_000);
  const runs: string[] = [];
  for (const org of organizations) {
    const runId = await insertRun(db, { tenantId: org.tenant_id, keyId: org.key_id });
    await insertPdfDocuments(
      db,
      blobs,
      runId,
      Array.from({ length: count }, (_, i) => ({ name: `Тяжёлый-${i + 1}.pdf`, content, pages: 1 })),
    );
    runs.push(runId);
  }
  return runs;
}
