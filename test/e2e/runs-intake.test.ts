import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client, errorDetail, form } from '../helpers/client.ts';
import { makeSimplePdf, makeZip } from '../helpers/fixtures.ts';

/** Files left in the server's scratch area (must be none after a refused upload). */
async function scratchLeftovers(server: InProcessServer): Promise<string[]> {
  try {
    return await readdir(join(server.dataDir, 'tmp', 'intake'));
  } catch {
    return [];
  }
}

describe('POST /runs: acceptance, limits and charging', () => {
  let server: InProcessServer;
  let pdf: Buffer;

  before(async () => {
    // No worker: accepted runs stay queued, so the acceptance response is what is tested here.
    server = await startApp();
    pdf = await makeSimplePdf(2);
  });
  after(() => server.stop());

  test('a set is accepted: 201, documents listed, one check charged', async () => {
    const org = await server.createOrg({ checks: 3 });
    const api = new Client(server.baseUrl, org.api_key);
    const zip = await makeZip([
      { name: 'ПД/Раздел 4. Конструктивные решения/24-017-КР.pdf', content: pdf },
      { name: 'ПД/24-017-АР.pdf', content: pdf },
    ]);
    const r = await api.postForm(
      '/runs',
      form(
        [
          { name: '24-017-ПЗ.pdf', content: pdf },
          { name: 'комплект.zip', content: zip },
        ],
        {
          object_address: 'г. Москва, ул. Тверская, д. 1',
          kinds: JSON.stringify({ '24-017-ПЗ.pdf': 'ПЗ' }),
        },
      ),
    );
    assert.equal(r.status, 201, r.text);
    assert.match(r.json.run_id, /^[0-9a-f-]{36}$/);
    assert.ok(['queued', 'running'].includes(r.json.status));
    assert.equal(r.json.checks_left, 2);
    assert.equal(r.json.object.address, 'г. Москва, ул. Тверская, д. 1');
    assert.equal(r.json.object.works, null);
    assert.equal(r.json.bundle, null);
    assert.equal(r.json.documents.length, 3);
    const [first, second, third] = r.json.documents;
    assert.deepEqual(
      { index: first.index, name: first.name, kind: first.kind, kind_chosen: first.kind_chosen },
      { index: 1, name: '24-017-ПЗ.pdf', kind: 'ПЗ', kind_chosen: true },
    );
    assert.equal(second.name, 'ПД/Раздел 4. Конструктивные решения/24-017-КР.pdf');
    assert.equal(second.kind_guess, 'КР');
    assert.equal(second.kind_chosen, false);
    assert.equal(third.index, 3);
    for (const d of r.json.documents) assert.equal(d.pages, null, 'pages are known only after preparation');

    const me = await api.get('/me');
    assert.equal(me.json.checks_left, 2);
    const list = await api.get('/runs');
    assert.equal(list.json.runs.length, 1);
    assert.equal(list.json.runs[0].run_id, r.json.run_id);
    const status = await api.get(`/runs/${r.json.run_id}`);
    assert.equal(status.json.stage, 'queued');
    assert.match(status.json.stage_text, /очеред/i);
  });

  test('the task can be sent as an uploaded UTF-8 text file', async () => {
    const org = await server.createOrg({ checks: 1 });
    const api = new Client(server.baseUrl, org.api_key);
    const task = 'Проверить раздел КР на соответствие СП 63.13330.2018';
    const r = await api.postForm(
      '/runs',
      form([
        { name: 'a.pdf', content: pdf },
        { name: 'task.txt', content: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(task)]), field: 'user_request', type: 'text/plain' },
      ]),
    );
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json.user_request, task);
  });

  test('no files → 400 no_files; nothing fit for processing → 400 bad_format; nothing is charged', async () => {
    const org = await server.createOrg({ checks: 2 });
    const api = new Client(server.baseUrl, org.api_key);
    const none = await api.postForm('/runs', form([], { object_address: 'x' }));
    assert.equal(none.status, 400);
    assert.equal(errorDetail(none).error, 'no_files');

    const exe = await api.postForm('/runs', form([{ name: 'setup.exe', content: Buffer.from('MZ\x90\x00binary garbage') }]));
    assert.equal(exe.status, 400);
    assert.equal(errorDetail(exe).error, 'bad_format');
    assert.equal((await api.get('/me')).json.checks_left, 2);
    assert.deepEqual((await api.get('/runs')).json.runs, []);
    assert.deepEqual(await scratchLeftovers(server), []);
  });

  test('organization limits: too_many_files (400), too_big per file and in total (413) with the file named', async () => {
    const org = await server.createOrg({ checks: 5, 'max-files': 2, 'max-file-bytes': pdf.length + 10, 'max-total-bytes': pdf.length * 2 + 100 });
    const api = new Client(server.baseUrl, org.api_key);
    const fewFiles = await server.createOrg({ checks: 5, 'max-files': 2 });
    const many = await new Client(server.baseUrl, fewFiles.api_key).postForm('/runs', form([1, 2, 3].map((i) => ({ name: `${i}.pdf`, content: pdf }))));
    assert.equal(many.status, 400);
    assert.equal(errorDetail(many).error, 'too_many_files');

    const bigPdf = await makeSimplePdf(40);
    const big = await api.postForm('/runs', form([{ name: 'большой.pdf', content: bigPdf }]));
    assert.equal(big.status, 413);
    assert.equal(errorDetail(big).error, 'too_big');
    assert.equal(errorDetail(big).file, 'большой.pdf');

    const unlimitedFile = await server.createOrg({ checks: 5, 'max-file-bytes': 0, 'max-total-bytes': pdf.length + 100 });
    const total = await new Client(server.baseUrl, unlimitedFile.api_key).postForm(
      '/runs',
      form([
        { name: 'a.pdf', content: pdf },
        { name: 'b.pdf', content: pdf },
      ]),
    );
    assert.equal(total.status, 413);
    assert.equal(errorDetail(total).error, 'too_big');

    assert.equal((await api.get('/me')).json.checks_left, 5);
    assert.deepEqual(await scratchLeftovers(server), []);
  });

  test('no checks left → 402 no_checks_left', async () => {
    const org = await server.createOrg({ checks: 0 });
    const r = await new Client(server.baseUrl, org.api_key).postForm('/runs', form([{ name: 'a.pdf', content: pdf }]));
    assert.equal(r.status, 402);
    assert.equal(errorDetail(r).error, 'no_checks_left');
  });

  test('kinds and roles must be JSON objects naming documents of the set (422 otherwise)', async () => {
    const org = await server.createOrg({ checks: 3 });
    const api = new Client(server.baseUrl, org.api_key);
    const badJson = await api.postForm('/runs', form([{ name: 'a.pdf', content: pdf }], { kinds: '{oops' }));
    assert.equal(badJson.status, 422);
    assert.equal(errorDetail(badJson).error, 'validation_error');
    const unknownName = await api.postForm('/runs', form([{ name: 'a.pdf', content: pdf }], { roles: JSON.stringify({ 'b.pdf': 'context' }) }));
    assert.equal(unknownName.status, 422);
    assert.match(errorDetail(unknownName).message, /b\.pdf/);
    const allContext = await api.postForm('/runs', form([{ name: 'a.pdf', content: pdf }], { roles: JSON.stringify({ 'a.pdf': 'context' }) }));
    assert.equal(allContext.status, 422);
    assert.equal((await api.get('/me')).json.checks_left, 3);
  });

  test('an unknown or foreign bundle_id is a 422', async () => {
    const org = await server.createOrg({ checks: 1 });
    const r = await new Client(server.baseUrl, org.api_key).postForm(
      '/runs',
      form([{ name: 'a.pdf', content: pdf }], { bundle_id: '7d1f8a52-0c0e-4a53-9d1e-2b8f0c4e9a11' }),
    );
    assert.equal(r.status, 422);
    assert.equal(errorDetail(r).error, 'validation_error');
  });

  test('checks_left never goes negative under concurrent submissions', async () => {
    const org = await server.createOrg({ checks: 3 });
    const api = new Client(server.baseUrl, org.api_key);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => api.postForm('/runs', form([{ name: `${i}.pdf`, content: pdf }]))));
    const statuses = results.map((r) => r.status).sort();
    assert.deepEqual(statuses, [201, 201, 201, 402, 402, 402, 402, 402]);
    assert.equal((await api.get('/me')).json.checks_left, 0);
    assert.equal((await api.get('/runs')).json.runs.length, 3);
  });
});
