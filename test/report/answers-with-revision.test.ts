/**
 * The designer's register uploaded with the next revision, end to end through POST /runs: round 1 reviewed, its
 * register filled by the designer and sent among the files of round 2 (under a name that says nothing). It is
 * recognised by its content, left out of the documents reviewed, and its answers are attached to round 1's remarks
 * exactly as a register uploaded on its own, so round 2's proposals use them. Hostile or mismatched registers are
 * refused in the envelope with no run created, no check charged and no answer changed; an idempotent retry replays.
 */
import { after, before, describe, test } from 'node:test';
import { randomUUID } from 'node:crypto';
import assert from 'node:assert/strict';
import type ExcelJS from 'exceljs';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { documentedBy, type AssertDocumented } from '../feedback/documented.ts';
import { roundsOfSet, publishedForm } from '../feedback/published-set.ts';
import { designerBook as designerBookOf } from '../feedback/designer-register.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The register's file name in the set: nothing in it says what the file is. */
const FILE = 'приложение 7.xlsx';

describe('the designer register uploaded with the next revision (POST /runs)', () => {
  let server: InProcessServer;
  let api: Client;
  let assertDocumented: AssertDocumented;
  let sets: Awaited<ReturnType<typeof roundsOfSet>>;
  let bundleId: string;
  let first: { runId: string; result: any };
  let pzNorm: any;

  before(async () => {
    server = await startApp({ worker: true });
    const org = await server.createOrg({ checks: 20 });
    api = new Client(server.baseUrl, org.api_key);
    assertDocumented = await documentedBy(server.baseUrl);
    bundleId = (await api.post('/bundles', { label: 'Школа на 550 мест' })).json.bundle_id;
    sets = await roundsOfSet();
    first = await publishedForm(api, sets.first({ bundle_id: bundleId }));
    pzNorm = first.result.findings.find((f: any) => f.check_id === 'norms.superseded' && f.page_refs.some((r: any) => r.kind === 'ПЗ'));
    assert.ok(pzNorm, 'a superseded norm in ПЗ');
  });
  after(() => server.stop());

  const designerBook = (runId: string) => designerBookOf(api, runId);
  const bytesOf = async (book: ExcelJS.Workbook) => Buffer.from(await book.xlsx.writeBuffer());
  /** Round 1's register with the designer's answer to the superseded norm of ПЗ. */
  const answered = async (answer = 'Ссылка заменена на СП 20.13330.2016') => {
    const register = await designerBook(first.runId);
    const row = register.rowOf(pzNorm.finding_id);
    row.getCell(register.col('Ответ проектировщика')).value = answer;
    row.getCell(register.col('Лист с исправлением')).value = '2';
    return register;
  };
  /** The next revision's form with the register among its files. */
  const withRegister = (register: Buffer, fields: Record<string, string> = { bundle_id: bundleId }) => {
    const body = sets.second(fields);
    body.append('files', new Blob([new Uint8Array(register)], { type: XLSX }), FILE);
    return body;
  };
  const state = async () => ({
    checks: (await api.get('/me')).json.checks_left,
    runs: (await api.get('/runs?limit=200')).json.runs.length,
    answers: (await api.get(`/runs/${first.runId}/findings`)).json.designer_answers,
  });

  test('hostile or mismatched registers are refused as the separate upload refuses them; nothing is created or charged', async () => {
    const before = await state();
    const refused = async (body: FormData, status: number, error: string, pattern: RegExp, file = FILE) => {
      const key = randomUUID();
      for (let attempt = 0; attempt < 2; attempt++) {
        // the same upload retried with its key is refused again, not replayed: a refusal holds no key
        const r = await api.postForm('/runs', body, { 'Idempotency-Key': key });
        assert.equal(r.status, status, r.text);
        assert.equal(r.json.detail.error, error);
        assert.match(r.json.detail.message, pattern);
        assert.equal(r.json.detail.file, file);
      }
      assert.deepEqual(await state(), before, 'no run, no charge, no answer changed');
    };
    // a formula in an answer
    const formula = await answered();
    formula.rowOf(pzNorm.finding_id).getCell(formula.col('Ответ проектировщика')).value = {
      formula: 'HYPERLINK("http://example.com","x")',
      result: 'x',
    } as ExcelJS.CellFormulaValue;
    await refused(withRegister(await bytesOf(formula.book)), 422, 'validation_error', /формула/);
    // the rows sorted otherwise: the numbers and ids move with them
    const sorted = await answered();
    const [a, b] = [sorted.sheet.getRow(sorted.header + 1), sorted.sheet.getRow(sorted.header + 2)];
    const [va, vb] = [a.values, b.values];
    a.values = vb as ExcelJS.CellValue[];
    b.values = va as ExcelJS.CellValue[];
    await refused(withRegister(await bytesOf(sorted.book)), 422, 'validation_error', /порядок строк изменён/);
    // another run's register (its hidden marker names a run this bundle never had)
    const foreign = await answered();
    foreign.sheet.getRow(foreign.header).getCell(foreign.headers.length).value = `drs-register:designer:${randomUUID()}`;
    await refused(withRegister(await bytesOf(foreign.book)), 422, 'validation_error', /реестр другой проверки/);
    // the specialist's register of the right round
    const specialist = await api.get(`/runs/${first.runId}/register.xlsx?variant=specialist`);
    await refused(withRegister(specialist.bytes), 422, 'validation_error', /реестр для специалиста/);
    const filled = await bytesOf((await answered()).book);
    // the right register, into another bundle (whose previous round it is not) and outside any bundle
    const otherBundle = (await api.post('/bundles', { label: 'Другой объект' })).json.bundle_id;
    await refused(withRegister(filled, { bundle_id: otherBundle }), 422, 'validation_error', /в пакете нет опубликованной проверки прошлого тура/);
    await refused(withRegister(filled, {}), 422, 'validation_error', /вместе с новой редакцией в том же пакете/);
    // the register alone is no revision
    const alone = new FormData();
    alone.append('files', new Blob([new Uint8Array(filled)], { type: XLSX }), FILE);
    alone.append('bundle_id', bundleId);
    await refused(alone, 400, 'bad_format', /Кроме реестра замечаний с ответами проектировщика, документов нет/);
    // two registers in one set
    const twice = withRegister(filled);
    twice.append('files', new Blob([new Uint8Array(filled)], { type: XLSX }), 'ещё.xlsx');
    await refused(twice, 422, 'validation_error', /больше одного реестра/, 'ещё.xlsx');
  });

  let second: { runId: string; result: any };
  let register: Buffer;

  test('the filled register among the files: taken out of the documents, its answers attached, an idempotent retry replays', async () => {
    const before = await state();
    register = await bytesOf((await answered()).book);
    const key = randomUUID();
    // kinds and roles listing every file sent, the register too (as the cabinet lists them): its choices are dropped
    const names = ['24-017-ПЗ.pdf', '24-017-АР изм1.pdf', '24-017-ИОС3.pdf'];
    const choices = {
      bundle_id: bundleId,
      kinds: JSON.stringify({ '24-017-ПЗ.pdf': 'ПЗ', '24-017-АР изм1.pdf': 'АР', '24-017-ИОС3.pdf': 'ИОС3', [FILE]: 'ПЗ' }),
      roles: JSON.stringify({ ...Object.fromEntries(names.map((n) => [n, 'review'])), [FILE]: 'context' }),
    };
    const upload = await api.postForm('/runs', withRegister(register, choices), { 'Idempotency-Key': key });
    assert.equal(upload.status, 201, upload.text);
    assertDocumented('post', '/runs', upload);
    assert.deepEqual(
      upload.json.documents.map((d: any) => [d.index, d.name, d.kind, d.role]),
      [
        [1, '24-017-ПЗ.pdf', 'ПЗ', 'review'],
        [2, '24-017-АР изм1.pdf', 'АР', 'review'],
        [3, '24-017-ИОС3.pdf', 'ИОС3', 'review'],
      ],
      'the register is not a document of the set',
    );
    const skipped = upload.json.skipped.find((s: any) => s.name === FILE);
    assert.match(skipped?.reason ?? '', /Реестр замечаний с ответами проектировщика: ответы приняты.*с ответом 1/);
    assert.equal(upload.json.checks_left, before.checks - 1, 'one check, as for any set');
    const answers = (await api.get(`/runs/${first.runId}/findings`)).json.designer_answers;
    assert.deepEqual(
      answers.map((a: any) => [a.finding_id, a.answer, a.sheet]),
      [[pzNorm.finding_id, 'Ссылка заменена на СП 20.13330.2016', '2']],
    );

    const again = await api.postForm('/runs', withRegister(register, choices), { 'Idempotency-Key': key });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.json.run_id, upload.json.run_id);
    assert.deepEqual(again.json.skipped, upload.json.skipped);
    const changed = await api.postForm('/runs', withRegister(await bytesOf((await answered('Исправлено иначе')).book), choices), {
      'Idempotency-Key': key,
    });
    assert.equal(changed.status, 409, changed.text);
    assert.equal(changed.json.detail.error, 'idempotency_conflict');
    const after = await state();
    assert.equal(after.runs, before.runs + 1, 'one run for the three requests');
    assert.equal(after.checks, before.checks - 1);
    assert.deepEqual(after.answers, answers, 'the conflicting register changed nothing');

    const status = await api.waitRun(upload.json.run_id, 180_000);
    assert.equal(status.status, 'done', JSON.stringify(status));
    second = { runId: upload.json.run_id, result: (await api.get(`/runs/${upload.json.run_id}/findings`)).json };
  });

  test('the proposals of the new run use the answers brought in with it', () => {
    const review = second.result.revision.answers;
    assert.ok(review, 'the previous round has answers at publication');
    const p = review.proposals.find((x: any) => x.previous_finding_id === pzNorm.finding_id);
    assert.equal(p.answer.answer, 'Ссылка заменена на СП 20.13330.2016');
    assert.equal(p.proposal, 'not_closed');
    assert.match(p.reasons.join(' '), /лист с исправлением: 2/);
    assert.equal(second.result.revision.documents.length, 3, 'the register was not compared as a volume');
  });

  test('a register of a round that is not the predecessor of the upload is refused', async () => {
    const before = await state();
    const r = await api.postForm('/runs', withRegister(register));
    assert.equal(r.status, 422, r.text);
    assert.equal(r.json.detail.error, 'validation_error');
    assert.match(r.json.detail.message, /это реестр более раннего тура пакета/);
    assert.equal(r.json.detail.file, FILE);
    assert.deepEqual(await state(), before);
  });
});
