/**
 * The register of remarks through the real application on a migrated store with a published run: the XLSX read
 * back with ExcelJS and the DOCX's word/document.xml read from its ZIP — columns, rows, the report filters, the
 * rejected finding left out and included with its mark on request, print setup, and the contract's errors.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { pino } from 'pino';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/http/app-instance.ts';
import { loadConfig } from '../../src/config.ts';
import { LocalBlobStore } from '../../src/blobs/local-blob-store.ts';
import type { PublishedResult } from '../../src/kernel/result.ts';
import { downloadName } from '../helpers/disposition.ts';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';
import { addTenant, insertResult, insertRun } from '../helpers/rows.ts';
import { updateTenant } from '../../src/store/repositories/tenants.ts';
import { makeResult, META } from './fixture.ts';
import { pdfText, zipEntries } from './inspect.ts';
import { renderMarkdown } from '../../src/report/markdown.ts';

const HEADERS = [
  '№',
  'Раздел',
  'Документ и лист',
  'Замечание',
  'Обоснование (норма, цитата, страница)',
  'Важность',
  'Решение специалиста',
  'Ответ проектировщика',
  'Статус',
  'Изменение с прошлой проверки',
];

describe('register of remarks', () => {
  let store: TestStore;
  let blobDir: string;
  let app: App;
  let auth: { authorization: string };
  let foreignAuth: { authorization: string };
  let runId: string;
  let queuedRun: string;
  let result: PublishedResult;
  let rejectedN: number;
  let acceptedN: number;
  let rejectedId: string;
  let ownerId: string;

  before(async () => {
    store = await openTestStore();
    blobDir = await mkdtemp(join(tmpdir(), 'drs-register-'));
    const blobs = new LocalBlobStore(blobDir);
    app = await buildApp({ config: loadConfig({ DATA_DIR: blobDir }), store, blobs, log: pino({ level: 'silent' }), notifyQueued: () => undefined });
    const owner = await addTenant(store.db, { name: META.organization, checks: 5 });
    auth = owner.auth;
    ownerId = owner.tenantId;
    foreignAuth = (await addTenant(store.db, { name: 'ООО «Другая»', checks: 1 })).auth;
    result = makeResult();
    result.findings = result.findings.filter((f) => f.topic !== 'engineering');
    result.available_sections = result.available_sections.filter((s) => s.code !== 'ИОС1');
    result.available_themes = result.available_themes.filter((t) => t !== 'engineering');
    runId = await insertRun(store.db, { tenantId: owner.tenantId, keyId: owner.keyId }, 'done');
    // the register is built from the result and the decisions, never from the stored reports
    // PDFs as after a failed publication: the published ones are rebuilt on demand, those without rejected findings built anew
    const keys = { reportMdKey: `runs/${runId}/report/report.md`, reportPdfKey: null, sectionPdfKeys: {}, themePdfKeys: {}, reportZipKey: null };
    await blobs.putBuffer(keys.reportMdKey, renderMarkdown(result, { ...META, run_id: runId }));
    await insertResult(store.db, { runId, tenantId: owner.tenantId }, result, keys);
    queuedRun = await insertRun(store.db, { tenantId: owner.tenantId, keyId: owner.keyId }, 'queued');

    const sorted = [...result.findings].sort((a, b) => a.n - b.n);
    const decide = async (findingId: string, decision: string, reason: string) => {
      const r = await app.inject({
        method: 'POST',
        url: `/api/v1/runs/${runId}/feedback`,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: { snapshot: 's', finding_id: findingId, decision, reason, version: 0, request_key: randomUUID() },
      });
      assert.equal(r.statusCode, 201, r.body);
    };
    rejectedN = sorted[0]!.n;
    rejectedId = sorted[0]!.finding_id;
    acceptedN = sorted[1]!.n;
    await decide(sorted[0]!.finding_id, 'rejected', 'Расчёт приведён в томе КР, лист 12');
    await decide(sorted[1]!.finding_id, 'accepted', 'Исправить в следующей редакции');
  });

  after(async () => {
    await app.close();
    await store.dispose();
    await rm(blobDir, { recursive: true, force: true });
  });

  const get = (url: string, headers = auth) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

  async function sheetOf(url: string): Promise<ExcelJS.Worksheet> {
    const r = await get(url);
    assert.equal(r.statusCode, 200, r.body);
    assert.equal(r.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    const bytes = r.rawPayload;
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer);
    const sheet = book.worksheets[0];
    assert.ok(sheet);
    return sheet;
  }

  const numbers = (sheet: ExcelJS.Worksheet) => {
    const out: number[] = [];
    sheet.eachRow((row, i) => i > 1 && out.push(Number(row.getCell(1).value)));
    return out;
  };

  test('XLSX: Russian headers, frozen header row, autofilter, A4 landscape; rejected finding left out', async () => {
    const sheet = await sheetOf(`/runs/${runId}/register.xlsx`);
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), HEADERS);
    assert.equal(sheet.views[0]?.state, 'frozen');
    assert.equal((sheet.views[0] as { ySplit?: number }).ySplit, 1);
    assert.ok(sheet.autoFilter, 'autofilter set');
    assert.equal(sheet.pageSetup.orientation, 'landscape');
    assert.equal(sheet.pageSetup.paperSize, 9);
    assert.equal(sheet.pageSetup.printTitlesRow, '1:1');
    const ns = numbers(sheet);
    assert.equal(ns.length, result.findings.length - 1);
    assert.ok(!ns.includes(rejectedN));
    const accepted = sheet.getRow(ns.indexOf(acceptedN) + 2);
    assert.match(String(accepted.getCell(7).value), /^Принято: Исправить в следующей редакции\nkey:/);
    assert.equal(accepted.getCell(8).value ?? '', '');
    assert.equal(accepted.getCell(9).value, 'Принято, к устранению');
  });

  test('XLSX on request includes the rejected finding, marked', async () => {
    const sheet = await sheetOf(`/runs/${runId}/register.xlsx?include_rejected=true`);
    const ns = numbers(sheet);
    assert.equal(ns.length, result.findings.length);
    const rejected = sheet.getRow(ns.indexOf(rejectedN) + 2);
    assert.equal(rejected.getCell(9).value, 'Отклонено специалистом');
    assert.match(String(rejected.getCell(7).value), /^Отклонено: Расчёт приведён в томе КР, лист 12/);
    assert.equal((rejected.getCell(1).fill as ExcelJS.FillPattern).pattern, 'solid');
  });

  test('times of decisions in the organization’s time zone', async () => {
    const cellOf = async () => {
      const sheet = await sheetOf(`/runs/${runId}/register.xlsx`);
      return String(sheet.getRow(numbers(sheet).indexOf(acceptedN) + 2).getCell(7).value);
    };
    assert.match(await cellOf(), / МСК$/);
    await updateTenant(store.db, ownerId, { timeZone: 'Asia/Yekaterinburg' });
    try {
      const cell = await cellOf();
      assert.match(cell, /, \d\d\.\d\d\.\d{4} \d\d:\d\d Asia\/Yekaterinburg$/);
    } finally {
      await updateTenant(store.db, ownerId, { timeZone: 'Europe/Moscow' });
    }
  });

  test('the section and theme filters of the reports', async () => {
    const kr = numbers(await sheetOf(`/runs/${runId}/register.xlsx?section=${encodeURIComponent('КР')}&include_rejected=true`));
    const expected = result.findings
      .filter((f) => f.section === 'КР')
      .map((f) => f.n)
      .sort((a, b) => a - b);
    assert.ok(expected.length > 0);
    assert.deepEqual(kr, expected);
    const norms = numbers(await sheetOf(`/runs/${runId}/register.xlsx?theme=norms&include_rejected=true`));
    assert.equal(norms.length, result.findings.filter((f) => f.topic === 'norms').length);
    const r = await get(`/runs/${runId}/register.docx?section=${encodeURIComponent('КР')}`);
    assert.equal(r.statusCode, 200);
    assert.match(downloadName(r.headers['content-disposition']), /^Реестр замечаний .+ \d{4}-\d{2}-\d{2}-КР\.docx$/);
  });

  test('DOCX: landscape A4, one table with a repeated header row, rows of the findings', async () => {
    for (const [query, rows] of [
      ['', result.findings.length - 1],
      ['?include_rejected=true', result.findings.length],
    ] as const) {
      const r = await get(`/runs/${runId}/register.docx${query}`);
      assert.equal(r.statusCode, 200, r.body);
      assert.equal(r.headers['content-type'], 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      assert.match(downloadName(r.headers['content-disposition']), /^Реестр замечаний .+ \d{4}-\d{2}-\d{2}\.docx$/);
      const xml = (await zipEntries(r.rawPayload)).find((e) => e.name === 'word/document.xml')?.data.toString('utf8');
      assert.ok(xml, 'word/document.xml');
      assert.match(xml, /<w:pgSz w:w="16838" w:h="11906" w:orient="landscape"\/>/);
      assert.equal((xml.match(/<w:tblHeader\/>/g) ?? []).length, 1);
      assert.equal((xml.match(/<w:tr>/g) ?? []).length, rows + 1);
      for (const h of HEADERS) assert.ok(xml.includes(`<w:t xml:space="preserve">${h}</w:t>`) || xml.includes(`<w:t>${h}</w:t>`), h);
      assert.equal(xml.includes('Отклонено специалистом'), query !== '');
    }
  });

  test('another organization’s run is 404 not_found; a run not published is 404 no_report; bad filters as the reports', async () => {
    const expectError = async (url: string, status: number, code: string, headers = auth) => {
      const r = await get(url, headers);
      assert.equal(r.statusCode, status, `${url}: ${r.body}`);
      assert.equal(r.json().detail.error, code, url);
    };
    await expectError(`/runs/${runId}/register.xlsx`, 404, 'not_found', foreignAuth);
    await expectError(`/runs/${runId}/register.docx`, 404, 'not_found', foreignAuth);
    await expectError(`/runs/${queuedRun}/register.xlsx`, 404, 'no_report');
    await expectError(`/runs/${randomUUID()}/register.docx`, 404, 'not_found');
    await expectError(`/runs/${runId}/register.xlsx?section=КР&theme=norms`, 400, 'conflicting_filters');
    await expectError(`/runs/${runId}/register.xlsx?theme=colour`, 400, 'bad_theme');
    await expectError(`/runs/${runId}/register.xlsx?section=${encodeURIComponent('ИОС1')}`, 409, 'section_unavailable');
    await expectError(`/runs/${runId}/register.xlsx?theme=engineering`, 409, 'thematic_unavailable');
    await expectError(`/runs/${runId}/register.xlsx?include_rejected=maybe`, 422, 'validation_error');
    const anonymous = await app.inject({ method: 'GET', url: `/api/v1/runs/${runId}/register.xlsx` });
    assert.equal(anonymous.statusCode, 401);
  });

  test('the Markdown, the PDFs and the ZIP leave the rejected finding out and name it; a withdrawal brings it back', async () => {
    const heading = (n: number) => new RegExp(`#### № ${n} · `);
    const md = await get(`/runs/${runId}/report`);
    assert.equal(md.statusCode, 200, md.body);
    assert.doesNotMatch(md.body, heading(rejectedN));
    assert.match(md.body, heading(acceptedN));
    assert.match(md.body, new RegExp(`Отклонены специалистом и в отчёт не включены: № ${rejectedN} `));
    const etag = String(md.headers.etag);
    assert.equal((await get(`/runs/${runId}/report`, { ...auth, 'if-none-match': etag } as typeof auth)).statusCode, 304);

    const pdf = await get(`/runs/${runId}/report.pdf`);
    assert.equal(pdf.statusCode, 200, pdf.body);
    const text = await pdfText(pdf.rawPayload);
    assert.doesNotMatch(text, new RegExp(`№ ${rejectedN} · `));
    assert.match(text, new RegExp(`№ ${acceptedN} · `));
    assert.match(text, /Отклонены специалистом/);
    const zip = await get(`/runs/${runId}/report.zip`);
    assert.equal(zip.statusCode, 200);
    assert.ok((await zipEntries(zip.rawPayload)).some((e) => e.name === 'report.pdf'));

    const withdrawn = await app.inject({
      method: 'POST',
      url: `/api/v1/runs/${runId}/feedback`,
      headers: { ...auth, 'content-type': 'application/json' },
      payload: { snapshot: 's', finding_id: rejectedId, decision: 'withdrawn', reason: '', version: 1, request_key: randomUUID() },
    });
    assert.equal(withdrawn.statusCode, 201, withdrawn.body);
    const again = await get(`/runs/${runId}/report`);
    assert.match(again.body, heading(rejectedN), 'the published report again');
    assert.doesNotMatch(again.body, /Отклонены специалистом/);
    assert.notEqual(again.headers.etag, etag);
    const sheet = await sheetOf(`/runs/${runId}/register.xlsx`);
    assert.ok(numbers(sheet).includes(rejectedN), 'open again in the register');
  });

  test('GET /features announces the register', async () => {
    const r = await get('/features');
    assert.equal(r.json().features.remark_register, true);
  });
});
