/**
 * Choices and names an attacker (or a careless archiver) would send: an archive with a Context/ folder beside a
 * document in no role folder is reviewed, not refused; a key given twice in `kinds` or `roles` is refused naming
 * it; invisible and bidi control characters of a name are not shown in findings or reports, while `kinds` still
 * match the name as it was sent.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client, errorDetail, form } from '../helpers/client.ts';
import { makeSimplePdf, makeZip } from '../helpers/fixtures.ts';

describe('client choices and document names', () => {
  let server: InProcessServer;
  let api: Client;
  let pdf: Buffer;
  before(async () => {
    server = await startApp({ worker: true });
    api = new Client(server.baseUrl, (await server.createOrg({ checks: 10 })).api_key);
    pdf = await makeSimplePdf(1);
  });
  after(() => server.stop());

  test('Context/ and a document outside any role folder: the outside one is reviewed', async () => {
    const zip = await makeZip([
      { name: 'Context/ТУ.pdf', content: pdf },
      { name: 'ПЗ.pdf', content: pdf },
    ]);
    const r = await api.postForm('/runs', form([{ name: 'комплект.zip', content: zip }]));
    assert.equal(r.status, 201, r.text);
    const roles = Object.fromEntries((r.json.documents as { name: string; role: string }[]).map((d) => [d.name, d.role]));
    assert.deepEqual(roles, { 'Context/ТУ.pdf': 'context', 'ПЗ.pdf': 'review' });
  });

  test('only Context/ documents are still refused: nothing would be reviewed', async () => {
    const zip = await makeZip([{ name: 'Context/ТУ.pdf', content: pdf }]);
    const r = await api.postForm('/runs', form([{ name: 'комплект.zip', content: zip }]));
    assert.equal(r.status, 422, r.text);
    assert.match(errorDetail(r).message, /справочные/);
  });

  for (const field of ['kinds', 'roles']) {
    test(`a key given twice in ${field} → 422 naming the key, nothing charged`, async () => {
      const before = (await api.get('/me')).json.checks_left;
      const value = field === 'kinds' ? ['"ПЗ"', '"КР"'] : ['"review"', '"context"'];
      const r = await api.postForm('/runs', form([{ name: 'ПЗ.pdf', content: pdf }], { [field]: `{"ПЗ.pdf":${value[0]},"ПЗ.pdf":${value[1]}}` }));
      assert.equal(r.status, 422, r.text);
      assert.equal(errorDetail(r).error, 'validation_error');
      assert.match(errorDetail(r).message, new RegExp(`Поле ${field}: ключ «ПЗ\\.pdf» указан в JSON дважды`));
      assert.equal((await api.get('/me')).json.checks_left, before);
    });
  }

  test('invisible and bidi characters: kinds match the name as sent; findings and reports show it without them', async () => {
    const sent = 'АР\u202Eкомплект\u200B.pdf';
    const r = await api.postForm('/runs', form([{ name: sent, content: await makeSimplePdf(2, '24-017-АР') }], { kinds: JSON.stringify({ [sent]: 'АР' }) }));
    assert.equal(r.status, 201, r.text);
    assert.equal(r.json.documents[0].name, sent, 'the API keeps the name that keys kinds');
    assert.equal(r.json.documents[0].kind, 'АР');
    assert.equal(r.json.documents[0].kind_chosen, true);
    const run = await api.waitRun(r.json.run_id);
    assert.equal(run.status, 'done', JSON.stringify(run));
    const report = await api.get(`/runs/${run.run_id}/report`);
    assert.match(report.text, /АРкомплект\.pdf/);
    const findings = await api.get(`/runs/${run.run_id}/findings`);
    for (const text of [report.text, findings.text]) assert.doesNotMatch(text, /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\u00ad]/u);
  });
});
