/**
 * The next round of a bundle end to end: a set reviewed, a finding rejected, the corrected set uploaded into the
 * same bundle — its structural volume renamed, a cover page put before it, its address mended, while the architectural
 * volume now names another house. The second run's findings are marked new / persisting against the first, the
 * mended one listed as resolved, the first round's decision shown beside its persisting finding and not applied;
 * the register carries the column and the PDF summary says the same. A run outside a bundle is compared with none.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { documentedBy, type AssertDocumented } from '../feedback/documented.ts';
import { publishSet, revisedSetForm } from '../feedback/published-set.ts';
import { pdfText, zipEntries } from './inspect.ts';

describe('revision comparison in a bundle', () => {
  let server: InProcessServer;
  let api: Client;
  let assertDocumented: AssertDocumented;
  let bundleId: string;
  let first: { runId: string; result: any };
  let second: { runId: string; result: any };
  let rejected: any;

  const essence = (result: any, pattern: RegExp) => result.findings.find((f: any) => pattern.test(f.essence));

  before(async () => {
    server = await startApp({ worker: true });
    api = new Client(server.baseUrl, (await server.createOrg({ checks: 10 })).api_key);
    assertDocumented = await documentedBy(server.baseUrl);
    bundleId = (await api.post('/bundles', { label: 'ЖК на Чистопольской' })).json.bundle_id;
    first = await publishSet(api, { bundle_id: bundleId });
    rejected = essence(first.result, /Площадь застройки|площад/i);
    assert.ok(rejected, `a finding on the built-up area: ${first.result.findings.map((f: any) => f.essence).join(' | ')}`);
    const decision = await api.post(`/runs/${first.runId}/feedback`, {
      snapshot: first.result.feedback_snapshot,
      finding_id: rejected.finding_id,
      decision: 'rejected',
      reason: 'Площадь КР уточняется расчётом',
      version: 0,
      request_key: randomUUID(),
    });
    assert.equal(decision.status, 201, decision.text);

    const upload = await api.postForm('/runs', await revisedSetForm({ bundle_id: bundleId }));
    assert.equal(upload.status, 201, upload.text);
    const status = await api.waitRun(upload.json.run_id, 180_000);
    assert.equal(status.status, 'done', JSON.stringify(status));
    const r = await api.get(`/runs/${upload.json.run_id}/findings`);
    assert.equal(r.status, 200, r.text);
    second = { runId: upload.json.run_id, result: r.json };
  });
  after(() => server.stop());

  test('the first run of a bundle is compared with none', () => {
    assert.equal(first.result.revision, undefined);
    assert.ok(first.result.findings.every((f: any) => f.revision === undefined));
  });

  test('the next run: every finding new or persisting, the mended address resolved, the first round decision beside and not applied', async () => {
    const { revision, findings } = second.result;
    assert.equal(revision.previous_run_id, first.runId);
    assert.ok(findings.every((f: any) => f.revision?.status === 'new' || f.revision?.status === 'persisting'));
    const persisting = findings.filter((f: any) => f.revision.status === 'persisting');
    assert.deepEqual(revision.counts, {
      new: findings.length - persisting.length,
      persisting: persisting.length,
      resolved: revision.resolved.length,
      not_resubmitted: 0,
    });
    assert.deepEqual(revision.dropped, [], 'every volume came back');
    assert.ok(
      revision.documents.every((d: any) => d.status === 'corrected'),
      'each volume is its predecessor in another file',
    );

    const area = persisting.find((f: any) => f.revision.previous_finding_id === rejected.finding_id);
    assert.ok(area, 'the built-up area finding persists though its volume was renamed and its pages moved');
    assert.equal(area.revision.previous_n, rejected.n);
    const address = essence(first.result, /Адрес объекта/);
    assert.ok(address, 'the first round found the address');
    assert.ok(
      revision.resolved.some((f: any) => f.finding_id === address.finding_id),
      'the mended address is resolved',
    );
    const added = essence(second.result, /Адрес объекта/);
    assert.match(added?.essence ?? '', /24-017-АР/);
    assert.equal(added.revision.status, 'new', 'the same check on another document is new, whatever its wording');

    assert.deepEqual(
      revision.previous_feedback.map((d: any) => [d.finding_id, d.decision, d.reason]),
      [[rejected.finding_id, 'rejected', 'Площадь КР уточняется расчётом']],
    );
    assert.deepEqual(second.result.feedback, [], 'no decision of the first round is applied to the second');
    assertDocumented('get', '/runs/{run_id}/findings', await api.get(`/runs/${second.runId}/findings`));
    assert.equal((await api.get('/features')).json.features.revision_comparison, true);
  });

  test('the specialist register has the column, read back from the XLSX', async () => {
    const r = await fetch(`${server.baseUrl}/runs/${second.runId}/register.xlsx?variant=specialist`, { headers: { authorization: `Bearer ${api.key}` } });
    assert.equal(r.status, 200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await r.arrayBuffer());
    const sheet = book.worksheets[0]!;
    let headerRow = 0;
    sheet.eachRow((row, i) => {
      if (!headerRow && row.getCell(1).value === '№') headerRow = i;
    });
    const headers = (sheet.getRow(headerRow).values as unknown[]).slice(1);
    const column = headers.indexOf('Изменение с прошлой проверки') + 1;
    const reportN = headers.indexOf('№ в отчёте') + 1;
    assert.ok(column > 0 && reportN > 0, String(headers));
    const byNumber = new Map<number, string>();
    sheet.eachRow(
      (row, i) =>
        i > headerRow && typeof row.getCell(1).value === 'number' && byNumber.set(Number(row.getCell(reportN).value), String(row.getCell(column).value)),
    );
    const area = second.result.findings.find((f: any) => f.revision.previous_finding_id === rejected.finding_id);
    assert.match(
      byNumber.get(area.n) ?? '',
      new RegExp(`^Повторное \\(№ ${rejected.n} прошлой проверки\\)\nРешение в прошлом туре: отклонено — Площадь КР уточняется расчётом \\(`),
    );
    const added = essence(second.result, /Адрес объекта/);
    assert.equal(byNumber.get(added.n), 'Новое');
  });

  test('the DOCX registers list the resolved remarks; the persisting one rejected before stays out of the designer’s', async () => {
    const specialist = await api.get(`/runs/${second.runId}/register.docx?variant=specialist`);
    assert.equal(specialist.status, 200);
    const xml = (await zipEntries(specialist.bytes)).find((e) => e.name === 'word/document.xml')!.data.toString('utf8');
    assert.match(xml, /Изменение с прошлой проверки/);
    assert.match(xml, new RegExp(`Повторное \\(№ ${rejected.n} прошлой проверки\\)`));
    assert.match(xml, /Сняты — устранены с прошлого тура: 1/);
    assert.match(xml, /№ \d+ прошлого тура \(КР\): Адрес объекта различается/);
    const designer = await api.get(`/runs/${second.runId}/register.docx`);
    const text = (await zipEntries(designer.bytes)).find((e) => e.name === 'word/document.xml')!.data.toString('utf8');
    assert.match(text, /Сняты — устранены с прошлого тура: 1/);
    assert.doesNotMatch(text, /Расхождение значения «площадь застройки»/, 'rejected in the previous round, undecided now: not handed over');
    assert.doesNotMatch(text, /Площадь КР уточняется расчётом/);
  });

  test('the XLSX registers list the resolved remarks too, in both variants; the rejected one stays out of the designer’s', async () => {
    const cellsOf = async (query: string) => {
      const r = await fetch(`${server.baseUrl}/runs/${second.runId}/register.xlsx${query}`, { headers: { authorization: `Bearer ${api.key}` } });
      assert.equal(r.status, 200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await r.arrayBuffer());
      const texts: string[] = [];
      const textOf = (v: ExcelJS.CellValue): string =>
        v && typeof v === 'object' && 'richText' in v ? v.richText.map((t) => t.text).join('') : String(v ?? '');
      for (const sheet of book.worksheets) sheet.eachRow((row) => row.eachCell((cell) => texts.push(textOf(cell.value))));
      return texts.join('\n');
    };
    for (const query of ['', '?variant=specialist']) {
      const text = await cellsOf(query);
      assert.match(text, /Сняты — устранены с прошлого тура: 1/, query || 'designer');
      assert.match(text, /№ \d+ прошлого тура \(КР\): Адрес объекта различается/, query || 'designer');
    }
    assert.doesNotMatch(await cellsOf(''), /Расхождение значения «площадь застройки»/, 'rejected in the previous round, undecided now: not handed over');
  });

  test('the PDF summary says what changed since the previous round', async () => {
    const pdf = await api.get(`/runs/${second.runId}/report.pdf`);
    assert.equal(pdf.status, 200);
    const flat = (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
    const { counts } = second.result.revision;
    assert.match(
      flat,
      new RegExp(
        `Сравнение с предыдущей проверкой комплекта .*новых замечаний — ${counts.new}, повторных — ${counts.persisting}, устранено — ${counts.resolved}, по томам, не представленным повторно, — 0\\.`,
      ),
    );
    assert.match(flat, /Устранены замечания прошлой проверки: № \d+ \(КР/);
    assert.match(flat, new RegExp(`С прошлой проверки: повторное \\(№ ${rejected.n} прошлой проверки\\)`));
  });

  test('a run outside a bundle is compared with none', async () => {
    const alone = await publishSet(api);
    assert.equal(alone.result.revision, undefined);
  });
});
