/**
 * Reports end to end through the service (API and worker in-process, runs in their child processes): a set is reviewed by the worker, the reports built at
 * publication are downloaded, agree with /findings, and survive DELETE /runs/{run_id}/documents; the register of remarks
 * is written in a report child and follows a decision.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { pdfText, zipEntries } from './inspect.ts';
import { numbersIn, submitTwoSectionSet } from './two-section-set.ts';

describe('reports of a reviewed set', () => {
  let server: InProcessServer;
  let api: Client;
  let runId: string;
  let findings: { n: number; section: string; finding_id: string }[];
  let snapshot: string;
  let sections: string[];

  before(async () => {
    server = await startApp({ worker: true });
    api = new Client(server.baseUrl, (await server.createOrg({ checks: 2 })).api_key);
    runId = await submitTwoSectionSet(api);
    const status = await api.waitRun(runId, 180_000);
    assert.equal(status.status, 'done', JSON.stringify(status));
    const result = (await api.get(`/runs/${runId}/findings`)).json;
    findings = result.findings;
    snapshot = result.feedback_snapshot;
    sections = result.available_sections.map((s: { code: string }) => s.code);
    assert.ok(findings.length >= 2 && sections.length >= 2, `${findings.length} findings in ${sections.join(', ')}`);
  });
  after(() => server.stop());

  test('the Markdown and the overall PDF carry every finding of /findings', async () => {
    const md = await api.get(`/runs/${runId}/report`);
    assert.equal(md.status, 200);
    assert.equal(md.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.deepEqual(
      numbersIn(md.text),
      findings.map((f) => f.n).sort((a, b) => a - b),
    );
    const pdf = await api.get(`/runs/${runId}/report.pdf`);
    assert.equal(pdf.status, 200);
    const text = await pdfText(pdf.bytes);
    assert.deepEqual(
      numbersIn(text),
      findings.map((f) => f.n).sort((a, b) => a - b),
    );
    assert.match(text, /г\. Казань, ул\. Чистопольская, д\. 20/);
  });

  test('every available section has its PDF with the overall numbers, and the ZIP holds exactly them', async () => {
    for (const code of sections) {
      const r = await api.get(`/runs/${runId}/report.pdf?section=${encodeURIComponent(code)}`);
      assert.equal(r.status, 200, `${code}: ${r.text.slice(0, 200)}`);
      assert.deepEqual(
        numbersIn(await pdfText(r.bytes)),
        findings
          .filter((f) => f.section === code)
          .map((f) => f.n)
          .sort((a, b) => a - b),
      );
    }
    const zip = await api.get(`/runs/${runId}/report.zip`);
    assert.equal(zip.status, 200);
    assert.deepEqual((await zipEntries(zip.bytes)).map((e) => e.name).sort(), ['report.pdf', ...sections.map((c) => `sections/${c}.pdf`)].sort());
  });

  test('the register of remarks and the PDF, written in report children, list every finding but the rejected one', async () => {
    const rejected = findings[0]!;
    const decided = await api.post(`/runs/${runId}/feedback`, {
      snapshot,
      finding_id: rejected.finding_id,
      decision: 'rejected',
      reason: 'Требование выполнено в томе КР',
      version: 0,
      request_key: `register-${runId}`,
    });
    assert.equal(decided.status, 201, decided.text);
    const xlsx = await api.get(`/runs/${runId}/register.xlsx`);
    assert.equal(xlsx.status, 200, xlsx.text.slice(0, 300));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes.buffer.slice(xlsx.bytes.byteOffset, xlsx.bytes.byteOffset + xlsx.bytes.length) as ArrayBuffer);
    // the designer's register numbers its rows 1, 2, 3…; each row's remark id sits in the hidden last column
    const sheet = book.worksheets[0]!;
    const ids: string[] = [];
    let header = 0;
    sheet.eachRow((row, i) => {
      if (row.getCell(1).value === '№') header = i;
      else if (header && typeof row.getCell(1).value === 'number') ids.push(String(row.getCell(row.cellCount).value));
    });
    const numbers = ids.map((id) => findings.find((f) => f.finding_id === id)!.n);
    assert.deepEqual(
      numbers,
      findings
        .filter((f) => f !== rejected)
        .map((f) => f.n)
        .sort((a, b) => a - b),
    );
    // the PDF drawn without it in a report child, the other numbers kept
    const pdf = await api.get(`/runs/${runId}/report.pdf`);
    assert.equal(pdf.status, 200, pdf.text.slice(0, 300));
    assert.deepEqual(numbersIn(await pdfText(pdf.bytes)), numbers);
    const docx = await api.get(`/runs/${runId}/register.docx?variant=specialist`);
    assert.equal(docx.status, 200);
    const xml = (await zipEntries(docx.bytes)).find((e) => e.name === 'word/document.xml')!.data.toString('utf8');
    assert.match(xml, /Отклонено: Требование выполнено в томе КР/);
  });

  test('reports remain after the source documents are deleted', async () => {
    const del = await api.delete(`/runs/${runId}/documents`);
    assert.ok(del.status < 300, `${del.status} ${del.text}`);
    for (const path of ['report', 'report.pdf', 'report.zip', 'register.xlsx', 'register.docx'])
      assert.equal((await api.get(`/runs/${runId}/${path}`)).status, 200, path);
  });
});
