/**
 * Reports end to end through the service (API and worker in-process, runs in their child processes): a set is reviewed by the worker, the reports built at
 * publication are downloaded, agree with /findings, and survive DELETE /runs/{run_id}/documents.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { pdfText, zipEntries } from './inspect.ts';
import { numbersIn, submitTwoSectionSet } from './two-section-set.ts';

describe('reports of a reviewed set', () => {
  let server: InProcessServer;
  let api: Client;
  let runId: string;
  let findings: { n: number; section: string }[];
  let sections: string[];

  before(async () => {
    server = await startApp({ worker: true });
    api = new Client(server.baseUrl, (await server.createOrg({ checks: 2 })).api_key);
    runId = await submitTwoSectionSet(api);
    const status = await api.waitRun(runId, 180_000);
    assert.equal(status.status, 'done', JSON.stringify(status));
    const result = (await api.get(`/runs/${runId}/findings`)).json;
    findings = result.findings;
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

  test('reports remain after the source documents are deleted', async () => {
    const del = await api.delete(`/runs/${runId}/documents`);
    assert.ok(del.status < 300, `${del.status} ${del.text}`);
    for (const path of ['report', 'report.pdf', 'report.zip']) assert.equal((await api.get(`/runs/${runId}/${path}`)).status, 200, path);
  });
});
