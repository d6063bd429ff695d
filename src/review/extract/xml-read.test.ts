import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import iconv from 'iconv-lite';
import { TEST_SCHEMAS } from '../../../test/helpers/fixtures.ts';
import { readXmlDocument } from '../../../test/helpers/xml-document.ts';

const dir = await mkdtemp(join(tmpdir(), 'drs-xml-read-'));
after(() => rm(dir, { recursive: true, force: true }));

// fits the test schema of 01.07 but for its year, so validation has something to quote in Russian
const note = (encoding: string | null) =>
  `<?xml version="1.0"${encoding ? ` encoding="${encoding}"` : ''}?>
<ExplanatoryNote SchemaVersion="01.07">
  <ExplanatoryNoteNumber>24-017-ПЗ</ExplanatoryNoteNumber>
  <ExplanatoryNoteYear>2025 г.</ExplanatoryNoteYear>
  <IssueAuthor><Organization><OrgFullName>ООО Проект</OrgFullName><OrgINN>7701234567</OrgINN><OrgOGRN>1027700123456</OrgOGRN></Organization></IssueAuthor>
  <NonIndustrialObject>
    <Name>Многоквартирный жилой дом, Ёлочная улица</Name>
    <TEI><Name>Количество этажей</Name><Measure>796</Measure><Value>10</Value></TEI>
  </NonIndustrialObject>
</ExplanatoryNote>
`;

const readNote = (name: string, bytes: Buffer) => readXmlDocument(dir, name, bytes, TEST_SCHEMAS);

test('a note in windows-1251, KOI8-R or UTF-16 (with or without a byte-order mark) is validated and read for its facts alike', async () => {
  const cases: [string, Buffer][] = [
    ['cp1251.xml', iconv.encode(note('windows-1251'), 'windows-1251')],
    ['koi8.xml', iconv.encode(note('KOI8-R'), 'koi8-r')],
    ['utf16-bom.xml', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(note('UTF-16'), 'utf16le')])],
    ['utf16le.xml', Buffer.from(note('UTF-16'), 'utf16le')],
    ['utf16be.xml', Buffer.from(note(null), 'utf16le').swap16()],
    ['utf8.xml', Buffer.from(note(null))],
  ];
  for (const [name, bytes] of cases) {
    const { res, pages } = await readNote(name, bytes);
    assert.deepEqual(
      res.warnings.map((w) => w.code),
      // the test schema is not the official file, and says so
      ['xml_schema_unverified', 'xml_schema_assertions_unchecked'],
      `${name}: ${res.warnings.map((w) => w.message).join('\n')}`,
    );
    assert.equal(res.xml?.cipher, '24-017-ПЗ', name);
    assert.equal(res.xml?.objectName, 'Многоквартирный жилой дом, Ёлочная улица', name);
    assert.equal(pages.length, 1);
    assert.match(pages[0]!.text, /шифр 24-017-ПЗ/, name);
    assert.ok(!pages[0]!.text.includes('\uFFFD'), name);
    // the same text was validated: the violation quotes the value in Russian, on the file's own line
    assert.equal(res.schema?.validated, true, name);
    assert.deepEqual(
      res.schema?.violations.map((v) => [v.path, v.line]),
      [['ExplanatoryNote/ExplanatoryNoteYear', 4]],
      name,
    );
    assert.match(res.schema!.violations[0]!.text, /значение «2025 г\.» не соответствует формату/, name);
  }
});

test('an encoding that cannot be read — unknown, or not the one the bytes are in — is one warning naming the file', async () => {
  const cases: [string, Buffer, RegExp][] = [
    ['unknown.xml', Buffer.from(note('x-mac-klingon')), /указана кодировка «x-mac-klingon», которую сервис не знает/],
    ['lies-1251.xml', Buffer.from(note('windows-1251')), /указана кодировка windows-1251, но файл записан в UTF-8/],
    ['lies-utf8.xml', iconv.encode(note('UTF-8'), 'windows-1251'), /указана кодировка UTF-8, но его байты не являются UTF-8 \(строка 3\)/],
    ['undeclared-1251.xml', iconv.encode(note(null), 'windows-1251'), /кодировка в нём не объявлена/],
    ['lies-utf16.xml', Buffer.from(note('windows-1251'), 'utf16le'), /записан в кодировке UTF-16LE, а в его объявлении указана windows-1251/],
  ];
  for (const [name, bytes, reason] of cases) {
    const { res, pages } = await readNote(name, bytes);
    assert.deepEqual(
      res.warnings.map((w) => w.code),
      ['document_unreadable'],
      name,
    );
    assert.match(res.warnings[0]!.message, new RegExp(`^XML-файл «${name.replace('.', '\\.')}» не прочитан: `), name);
    assert.match(res.warnings[0]!.message, reason, name);
    assert.match(res.warnings[0]!.message, /по XML-схеме он не проверялся/);
    // nothing is taken from it: no facts, no page, no validation; the run lists it as unread
    assert.equal(res.xml, null);
    assert.equal(res.schema, null);
    assert.equal(pages.length, 0);
    assert.match(res.failure?.detail ?? '', /^XML not decoded: /);
  }
});
