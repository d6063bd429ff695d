import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server.ts';
import { Client, form } from '../helpers/client.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';
import { SAMPLE_NOTE } from '../review/samples.ts';

describe('a node without the official XML schemas (a fresh installation)', () => {
  let server: TestServer;
  before(async () => {
    // no XSD_DIR: the default folder under DATA_DIR, which nobody has filled
    server = await startServer({ env: { XSD_DIR: '' } });
  });
  after(() => server.stop());

  test('a run with an XML note is done, the note says once that it was not validated, and the operator is told at start', async () => {
    const org = await server.createOrg({ checks: 1 });
    const api = new Client(server.baseUrl, org.api_key);
    const files = [
      { name: '24-017-ПЗ.xml', content: SAMPLE_NOTE },
      { name: '24-017-АР.pdf', content: await makeSimplePdf(1) },
    ];
    const run = (await api.postForm('/runs', form(files))).json;
    const done = await api.waitRun(run.run_id);
    assert.equal(done.status, 'done', JSON.stringify(done.error));
    const body = (await api.get(`/runs/${run.run_id}/findings`)).json;
    const schema = body.warnings.filter((w: { code: string }) => w.code.startsWith('xml_schema'));
    assert.deepEqual(
      schema.map((w: { code: string }) => w.code),
      ['xml_schema_not_checked'],
    );
    assert.match(
      schema[0].message,
      /XML пояснительной записки «24-017-ПЗ\.xml» не проверен по XML-схеме Минстроя: официальная XML-схема версии 01\.07 \(explanatorynote-01-07\.xsd\) не установлена на сервере/,
    );
    assert.ok(!body.findings.some((f: { check_id: string }) => f.check_id === 'xml.schema_violation'));
    assert.match(server.logs(), /no official XML schema is installed in XSD_DIR/);
  });
});
