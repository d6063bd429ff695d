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

const DESIGNER_HEADERS = ['№', 'Том', 'Лист', 'Замечание', 'Норма (пункт) и цитата из тома', 'Ответ проектировщика', 'Лист с исправлением', 'Снято / не снято'];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** The table of a register sheet: its header row (found by «№» in the first column), the headers and the rows by finding id. */
function tableOf(sheet: ExcelJS.Worksheet) {
  let headerRow = 0;
  sheet.eachRow((row, i) => {
    if (!headerRow && row.getCell(1).value === '№') headerRow = i;
  });
  assert.ok(headerRow > 1, 'the heading block comes before the table');
  const headers = (sheet.getRow(headerRow).values as unknown[]).slice(1).map(String);
  const idColumn = headers.length;
  const rows: ExcelJS.Row[] = [];
  for (let i = headerRow + 1; typeof sheet.getRow(i).getCell(1).value === 'number'; i++) rows.push(sheet.getRow(i));
  const byId = new Map(rows.map((r) => [String(r.getCell(idColumn).value), r]));
  return { headerRow, headers, rows, byId, idColumn };
}

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

  /** The report numbers of the rows, read through the hidden id column. */
  const numbers = (sheet: ExcelJS.Worksheet) =>
    tableOf(sheet).rows.map((r) => result.findings.find((f) => f.finding_id === String(r.getCell(tableOf(sheet).idColumn).value))!.n);
  const idOf = (n: number) => result.findings.find((f) => f.n === n)!.finding_id;

  test('XLSX for the designer: a heading, the table frozen, filtered and repeated in print, A4 landscape; no internal columns; rejected left out', async () => {
    const sheet = await sheetOf(`/runs/${runId}/register.xlsx`);
    const table = tableOf(sheet);
    assert.deepEqual(table.headers.slice(0, -1), DESIGNER_HEADERS);
    assert.equal(table.headers.at(-1), `drs-register:designer:${runId}`, 'the hidden column names the run');
    assert.equal(sheet.getColumn(table.idColumn).hidden, true);
    assert.match(String(sheet.getRow(1).getCell(1).value), /^Реестр замечаний для проектировщика$/);
    const heading = Array.from({ length: table.headerRow - 1 }, (_, i) => String(sheet.getRow(i + 1).getCell(1).value ?? ''));
    for (const label of [
      'Объект',
      'Адрес объекта',
      'Стадия',
      'Заказчик (застройщик)',
      'Проектная организация',
      'Экспертная организация',
      'Дело',
      'Тур (проверка комплекта)',
      'Дата',
    ])
      assert.ok(
        heading.some((line) => line.startsWith(`${label}: `)),
        label,
      );
    assert.ok(!heading.some((line) => UUID.test(line)), 'no internal id in the heading');
    assert.equal(sheet.views[0]?.state, 'frozen');
    assert.equal((sheet.views[0] as { ySplit?: number }).ySplit, table.headerRow);
    assert.ok(sheet.autoFilter, 'autofilter set');
    assert.equal(sheet.pageSetup.orientation, 'landscape');
    assert.equal(sheet.pageSetup.paperSize, 9);
    assert.equal(sheet.pageSetup.printTitlesRow, `${table.headerRow}:${table.headerRow}`);
    assert.deepEqual(
      table.rows.map((r) => r.getCell(1).value),
      Array.from({ length: result.findings.length - 1 }, (_, i) => i + 1),
      'numbered 1, 2, 3… without gaps',
    );
    assert.ok(!table.byId.has(rejectedId));
    for (const row of table.rows) assert.ok((row.height ?? 0) >= 13, 'every row has its height');
    const text = table.rows.map((r) => (r.values as unknown[]).slice(1, -1).join(' ')).join(' ');
    assert.doesNotMatch(text, /Исправить в следующей редакции|Существенное|key:|\(стр\. \d/, 'no decisions, importance, key ids or running pages');
    assert.match(String(sheet.getRow(table.rows.at(-1)!.number + 0).getCell(1).value), /^\d+$/);
    let signature = '';
    sheet.eachRow((row) => {
      if (String(row.getCell(1).value ?? '').startsWith('Эксперт ')) signature = String(row.getCell(1).value);
    });
    assert.match(signature, /^Эксперт _+ \/ _+ \/$/, 'a key without a name leaves the line to sign and write by hand');
  });

  test('XLSX on request includes the rejected finding, marked', async () => {
    const sheet = await sheetOf(`/runs/${runId}/register.xlsx?include_rejected=true`);
    const table = tableOf(sheet);
    assert.equal(table.rows.length, result.findings.length);
    const rejected = table.byId.get(rejectedId)!;
    assert.equal((rejected.getCell(1).fill as ExcelJS.FillPattern).pattern, 'solid');
    assert.equal(((rejected.getCell(1).fill as ExcelJS.FillPattern).fgColor as { argb?: string }).argb, 'FFEDEDED');
  });

  test('XLSX for the specialist: every finding, the decisions and who took them, in the organization’s time zone', async () => {
    const cellOf = async () => {
      const sheet = await sheetOf(`/runs/${runId}/register.xlsx?variant=specialist`);
      const table = tableOf(sheet);
      assert.equal(table.rows.length, result.findings.length, 'rejected ones too');
      const decision = table.headers.indexOf('Решение специалиста') + 1;
      assert.match(String(table.byId.get(rejectedId)!.getCell(decision).value), /^Отклонено: Расчёт приведён в томе КР, лист 12/);
      return String(table.byId.get(idOf(acceptedN))!.getCell(decision).value);
    };
    assert.match(await cellOf(), /^Принято: Исправить в следующей редакции\nключ без имени, .* МСК$/);
    await updateTenant(store.db, ownerId, { timeZone: 'Asia/Yekaterinburg' });
    try {
      assert.match(await cellOf(), /, \d\d\.\d\d\.\d{4} \d\d:\d\d Asia\/Yekaterinburg$/);
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
    const name = downloadName(r.headers['content-disposition']);
    assert.match(name, /^Реестр замечаний для проектировщика (.+ )?КР \d{4}-\d{2}-\d{2}\.docx$/);
    assert.doesNotMatch(name, UUID);
  });

  test('DOCX: landscape A4, the heading, one table with a repeated header row, rows of the findings, the signature', async () => {
    for (const [query, rows] of [
      ['', result.findings.length - 1],
      ['?include_rejected=true', result.findings.length],
    ] as const) {
      const r = await get(`/runs/${runId}/register.docx${query}`);
      assert.equal(r.statusCode, 200, r.body);
      assert.equal(r.headers['content-type'], 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      const name = downloadName(r.headers['content-disposition']);
      assert.match(name, /^Реестр замечаний для проектировщика .*\d{4}-\d{2}-\d{2}\.docx$/);
      assert.doesNotMatch(name, UUID);
      const xml = (await zipEntries(r.rawPayload)).find((e) => e.name === 'word/document.xml')?.data.toString('utf8');
      assert.ok(xml, 'word/document.xml');
      assert.match(xml, /<w:pgSz w:w="16838" w:h="11906" w:orient="landscape"\/>/);
      assert.equal((xml.match(/<w:tblHeader\/>/g) ?? []).length, 1);
      // the heading block is a table of its own: 9 lines
      assert.equal((xml.match(/<w:tr>/g) ?? []).length, 9 + rows + 1);
      for (const h of DESIGNER_HEADERS) assert.ok(xml.includes(`<w:t xml:space="preserve">${h}</w:t>`) || xml.includes(`<w:t>${h}</w:t>`), h);
      assert.equal(xml.includes('w:fill="EDEDED"'), query !== '');
      assert.doesNotMatch(xml, UUID, 'no internal id anywhere in the DOCX');
      assert.match(xml, /Эксперт _+ \/ _+ \//);
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
