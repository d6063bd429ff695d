/**
 * The three report downloads through the real application (buildApp, auth, error envelope) on a migrated
 * store with a published run whose reports were built by buildReports: content types, attachment names,
 * Cyrillic section filters, and every error code of the report filters.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pino } from 'pino';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/http/app-instance.ts';
import { loadConfig } from '../../src/config.ts';
import { LocalBlobStore } from '../../src/blobs/local-blob-store.ts';

import { buildReports } from '../../src/report/index.ts';
import type { ReportKeys } from '../../src/report/types.ts';
import { downloadName } from '../helpers/disposition.ts';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';
import { addTenant, insertResult, insertRun as insertRunRow } from '../helpers/rows.ts';
import { makeResult, META } from './fixture.ts';
import { pdfText, zipEntries } from './inspect.ts';

/** A blob store that refuses PDFs, as a full or failing storage would. */
class PdfRefusingStore extends LocalBlobStore {
  override putStream(key: string, body: Readable): Promise<void> {
    if (!key.endsWith('.pdf')) return super.putStream(key, body);
    body.destroy();
    return Promise.reject(new Error('Нет места для PDF'));
  }
}

describe('report downloads', () => {
  let store: TestStore;
  let blobDir: string;
  let app: App;
  let auth: { authorization: string };
  let foreignAuth: { authorization: string };
  let runId: string;
  let failedPdfRun: string;
  let queuedRun: string;
  let tenantId: string;

  const insertRun = (tenant: string, keyId: string, status: 'queued' | 'done') => insertRunRow(store.db, { tenantId: tenant, keyId }, status);
  const publish = (run: string, keys: ReportKeys) => insertResult(store.db, { runId: run, tenantId }, makeResult(), keys);

  before(async () => {
    store = await openTestStore();
    blobDir = await mkdtemp(join(tmpdir(), 'drs-report-blobs-'));
    const blobs = new LocalBlobStore(blobDir);
    app = await buildApp({ config: loadConfig({ DATA_DIR: blobDir }), store, blobs, log: pino({ level: 'silent' }), notifyQueued: () => undefined });
    const owner = await addTenant(store.db, { name: META.organization, checks: 5 });
    ({ tenantId, auth } = owner);
    foreignAuth = (await addTenant(store.db, { name: 'ООО «Другая»', checks: 1 })).auth;

    // The fixture covers the themes construction, engineering, norms and unassigned; drop one to test 409.
    const result = makeResult();
    result.findings = result.findings.filter((f) => f.topic !== 'engineering');
    result.available_sections = result.available_sections.filter((s) => s.code !== 'ИОС1');
    result.available_themes = result.available_themes.filter((t) => t !== 'engineering');

    runId = await insertRun(tenantId, owner.keyId, 'done');
    await publish(runId, await buildReports(result, { ...META, run_id: runId }, blobs, `runs/${runId}/report`));

    failedPdfRun = await insertRun(tenantId, owner.keyId, 'done');
    let pdfError: unknown = null;
    const keys = await buildReports(makeResult(), { ...META, run_id: failedPdfRun }, new PdfRefusingStore(blobDir), `runs/${failedPdfRun}/report`, {
      onPdfError: (e) => (pdfError = e),
    });
    assert.match(String(pdfError), /Нет места/);
    assert.equal(keys.reportPdfKey, null);
    await publish(failedPdfRun, keys);

    queuedRun = await insertRun(tenantId, owner.keyId, 'queued');
  });

  after(async () => {
    await app.close();
    await store.dispose();
    await rm(blobDir, { recursive: true, force: true });
  });

  const get = (url: string, headers = auth) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

  async function expectError(url: string, status: number, code: string, headers = auth): Promise<void> {
    const r = await get(url, headers);
    assert.equal(r.statusCode, status, `${url}: ${r.body}`);
    assert.match(String(r.headers['content-type']), /^application\/json/);
    assert.equal(r.json().detail.error, code, url);
    assert.match(r.json().detail.message, /[а-яё]/i);
  }

  test('Markdown by default, as an attachment with a UTF-8 charset', async () => {
    for (const url of [`/runs/${runId}/report`, `/runs/${runId}/report?format=md`, `/runs/${runId}/report?format=markdown`]) {
      const r = await get(url);
      assert.equal(r.statusCode, 200);
      assert.equal(r.headers['content-type'], 'text/markdown; charset=utf-8');
      assert.equal(r.headers['x-content-type-options'], 'nosniff');
      assert.match(downloadName(r.headers['content-disposition']), /^Замечания .+ \d{4}-\d{2}-\d{2}\.md$/);
      assert.equal(Number(r.headers['content-length']), r.rawPayload.length);
      assert.match(r.body, /^# Отчёт о проверке проектной документации/);
      assert.match(r.body, /#### № 3 · /);
    }
  });

  test('PDF: overall, by format=pdf and by report.pdf', async () => {
    for (const url of [`/runs/${runId}/report?format=pdf`, `/runs/${runId}/report.pdf`]) {
      const r = await get(url);
      assert.equal(r.statusCode, 200);
      assert.equal(r.headers['content-type'], 'application/pdf');
      assert.equal(r.headers['x-content-type-options'], 'nosniff');
      assert.equal(r.rawPayload.subarray(0, 5).toString(), '%PDF-');
      assert.match(await pdfText(r.rawPayload), /Сводный отчёт/);
    }
  });

  test('per-section PDF by a URL-encoded Cyrillic code keeps the overall numbers', async () => {
    for (const url of [
      `/runs/${runId}/report.pdf?section=${encodeURIComponent('КР')}`,
      `/runs/${runId}/report?format=pdf&section=${encodeURIComponent('КЖ')}`,
    ]) {
      const r = await get(url);
      assert.equal(r.statusCode, 200, r.body);
      assert.match(downloadName(r.headers['content-disposition']), /^Замечания .+ \d{4}-\d{2}-\d{2}-КР\.pdf$/);
      const text = await pdfText(r.rawPayload);
      assert.match(text, /Отчёт по разделу КР — Раздел 4\. Конструктивные решения/);
      assert.match(text, /№ 4 · /);
      assert.doesNotMatch(text, /№ 3 · /);
    }
  });

  test('per-theme PDF', async () => {
    const r = await get(`/runs/${runId}/report.pdf?theme=norms`);
    assert.equal(r.statusCode, 200);
    assert.match(downloadName(r.headers['content-disposition']), /^Замечания .+ \d{4}-\d{2}-\d{2} Нормативные требования и оформление\.pdf$/);
    assert.match((await pdfText(r.rawPayload)).replace(/\s+/g, ' '), /тематической группе «Нормативные требования и оформление»/);
  });

  test('ZIP with the overall and per-section PDFs', async () => {
    const r = await get(`/runs/${runId}/report.zip`);
    assert.equal(r.statusCode, 200);
    assert.equal(r.headers['content-type'], 'application/zip');
    assert.equal(r.headers['x-content-type-options'], 'nosniff');
    assert.deepEqual(
      (await zipEntries(r.rawPayload)).map((e) => e.name),
      ['report.pdf', 'sections/АР.pdf', 'sections/КР.pdf', 'sections/ОБЩ.pdf', 'sections/ПБ.pdf', 'sections/ПЗ.pdf'],
    );
  });

  test('filter errors: 400 conflicting_filters, section_pdf_only, bad_section, bad_theme; 422 format', async () => {
    await expectError(`/runs/${runId}/report.pdf?section=${encodeURIComponent('КР')}&theme=norms`, 400, 'conflicting_filters');
    await expectError(`/runs/${runId}/report?format=pdf&section=${encodeURIComponent('КР')}&theme=norms`, 400, 'conflicting_filters');
    await expectError(`/runs/${runId}/report?section=${encodeURIComponent('КР')}`, 400, 'section_pdf_only');
    await expectError(`/runs/${runId}/report?format=md&theme=norms`, 400, 'section_pdf_only');
    await expectError(`/runs/${runId}/report.pdf?section=${encodeURIComponent('XYZ')}`, 400, 'bad_section');
    await expectError(`/runs/${runId}/report?format=pdf&section=${encodeURIComponent('Раздел 4')}`, 400, 'bad_section');
    await expectError(`/runs/${runId}/report.pdf?theme=design`, 400, 'bad_theme');
    await expectError(`/runs/${runId}/report?format=docx`, 422, 'validation_error');
  });

  test('409 for a known section or theme without findings in this result', async () => {
    await expectError(`/runs/${runId}/report.pdf?section=${encodeURIComponent('ИОС1')}`, 409, 'section_unavailable');
    await expectError(`/runs/${runId}/report.pdf?section=${encodeURIComponent('ТХ')}`, 409, 'section_unavailable');
    await expectError(`/runs/${runId}/report?format=pdf&theme=engineering`, 409, 'thematic_unavailable');
  });

  test('404 no_report before publication; 404 not_found for foreign and missing runs', async () => {
    for (const path of ['report', 'report.pdf', 'report.zip']) {
      await expectError(`/runs/${queuedRun}/${path}`, 404, 'no_report');
      await expectError(`/runs/${runId}/${path}`, 404, 'not_found', foreignAuth);
      await expectError(`/runs/${randomUUID()}/${path}`, 404, 'not_found');
    }
  });

  test('PDFs not built at publication: the first PDF download builds them, the Markdown is untouched', async () => {
    const md = await get(`/runs/${failedPdfRun}/report`);
    assert.equal(md.statusCode, 200);
    // Published without report_meta (as before it was kept): the metadata comes from the run's rows.
    const [pdf, zip] = await Promise.all([get(`/runs/${failedPdfRun}/report.pdf`), get(`/runs/${failedPdfRun}/report.zip`)]);
    assert.equal(pdf.statusCode, 200, pdf.body.slice(0, 200));
    assert.equal(pdf.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.equal(zip.statusCode, 200, zip.body.slice(0, 200));
    assert.ok((await zipEntries(zip.rawPayload)).some((e) => e.name === 'sections/КР.pdf'));
    const kr = await get(`/runs/${failedPdfRun}/report.pdf?section=${encodeURIComponent('КР')}`);
    assert.equal(kr.statusCode, 200);
    assert.match(await pdfText(kr.rawPayload), /Отчёт по разделу КР/);
    const row = await store.db.selectFrom('results').selectAll().where('run_id', '=', failedPdfRun).executeTakeFirstOrThrow();
    assert.ok(row.report_pdf_key && row.report_zip_key);
    assert.equal(row.pdf_build_attempts, 1, 'one build for the two concurrent downloads');
    assert.equal(row.pdf_build_owner, null);
    assert.equal((await get(`/runs/${failedPdfRun}/report`)).body, md.body);
  });

  test('a stored PDF that went missing answers 503, not 500', async () => {
    await rm(join(blobDir, 'runs', runId, 'report', 'themes', 'unassigned.pdf'));
    await expectError(`/runs/${runId}/report.pdf?theme=unassigned`, 503, 'pdf_unavailable');
  });

  test('401 without a key', async () => {
    const r = await app.inject({ method: 'GET', url: `/api/v1/runs/${runId}/report.pdf` });
    assert.equal(r.statusCode, 401);
  });
});
