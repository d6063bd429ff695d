/**
 * PDFs that failed at publication, end to end through real processes: two API nodes (`serve --no-worker`)
 * and a separate worker on one database and one S3 bucket (the tests' S3-compatible server, whose request hook
 * refuses the report PDFs while the worker publishes). The Markdown and /findings are published; after DELETE of the
 * documents, downloads on both nodes at once rebuild the PDFs exactly once and serve them (section filter
 * with the overall numbers, ZIP); a run whose rebuild fails again keeps answering 503 with Retry-After.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startCluster, type Cluster } from '../helpers/cluster.ts';
import { startS3Server, type S3Request, type TestS3Server } from '../helpers/s3-server.ts';
import { Client, type ApiResponse } from '../helpers/client.ts';
import { pdfText, zipEntries } from './inspect.ts';
import { numbersIn, submitTwoSectionSet } from './two-section-set.ts';

/** A write of a report PDF or ZIP (PutObject or a multipart upload). */
const reportWrite = (r: S3Request) => r.method !== 'GET' && r.method !== 'HEAD' && /\/report\/.+\.(pdf|zip)$/.test(r.key);

function assertUnavailable(r: ApiResponse, what: string): void {
  assert.equal(r.status, 503, `${what}: ${r.status} ${r.text.slice(0, 300)}`);
  assert.equal(r.json?.detail?.error, 'pdf_unavailable', what);
  assert.match(r.headers.get('retry-after') ?? '', /^[1-9]\d*$/, what);
}

describe('PDFs that failed at publication are rebuilt by a later download', () => {
  let s3: TestS3Server;
  let cluster: Cluster;
  let nodes: Client[];
  let rebuilt: string;
  let failing: string;

  before(async () => {
    s3 = await startS3Server();
    // Every report PDF and ZIP write fails while the worker publishes: a full or failing store.
    s3.refuse = reportWrite;
    cluster = await startCluster({ apis: 2, workers: 1, env: s3.env('rebuild') });
    const org = await cluster.createOrg({ checks: 5 });
    nodes = cluster.apis.map((a) => new Client(a.baseUrl, org.api_key));
    [rebuilt, failing] = await Promise.all([submitTwoSectionSet(nodes[0]!), submitTwoSectionSet(nodes[1]!)]);
    for (const id of [rebuilt, failing]) assert.equal((await nodes[1]!.waitRun(id, 180_000)).status, 'done');
    assert.match(cluster.workers[0]!.logs(), /PDF reports not built/);
    // From now on only the second run's reports cannot be written.
    s3.refuse = (r) => reportWrite(r) && r.key.includes(failing);
  });
  after(async () => {
    await cluster?.stop();
    await s3?.stop();
  });

  test('concurrent downloads on two nodes after DELETE of the documents: one build, then the PDFs and the ZIP', async () => {
    const [a, b] = nodes as [Client, Client];
    const result = (await a.get(`/runs/${rebuilt}/findings`)).json;
    const findings: { n: number; section: string }[] = result.findings;
    const sections: string[] = result.available_sections.map((s: { code: string }) => s.code);
    assert.ok(findings.length >= 2 && sections.length >= 2, `${findings.length} findings in ${sections.join(', ')}`);
    const md = await b.get(`/runs/${rebuilt}/report`);
    assert.equal(md.status, 200);
    assert.deepEqual(
      numbersIn(md.text),
      findings.map((f) => f.n).sort((x, y) => x - y),
    );
    const del = await a.delete(`/runs/${rebuilt}/documents`);
    assert.ok(del.status < 300, `${del.status} ${del.text}`);

    const writesBefore = s3.requests.filter((r) => reportWrite(r) && r.key.endsWith(`${rebuilt}/report/report.pdf`)).length;
    const first = await Promise.all([a, b, a, b, a, b].map((n) => n.get(`/runs/${rebuilt}/report.pdf`)));
    for (const r of first) {
      if (r.status !== 200) assertUnavailable(r, 'a download while another node builds');
    }
    assert.ok(
      first.some((r) => r.status === 200),
      first.map((r) => r.status).join(', '),
    );
    // The node that did not build answers 503 until the build is recorded, then serves it.
    const deadline = Date.now() + 60_000;
    for (const node of [a, b]) {
      let r = await node.get(`/runs/${rebuilt}/report.pdf`);
      while (r.status === 503 && Date.now() < deadline) {
        await new Promise((res) => setTimeout(res, 250));
        r = await node.get(`/runs/${rebuilt}/report.pdf`);
      }
      assert.equal(r.status, 200, r.text.slice(0, 300));
      assert.equal(r.bytes.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.deepEqual(
        numbersIn(await pdfText(r.bytes)),
        findings.map((f) => f.n).sort((x, y) => x - y),
      );
    }
    const writes = s3.requests.filter((r) => reportWrite(r) && r.key.endsWith(`${rebuilt}/report/report.pdf`)).length - writesBefore;
    assert.equal(writes, 1, 'the overall PDF was built once for both nodes');

    for (const code of sections) {
      const r = await b.get(`/runs/${rebuilt}/report?format=pdf&section=${encodeURIComponent(code)}`);
      assert.equal(r.status, 200, `${code}: ${r.text.slice(0, 200)}`);
      assert.deepEqual(
        numbersIn(await pdfText(r.bytes)),
        findings
          .filter((f) => f.section === code)
          .map((f) => f.n)
          .sort((x, y) => x - y),
      );
    }
    const zip = await a.get(`/runs/${rebuilt}/report.zip`);
    assert.equal(zip.status, 200);
    assert.equal(zip.headers.get('content-type'), 'application/zip');
    assert.deepEqual((await zipEntries(zip.bytes)).map((e) => e.name).sort(), ['report.pdf', ...sections.map((c) => `sections/${c}.pdf`)].sort());
    assert.equal((await a.get(`/runs/${rebuilt}/report`)).text, md.text, 'the Markdown is the one of the publication');
  });

  test('a rebuild that fails again answers 503 pdf_unavailable with Retry-After, never 500', async () => {
    const [a, b] = nodes as [Client, Client];
    assert.equal((await a.get(`/runs/${failing}/report`)).status, 200);
    const refusedBefore = s3.requests.filter((r) => reportWrite(r) && r.key.includes(failing)).length;
    const firstTry = await a.get(`/runs/${failing}/report.pdf`);
    assertUnavailable(firstTry, 'the rebuild failed');
    assert.ok(s3.requests.filter((r) => reportWrite(r) && r.key.includes(failing)).length > refusedBefore, 'a rebuild was tried');
    assert.ok(Number(firstTry.headers.get('retry-after')) >= 20, `pause after a failed rebuild: ${firstTry.headers.get('retry-after')}`);
    for (const [node, path] of [
      [b, 'report.pdf'],
      [a, 'report.zip'],
      [b, `report.pdf?section=${encodeURIComponent('КР')}`],
      [a, 'report?format=pdf&theme=norms'],
    ] as const) {
      assertUnavailable(await node.get(`/runs/${failing}/${path}`), path);
    }
    // During the pause no node tries again.
    const refusedAfter = s3.requests.filter((r) => reportWrite(r) && r.key.includes(failing)).length;
    assertUnavailable(await b.get(`/runs/${failing}/report.pdf`), 'paused');
    assert.equal(s3.requests.filter((r) => reportWrite(r) && r.key.includes(failing)).length, refusedAfter);
  });
});
