/**
 * Sets the service cannot read, sent as an attacker (or a careless client) would: a file that starts with
 * `%PDF` and is not a PDF, a PDF cut in half, an empty file. A set of which nothing could be read fails with
 * the contract's bad_format and its check returned — never a green «Замечаний нет»; a set of which some
 * documents could be read is reviewed, and the unread ones head its warnings. Every word the user gets is
 * Russian: the readers' own English complaints stay in the logs.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server.ts';
import { Client, errorDetail, form } from '../helpers/client.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';

/** English words a reader might have said; file names in «…» and the formats' names («PDF», «XML») aside. */
const englishIn = (text: string) =>
  text
    .replace(/«[^»]*»/g, '')
    .replace(/\b(?:PDF|XML)\b/g, '')
    .match(/[A-Za-z]{3,}/g) ?? [];

const fakePdf = Buffer.from('%PDF-1.7\nЭто текстовый файл, переименованный в PDF.\n');

describe('sets that cannot be read', () => {
  let server: TestServer;
  let truncated: Buffer;
  before(async () => {
    server = await startServer();
    const whole = await makeSimplePdf(3);
    truncated = whole.subarray(0, Math.floor(whole.length / 2));
  });
  after(() => server.stop());

  async function failedRun(files: { name: string; content: Buffer }[]) {
    const api = new Client(server.baseUrl, (await server.createOrg({ checks: 2 })).api_key);
    const upload = await api.postForm('/runs', form(files));
    assert.equal(upload.status, 201, upload.text);
    const left = (await api.get('/me')).json.checks_left;
    // a set that cannot be read fails within moments: by the time the balance is asked, the check may be back already
    if (left !== 1) {
      assert.equal(left, 2, 'charged at acceptance, then returned');
      assert.equal((await api.get(`/runs/${upload.json.run_id}`)).json.refunded, true, 'returned only with the run failed');
    }
    const run = await api.waitRun(upload.json.run_id);
    return { api, run };
  }

  test('a fake %PDF file alone → failed bad_format, refunded, the file and its reason named in Russian', async () => {
    const { api, run } = await failedRun([{ name: 'ПЗ.pdf', content: fakePdf }]);
    assert.equal(run.status, 'failed', JSON.stringify(run));
    assert.equal(run.error.code, 'bad_format');
    assert.equal(run.error.file, 'ПЗ.pdf');
    assert.equal(run.refunded, true);
    assert.match(run.error.message, /«ПЗ\.pdf»: файл не является PDF/);
    assert.deepEqual(
      run.documents_unread.map((d: { index: number; name: string }) => [d.index, d.name]),
      [[1, 'ПЗ.pdf']],
    );
    assert.match(run.documents_unread[0].reason, /^файл не является PDF/);
    assert.deepEqual(englishIn(run.error.message), []);
    assert.equal((await api.get('/me')).json.checks_left, 2, 'the check is returned');
    assert.equal((await api.get(`/runs/${run.run_id}/findings`)).status, 404, 'no result is published');
    assert.match(server.logs(), /"msg":"document unreadable"/, 'the reader’s own words are logged');
  });

  test('a truncated PDF alone → failed bad_format, refunded, told as a damaged structure', async () => {
    const { api, run } = await failedRun([{ name: 'КР.pdf', content: truncated }]);
    assert.equal(run.status, 'failed', JSON.stringify(run));
    assert.equal(run.error.code, 'bad_format');
    assert.equal(run.refunded, true);
    assert.match(run.error.message, /«КР\.pdf»: структура PDF повреждена/);
    assert.deepEqual(englishIn(run.error.message), []);
    assert.equal((await api.get('/me')).json.checks_left, 2);
  });

  test('a zero-byte file is refused at acceptance; beside a fake PDF it is skipped and the run fails naming the fake', async () => {
    const api = new Client(server.baseUrl, (await server.createOrg({ checks: 2 })).api_key);
    const empty = await api.postForm('/runs', form([{ name: 'пустой.pdf', content: Buffer.alloc(0) }]));
    assert.equal(empty.status, 400, empty.text);
    assert.equal(errorDetail(empty).error, 'bad_format');
    assert.equal((await api.get('/me')).json.checks_left, 2, 'nothing charged');

    const both = await api.postForm(
      '/runs',
      form([
        { name: 'пустой.pdf', content: Buffer.alloc(0) },
        { name: 'АР.pdf', content: fakePdf },
      ]),
    );
    // the empty file is skipped at acceptance, the fake one is taken: the run fails on it
    assert.equal(both.status, 201, both.text);
    const run = await api.waitRun(both.json.run_id);
    assert.equal(run.status, 'failed', JSON.stringify(run));
    assert.equal(run.error.code, 'bad_format');
    assert.match(run.error.message, /«АР\.pdf»/);
    assert.equal(run.refunded, true);
    assert.equal((await api.get('/me')).json.checks_left, 2);
  });

  test('one good and one broken file → done; the broken one heads the warnings as unread, every warning in Russian', async () => {
    const api = new Client(server.baseUrl, (await server.createOrg({ checks: 2 })).api_key);
    const upload = await api.postForm(
      '/runs',
      form([
        { name: '24-017-ПЗ.pdf', content: await makeSimplePdf(2) },
        { name: '24-017-АР.pdf', content: fakePdf },
      ]),
    );
    assert.equal(upload.status, 201, upload.text);
    const run = await api.waitRun(upload.json.run_id);
    assert.equal(run.status, 'done', JSON.stringify(run));
    assert.equal((await api.get('/me')).json.checks_left, 1, 'a reviewed set keeps its charge');
    const { warnings } = (await api.get(`/runs/${run.run_id}/findings`)).json as { warnings: { code: string; message: string }[] };
    assert.equal(warnings[0]!.code, 'documents_unread', JSON.stringify(warnings));
    assert.match(warnings[0]!.message, /Не прочитаны документы \(1 из 2\): «24-017-АР\.pdf» — файл не является PDF/);
    assert.doesNotMatch(warnings[0]!.message, /ПЗ\.pdf/);
    for (const w of warnings) assert.deepEqual(englishIn(w.message), [], w.message);
    const report = await api.get(`/runs/${run.run_id}/report`);
    assert.match(report.text, /Не прочитаны документы \(1 из 2\)/);

    // the status names the unread document; the cabinet's list carries the same status with the counts
    assert.deepEqual(
      run.documents_unread.map((d: { index: number; name: string }) => [d.index, d.name]),
      [[2, '24-017-АР.pdf']],
    );
    assert.match(run.documents_unread[0].reason, /^файл не является PDF/);
    const origin = server.baseUrl.replace(/\/api\/v1$/, '');
    const login = await fetch(`${origin}/cabinet/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: api.key }),
    });
    assert.equal(login.status, 201);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const list = (await (await fetch(`${origin}/cabinet/runs?limit=10`, { headers: { cookie } })).json()) as {
      runs: { run_id: string; documents_unread?: unknown[] }[];
    };
    assert.deepEqual(list.runs.find((r) => r.run_id === run.run_id)?.documents_unread, run.documents_unread);
  });

  test('a set of which every document was read has no documents_unread in its status', async () => {
    const api = new Client(server.baseUrl, (await server.createOrg({ checks: 1 })).api_key);
    const upload = await api.postForm('/runs', form([{ name: 'ПЗ.pdf', content: await makeSimplePdf(1) }]));
    const run = await api.waitRun(upload.json.run_id);
    assert.equal(run.status, 'done', JSON.stringify(run));
    assert.ok(!('documents_unread' in run), JSON.stringify(run));
  });
});
