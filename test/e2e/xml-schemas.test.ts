import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server.ts';
import { Client, form } from '../helpers/client.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';
import iconv from 'iconv-lite';
import { SAMPLE_NOTE } from '../review/samples.ts';

describe('XML documents on a node without the official schemas (a fresh installation)', () => {
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

  test('notes in windows-1251 and in UTF-16 without a mark are read; one in an encoding that cannot be read is named in a warning', async () => {
    const org = await server.createOrg({ checks: 1 });
    const api = new Client(server.baseUrl, org.api_key);
    const cp1251 = iconv.encode(SAMPLE_NOTE.replace('encoding="UTF-8"', 'encoding="windows-1251"'), 'windows-1251');
    const utf16 = Buffer.from(SAMPLE_NOTE.replace('encoding="UTF-8"', 'encoding="UTF-16"'), 'utf16le').swap16();
    const unknown = Buffer.from(SAMPLE_NOTE.replace('encoding="UTF-8"', 'encoding="x-unknown"'));
    const files = [
      { name: 'ПЗ-1251.xml', content: cp1251 },
      { name: 'ПЗ-16.xml', content: utf16 },
      { name: 'ПЗ-x.xml', content: unknown },
      { name: '24-017-АР.pdf', content: await makeSimplePdf(1) },
    ];
    const run = (await api.postForm('/runs', form(files))).json;
    const done = await api.waitRun(run.run_id);
    assert.equal(done.status, 'done', JSON.stringify(done.error));
    const body = (await api.get(`/runs/${run.run_id}/findings`)).json;
    const by = (code: string) => body.warnings.filter((w: { code: string }) => w.code === code).map((w: { message: string }) => w.message);
    // the two readable notes are each told they were not validated (no schemas on this node): they were recognised and read
    const notChecked = by('xml_schema_not_checked');
    assert.equal(notChecked.length, 2, JSON.stringify(body.warnings));
    assert.ok(notChecked.some((m: string) => m.includes('«ПЗ-1251.xml»')));
    assert.ok(notChecked.some((m: string) => m.includes('«ПЗ-16.xml»')));
    const unreadable = by('document_unreadable');
    assert.equal(unreadable.length, 1, JSON.stringify(body.warnings));
    assert.match(unreadable[0], /XML-файл «ПЗ-x\.xml» не прочитан: в его объявлении указана кодировка «x-unknown», которую сервис не знает/);
    assert.ok(!JSON.stringify(body).includes('\uFFFD'), 'nothing quoted from a misread text');
  });
});
