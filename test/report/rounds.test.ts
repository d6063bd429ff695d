/**
 * Rounds an expertise body can rely on, end to end: a set of ПЗ, АР and КР reviewed; the next revision keeps the
 * same ПЗ file, brings АР corrected, leaves КР out and adds ИОС3. The comparison pairs the documents first: the
 * remarks on КР are «том не представлен повторно», never resolved, and the documents added and dropped are listed
 * in /findings, the PDF and both registers.
 */
import { after, before, describe, test } from 'node:test';
import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import type ExcelJS from 'exceljs';
import { Client, form } from '../helpers/client.ts';
import { documentedBy, type AssertDocumented } from '../feedback/documented.ts';
import { roundsOfSet, publishedForm } from '../feedback/published-set.ts';
import { designerBook as designerBookOf } from '../feedback/designer-register.ts';
import { pdfText, zipEntries } from './inspect.ts';

describe('rounds: which volumes came back', () => {
  let server: InProcessServer;
  let api: Client;
  let assertDocumented: AssertDocumented;
  let first: { runId: string; result: any };
  let second: { runId: string; result: any };
  let pzNorm: any;
  let keyId: string;
  let arNorm: any;
  let accepted: any;
  let rejected: any;

  const published = (body: FormData) => publishedForm(api, body);

  before(async () => {
    server = await startApp({ worker: true });
    const org = await server.createOrg({ checks: 10 });
    api = new Client(server.baseUrl, org.api_key);
    keyId = org.key_id;
    assertDocumented = await documentedBy(server.baseUrl);
    const bundleId = (await api.post('/bundles', { label: 'Школа на 550 мест' })).json.bundle_id;
    const sets = await roundsOfSet();
    first = await published(sets.first({ bundle_id: bundleId }));
    const decide = async (f: any, decision: string, reason: string) => {
      const r = await api.post(`/runs/${first.runId}/feedback`, {
        snapshot: first.result.feedback_snapshot,
        finding_id: f.finding_id,
        decision,
        reason,
        version: 0,
        request_key: randomUUID(),
      });
      assert.equal(r.status, 201, r.text);
      return r.json;
    };
    const norm = (kind: string) => first.result.findings.find((f: any) => f.check_id === 'norms.superseded' && f.page_refs.some((r: any) => r.kind === kind));
    pzNorm = norm('ПЗ');
    arNorm = norm('АР');
    assert.ok(pzNorm && arNorm, 'superseded norms in ПЗ and АР');
    accepted = await decide(pzNorm, 'accepted', 'Заменить ссылку на СП 20.13330.2016');
    rejected = await decide(arNorm, 'rejected', 'Ссылка справочная, расчёт по действующему СП');
    second = await published(sets.second({ bundle_id: bundleId }));
  });
  after(() => server.stop());

  const successor = (f: any) => second.result.findings.find((g: any) => g.revision?.previous_finding_id === f.finding_id);
  const onKr = (f: any) => f.page_refs.some((r: any) => r.kind === 'КР');

  test('documents: ПЗ the same file, АР corrected, ИОС3 added, КР not resubmitted', async () => {
    const { revision } = second.result;
    const byName = new Map(revision.documents.map((d: any) => [d.name, d]));
    assert.equal((byName.get('24-017-ПЗ.pdf') as any)?.status, 'unchanged');
    assert.equal((byName.get('24-017-ПЗ.pdf') as any)?.matched_by, 'content');
    assert.equal((byName.get('24-017-АР изм1.pdf') as any)?.status, 'corrected');
    assert.equal((byName.get('24-017-АР изм1.pdf') as any)?.previous_name, '24-017-АР.pdf');
    assert.equal((byName.get('24-017-ИОС3.pdf') as any)?.status, 'added');
    assert.deepEqual(
      revision.dropped.map((d: any) => d.name),
      ['24-017-КР.pdf'],
    );
    assertDocumented('get', '/runs/{run_id}/findings', await api.get(`/runs/${second.runId}/findings`));
  });

  test('remarks on КР are not resubmitted, never resolved', () => {
    const { revision } = second.result;
    const kr = first.result.findings.filter(onKr);
    assert.ok(kr.length > 0, 'the first round found something on КР');
    const missing = new Set(revision.not_resubmitted.map((f: any) => f.finding_id));
    const resolved = new Set(revision.resolved.map((f: any) => f.finding_id));
    for (const f of kr) {
      assert.ok(!resolved.has(f.finding_id), `№ ${f.n} on КР is not resolved: ${f.essence}`);
      const persists = second.result.findings.some((g: any) => g.revision.previous_finding_id === f.finding_id);
      assert.ok(persists || missing.has(f.finding_id), `№ ${f.n} persists or is not resubmitted`);
    }
    assert.equal(revision.counts.not_resubmitted, revision.not_resubmitted.length);
    assert.equal(revision.counts.resolved, revision.resolved.length);
  });

  test('the PDF says which volumes came back and what was not resubmitted', async () => {
    const pdf = await api.get(`/runs/${second.runId}/report.pdf`);
    assert.equal(pdf.status, 200);
    const flat = (await pdfText(pdf.bytes)).replace(/\s+/g, ' ');
    assert.match(flat, /Не представлены повторно: [^.]*24-017-КР/);
    assert.match(flat, /Добавлены: [^.]*ИОС3/);
    assert.match(flat, /Том не представлен повторно — замечания прошлой проверки не сняты: № \d+/);
    assert.doesNotMatch(flat, new RegExp(first.runId), 'the previous run is named by its date, not its id');
  });

  test('both registers list the volumes added and dropped and the remarks not resubmitted', async () => {
    for (const format of ['docx', 'xlsx']) {
      const r = await api.get(`/runs/${second.runId}/register.${format}`);
      assert.equal(r.status, 200, r.text);
      const entries = await zipEntries(r.bytes);
      const text = entries
        .filter((e) => /word\/document\.xml|xl\/worksheets\/.*\.xml|xl\/sharedStrings\.xml/.test(e.name))
        .map((e) => e.data.toString('utf8'))
        .join(' ');
      assert.match(text, /Не представлены повторно: [^<]*24-017-КР/, format);
      assert.match(text, /Добавлены: [^<]*ИОС3/, format);
      assert.match(text, /Том не представлен повторно — замечания прошлого тура не сняты: [1-9]/, format);
    }
  });

  test('decisions carried over: one call applies the previous round to the persisting findings, each a new decision naming the old', async () => {
    const pz = successor(pzNorm);
    const ar = successor(arNorm);
    assert.ok(pz && ar, 'both remarks persist');
    const before = await api.get(`/runs/${second.runId}/findings`);
    assert.deepEqual(before.json.feedback, [], 'nothing is applied by itself');
    assert.deepEqual(
      before.json.revision.previous_feedback.map((d: any) => d.feedback_id).sort(),
      [accepted.feedback_id, rejected.feedback_id].sort(),
      'the earlier decisions are shown beside',
    );

    const stale = await api.post(`/runs/${second.runId}/feedback/carry-over`, { snapshot: 'stale', request_key: randomUUID() });
    assert.equal(stale.status, 409);
    assert.equal(stale.json.detail.error, 'report_changed');

    const key = randomUUID();
    const body = { snapshot: second.result.feedback_snapshot, request_key: key };
    const carried = await api.post(`/runs/${second.runId}/feedback/carry-over`, body);
    assert.equal(carried.status, 201, carried.text);
    assertDocumented('post', '/runs/{run_id}/feedback/carry-over', carried);
    assert.equal(carried.json.previous_run_id, first.runId);
    const byFinding = new Map(carried.json.carried.map((d: any) => [d.finding_id, d]));
    const pzCarried: any = byFinding.get(pz.finding_id);
    const arCarried: any = byFinding.get(ar.finding_id);
    assert.equal(carried.json.carried.length, 2);
    assert.deepEqual([pzCarried.decision, pzCarried.carried_from, pzCarried.version, pzCarried.own], ['accepted', accepted.feedback_id, 1, true]);
    assert.deepEqual(
      [arCarried.decision, arCarried.carried_from, arCarried.reason],
      ['rejected', rejected.feedback_id, 'Ссылка справочная, расчёт по действующему СП'],
    );
    assert.ok(
      carried.json.skipped.every((s: any) => s.reason === 'undecided_before'),
      'the other persisting remarks were undecided before',
    );

    const again = await api.post(`/runs/${second.runId}/feedback/carry-over`, body);
    assert.equal(again.status, 200);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.json.carried.map((d: any) => d.feedback_id).sort(), carried.json.carried.map((d: any) => d.feedback_id).sort());
    const reused = await api.post(`/runs/${second.runId}/feedback/carry-over`, { ...body, snapshot: 'other' });
    assert.equal(reused.status, 409);
    assert.equal(reused.json.detail.error, 'idempotency_conflict');

    const fresh = await api.post(`/runs/${second.runId}/feedback/carry-over`, { ...body, request_key: randomUUID() });
    assert.equal(fresh.status, 200);
    assert.deepEqual(fresh.json.carried, [], 'decided in this round already: nothing changes');
    assert.deepEqual(
      fresh.json.skipped
        .filter((s: any) => s.reason === 'decided')
        .map((s: any) => s.finding_id)
        .sort(),
      [pz.finding_id, ar.finding_id].sort(),
    );

    const history = (await api.get(`/runs/${second.runId}/feedback`)).json.history;
    assert.equal(history.length, 2, 'one decision per finding, no second one');
    const register = await api.get(`/runs/${second.runId}/register.docx`);
    const xml = (await zipEntries(register.bytes)).find((e) => e.name === 'word/document.xml')!.data.toString('utf8');
    assert.doesNotMatch(xml, /Ссылка справочная/, 'the rejected remark carried over does not reach the register by default');
  });

  test('the specialist register names the decisions by the name given to the key, and the expert signs by it', async () => {
    const labelled = await server.cli(['key', 'label', keyId, '--label', 'Иванова А. П.']);
    assert.equal(labelled.code, 0, labelled.stderr);
    const register = await api.get(`/runs/${second.runId}/register.docx?variant=specialist`);
    assert.equal(register.status, 200);
    const xml = (await zipEntries(register.bytes)).find((e) => e.name === 'word/document.xml')!.data.toString('utf8');
    assert.match(xml, /Отклонено \(перенесено из прошлого тура\): Ссылка справочная, расчёт по действующему СП/);
    assert.match(xml, /Иванова А\. П\., \d\d\.\d\d\.\d{4}/, 'the author by the name of the key');
    assert.match(xml, /Эксперт _+ \/ Иванова А\. П\. \//);
    assert.match(xml, /Тур \(проверка комплекта\):.*2-й/);
    assert.match(xml, /Дело:.*Школа на 550 мест/);
    assert.doesNotMatch(xml, /key:/);
    const decisions = (await api.get(`/runs/${second.runId}/findings`)).json.feedback;
    assert.ok(decisions.length > 0 && decisions.every((d: any) => d.actor_name === 'Иванова А. П.'), 'the API names the author too');
    const history = await api.get(`/runs/${second.runId}/feedback`);
    assertDocumented('get', '/runs/{run_id}/feedback', history);
    assert.equal(history.json.history[0].actor_name, 'Иванова А. П.');
  });

  const designerBook = (runId: string) => designerBookOf(api, runId);
  const upload = async (runId: string, content: Buffer, name = 'Реестр с ответами.xlsx') =>
    api.postForm(
      `/runs/${runId}/register-answers`,
      form([{ name, content, field: 'file', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }]),
    );
  const bytesOf = async (book: ExcelJS.Workbook) => Buffer.from(await book.xlsx.writeBuffer());

  test('the designer answers brought in from the filled register: attached to the remarks, shown in /findings and the next registers', async () => {
    const first_ = await designerBook(first.runId);
    const row = first_.rowOf(pzNorm.finding_id);
    row.getCell(first_.col('Ответ проектировщика')).value = 'Ссылка заменена на СП 20.13330.2016';
    row.getCell(first_.col('Лист с исправлением')).value = '2';
    const accepted = await upload(first.runId, await bytesOf(first_.book));
    assert.equal(accepted.status, 200, accepted.text);
    assertDocumented('post', '/runs/{run_id}/register-answers', accepted);
    assert.deepEqual(
      accepted.json.answered.map((a: any) => [a.finding_id, a.answer, a.sheet]),
      [[pzNorm.finding_id, 'Ссылка заменена на СП 20.13330.2016', '2']],
    );
    const findings = await api.get(`/runs/${first.runId}/findings`);
    assert.equal(findings.json.designer_answers[0].answer, 'Ссылка заменена на СП 20.13330.2016');
    const next = await api.get(`/runs/${second.runId}/findings`);
    assert.deepEqual(
      next.json.revision.previous_answers.map((a: any) => a.finding_id),
      [pzNorm.finding_id],
      'the next round sees the answer beside the persisting remark',
    );
    const again = await designerBook(second.runId);
    assert.equal(again.rowOf(successor(pzNorm).finding_id).getCell(again.col('Ответ проектировщика')).value, 'Ссылка заменена на СП 20.13330.2016');
    assert.equal(again.rowOf(successor(pzNorm).finding_id).getCell(again.col('Лист с исправлением')).value, '2');
  });

  test('hostile or mismatched registers are refused in the envelope and change nothing', async () => {
    const before = (await api.get(`/runs/${first.runId}/findings`)).json.designer_answers;
    const refused = async (content: Buffer, pattern: RegExp, runId = first.runId) => {
      const r = await upload(runId, content);
      assert.equal(r.status, 422, r.text);
      assert.equal(r.json.detail.error, 'validation_error');
      assert.match(r.json.detail.message, pattern);
      assert.equal(r.json.detail.file, 'Реестр с ответами.xlsx');
      assert.deepEqual((await api.get(`/runs/${first.runId}/findings`)).json.designer_answers, before, 'nothing changed');
    };
    // another run's register
    await refused(await bytesOf((await designerBook(second.runId)).book), /реестр другой проверки/);
    // a formula in an answer
    const formula = await designerBook(first.runId);
    formula.rowOf(pzNorm.finding_id).getCell(formula.col('Ответ проектировщика')).value = {
      formula: 'HYPERLINK("http://example.com","x")',
      result: 'x',
    } as ExcelJS.CellFormulaValue;
    await refused(await bytesOf(formula.book), /формула/);
    // the rows sorted otherwise: the numbers and ids move with them
    const sorted = await designerBook(first.runId);
    const a = sorted.sheet.getRow(sorted.header + 1);
    const b = sorted.sheet.getRow(sorted.header + 2);
    const [va, vb] = [a.values, b.values];
    a.values = vb as ExcelJS.CellValue[];
    b.values = va as ExcelJS.CellValue[];
    await refused(await bytesOf(sorted.book), /порядок строк изменён/);
    // the specialist's register, and a file that is no workbook
    const specialist = await api.get(`/runs/${first.runId}/register.xlsx?variant=specialist`);
    await refused(specialist.bytes, /реестр для специалиста/);
    await refused(Buffer.from('не книга'), /не является книгой XLSX/);
  });
});
