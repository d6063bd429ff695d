import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { OFFICIAL_SCHEMAS } from '../../../test/helpers/fixtures.ts';
import { officialDigest, schemaFolderState, statedVersion, validateMinstroyXml } from './xml-schema.ts';
import { SCHEMA_CATALOGUE, SCHEMA_SOURCES } from './xml-schema-sources.ts';

// hand-written schemas shaped like the official ones (an xs:assert, a duplicate xml:id in the documentation)
const FIXTURES = fileURLToPath(new URL('../../../test/fixtures/xsd/', import.meta.url));

const note = (body: string, version = '01.07') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<ExplanatoryNote SchemaVersion="${version}" id="A">\n${body}\n</ExplanatoryNote>\n`;
const AUTHOR =
  '<IssueAuthor><Organization><OrgFullName>ООО «Проект»</OrgFullName><OrgINN>7701234567</OrgINN><OrgOGRN>1027700123456</OrgOGRN></Organization></IssueAuthor>';
const VALID = `<ExplanatoryNoteNumber>24-017-ПЗ</ExplanatoryNoteNumber><ExplanatoryNoteYear>2025</ExplanatoryNoteYear>${AUTHOR}<UsedNorms/>`;

test('a note that fits its schema has no violations; the schema loads despite its duplicate xml:id and its xs:assert', async () => {
  const r = await validateMinstroyXml(note(VALID), 'ExplanatoryNote', FIXTURES);
  assert.equal(r.validated, true, r.reason);
  assert.equal(r.version, '01.07');
  assert.deepEqual(r.violations, []);
  // the assertion no rule of the review evaluates is named, in the schema's own words
  assert.deepEqual(r.uncheckedAssertions, ['Год составления записки не ранее 1900']);
});

test('violations carry the element path, a Russian explanation and an importance by what they break', async () => {
  const body = VALID.replace('<OrgINN>7701234567</OrgINN>', '')
    .replace('1027700123456', '10277001')
    .replace('<ExplanatoryNoteYear>2025</ExplanatoryNoteYear>', '<ExplanatoryNoteYear>25 г.</ExplanatoryNoteYear>');
  const r = await validateMinstroyXml(note(body), 'ExplanatoryNote', FIXTURES);
  const by = (path: string) => r.violations.find((v) => v.path === path);
  const year = by('ExplanatoryNote/ExplanatoryNoteYear');
  assert.equal(year?.kind, 'value');
  assert.equal(year?.importance, 'significant');
  assert.match(year!.text, /значение «25 г\.» не соответствует формату/);
  const ogrn = by('ExplanatoryNote/IssueAuthor/Organization/OrgOGRN');
  assert.equal(ogrn?.kind, 'unexpected_element');
  assert.equal(ogrn?.importance, 'critical');
  assert.match(ogrn!.text, /на этом месте схема ожидает элемент OrgINN: пропущен обязательный элемент/);
});

test('one bad value breaking two facets is one violation with both explanations', async () => {
  const r = await validateMinstroyXml(note(VALID.replace('1027700123456', '10277001')), 'ExplanatoryNote', FIXTURES);
  assert.equal(r.violations.length, 1);
  const [v] = r.violations;
  assert.equal(v?.path, 'ExplanatoryNote/IssueAuthor/Organization/OrgOGRN');
  assert.match(v!.text, /длина 8 символов, а требуется ровно 13/);
  assert.match(v!.text, /не соответствует формату \(шаблон \\d\{13\}\)/);
});

test('a missing required element and attribute, an unknown element, a wrong fixed version', async () => {
  const missing = await validateMinstroyXml(note('<ExplanatoryNoteNumber>1</ExplanatoryNoteNumber>'), 'ExplanatoryNote', FIXTURES);
  assert.equal(missing.violations[0]?.kind, 'missing_element');
  assert.match(missing.violations[0]!.text, /не хватает обязательного вложенного элемента: ожидается элемент ExplanatoryNoteYear/);
  const unknown = await validateMinstroyXml(note(`<Foo/>${VALID}`), 'ExplanatoryNote', FIXTURES);
  assert.equal(unknown.violations[0]?.path, 'ExplanatoryNote/Foo');
  assert.equal(unknown.violations[0]?.kind, 'unexpected_element');
  const noAttr = '<ExplanatoryNote SchemaVersion="01.07"><ExplanatoryNoteNumber/></ExplanatoryNote>';
  const empty = await validateMinstroyXml(noAttr, 'ExplanatoryNote', FIXTURES);
  assert.match(empty.violations[0]!.text, /значение не заполнено/);
});

test('an unknown or absent version, and a schema not installed, are not guessed: the document is not validated and says why', async () => {
  const old = await validateMinstroyXml(note(VALID, '01.02'), 'ExplanatoryNote', FIXTURES);
  assert.equal(old.validated, false);
  assert.match(old.reason!, /версия схемы 01\.02 не поддерживается \(поддерживаются 01\.04, 01\.05, 01\.06, 01\.07\)/);
  const as0103 = await validateMinstroyXml(note(VALID, '01.03'), 'ExplanatoryNote', FIXTURES);
  assert.match(as0103.reason!, /схема 01\.04 по ошибке фиксирует значение «01\.03»/);
  const none = await validateMinstroyXml('<ExplanatoryNote><ExplanatoryNoteNumber>1</ExplanatoryNoteNumber></ExplanatoryNote>', 'ExplanatoryNote', FIXTURES);
  assert.match(none.reason!, /не указана версия схемы \(атрибут SchemaVersion/);
  const dir = await mkdtemp(join(tmpdir(), 'xsd-'));
  try {
    const absent = await validateMinstroyXml(note(VALID, '01.05'), 'ExplanatoryNote', dir);
    assert.equal(absent.validated, false);
    assert.match(absent.reason!, /официальная XML-схема версии 01\.05 \(explanatorynote-01-05\.xsd\) не установлена/);
  } finally {
    await rm(dir, { recursive: true });
  }
});

test('hostile XML: entities are not expanded, nesting too deep and broken markup are violations, nothing throws', async () => {
  const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><ExplanatoryNote SchemaVersion="01.07"><ExplanatoryNoteNumber>&lol2;</ExplanatoryNoteNumber></ExplanatoryNote>`;
  const ent = await validateMinstroyXml(laughs, 'ExplanatoryNote', FIXTURES);
  assert.equal(ent.validated, false);
  assert.match(ent.reason!, /DOCTYPE или ENTITY/);
  const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><ExplanatoryNote SchemaVersion="01.07">&e;</ExplanatoryNote>`;
  assert.equal((await validateMinstroyXml(xxe, 'ExplanatoryNote', FIXTURES)).validated, false);
  const deep = note(`${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}`);
  const d = await validateMinstroyXml(deep, 'ExplanatoryNote', FIXTURES);
  assert.equal(d.violations[0]?.kind, 'not_well_formed');
  assert.match(d.violations[0]!.text, /вложенность элементов больше 256 уровней/);
  const broken = await validateMinstroyXml(note('<ExplanatoryNoteNumber>1</ExplanatoryNote'), 'ExplanatoryNote', FIXTURES);
  assert.equal(broken.violations[0]?.kind, 'not_well_formed');
  assert.match(broken.violations[0]!.text, /не является правильно построенным XML-документом/);
});

test('design assignment: the XSD 1.1 assertions that matter are evaluated by the review itself', async () => {
  const da = (attrs: string, body: string) =>
    `<Document SchemaVersion="01.00" TypeCode="05.03" ${attrs}><Requisites><Date>2025-01-10</Date><Number>1</Number></Requisites>${body}</Document>`;
  const ok = await validateMinstroyXml(da('VersionNumber="1"', ''), 'DesignAssignment', FIXTURES);
  assert.deepEqual(ok.violations, []);
  // the version rule is the review's own; the other assertion of the schema is named as not evaluated
  assert.deepEqual(ok.uncheckedAssertions, ['Реквизиты содержат сведения об авторах']);
  const v2 = await validateMinstroyXml(da('VersionNumber="2"', ''), 'DesignAssignment', FIXTURES);
  assert.equal(v2.violations[0]?.kind, 'assertion');
  assert.equal(v2.violations[0]?.path, 'Document');
  assert.match(v2.violations[0]!.text, /VersionNumber = 2.*Versions\/Version: 0/);
  const dates = await validateMinstroyXml(
    da('VersionNumber="1"', '<Content><Object BeginDate="2026-05-01" EndDate="2025-12-01"/></Content>'),
    'DesignAssignment',
    FIXTURES,
  );
  // neither a developer nor a technical customer is named either
  assert.deepEqual(
    dates.violations.map((v) => v.path),
    ['Document/Content', 'Document/Content/Object'],
  );
  assert.match(dates.violations[0]!.text, /не указаны ни застройщик/);
  assert.match(dates.violations[1]!.text, /дата начала строительства \(01\.05\.2026\) позже даты окончания строительства \(01\.12\.2025\)/);
});

test('the version is read from the root element only', () => {
  assert.equal(statedVersion('<?xml version="1.0"?>\n<ExplanatoryNote a="1" SchemaVersion="01.05">'), '01.05');
  assert.equal(statedVersion('<Document TypeCode="05.03" SchemaVersion=\'01.01\'><X SchemaVersion="9"/>'), '01.01');
  assert.equal(statedVersion('<ExplanatoryNote><X SchemaVersion="01.05"/>'), null);
});

test('the project names the official files expected, their versions, their digests and where they were found', () => {
  assert.equal(SCHEMA_CATALOGUE, 'https://minstroyrf.gov.ru/tim/xml-skhemy/');
  assert.deepEqual(
    SCHEMA_SOURCES.map((s) => `${s.document} ${s.version} ${s.file}`),
    [
      'ExplanatoryNote 01.04 explanatorynote-01-04.xsd',
      'ExplanatoryNote 01.05 explanatorynote-01-05.xsd',
      'ExplanatoryNote 01.06 explanatorynote-01-06.xsd',
      'ExplanatoryNote 01.07 explanatorynote-01-07.xsd',
      'DesignAssignment 01.00 DesignAssignment-01-00.xsd',
      'DesignAssignment 01.01 DesignAssignment-01-01.xsd',
    ],
  );
  for (const s of SCHEMA_SOURCES) {
    assert.ok(s.digests.length > 0, s.file);
    for (const d of s.digests) {
      assert.match(d.sha256, /^[0-9a-f]{64}$/, s.file);
      assert.ok(d.found.length > 10, `${s.file}: where the bytes were found`);
    }
  }
});

test('a schema folder that is not named, empty or missing a version: not validated, said why, nothing thrown', async () => {
  const v = await validateMinstroyXml(note(VALID, '01.07'), 'ExplanatoryNote', undefined);
  assert.equal(v.validated, false);
  assert.match(v.reason!, /официальные XML-схемы Минстроя не установлены на сервере \(не задана папка схем XSD_DIR\)/);
  const dir = await mkdtemp(join(tmpdir(), 'xsd-'));
  try {
    const state = await schemaFolderState(join(dir, 'absent'));
    assert.equal(state.missing.length, SCHEMA_SOURCES.length);
    assert.deepEqual(state.installed, []);
    // a damaged file under an official name: not validated, and the reason is the file, not the document
    await writeFile(join(dir, 'explanatorynote-01-07.xsd'), '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element');
    const broken = await validateMinstroyXml(note(VALID, '01.07'), 'ExplanatoryNote', dir);
    assert.equal(broken.validated, false);
    assert.match(broken.reason!, /файл XML-схемы версии 01\.07 \(explanatorynote-01-07\.xsd\) на сервере не читается как XML-схема/);
  } finally {
    await rm(dir, { recursive: true });
  }
});

test('a schema file that is not the official bytes is used, and the check says so with its digest', async () => {
  // the test schemas stand under official names with bytes of their own
  const r = await validateMinstroyXml(note(VALID), 'ExplanatoryNote', FIXTURES);
  assert.equal(r.validated, true);
  const own = createHash('sha256')
    .update(await readFile(join(FIXTURES, 'explanatorynote-01-07.xsd')))
    .digest('hex');
  assert.deepEqual(r.unofficialSchema, { file: 'explanatorynote-01-07.xsd', sha256: own });
  const state = await schemaFolderState(FIXTURES);
  assert.deepEqual(state.installed, ['explanatorynote-01-07.xsd', 'DesignAssignment-01-00.xsd']);
  assert.deepEqual(
    state.unofficial.map((u) => u.file),
    ['explanatorynote-01-07.xsd', 'DesignAssignment-01-00.xsd'],
  );
});

test('the official schemas: the files beside the checkout are the bytes named, each one loads and validates its own document', {
  skip: OFFICIAL_SCHEMAS ? false : 'no official schemas (XSD_DIR or ../shared/xsd)',
}, async () => {
  const dir = OFFICIAL_SCHEMAS!;
  const state = await schemaFolderState(dir);
  assert.deepEqual(state.missing, []);
  assert.deepEqual(state.unofficial, [], 'every file is an official one');
  for (const s of SCHEMA_SOURCES) {
    const bytes = await readFile(join(dir, s.file));
    assert.ok(officialDigest(s, bytes).official, s.file);
    const root = s.document === 'ExplanatoryNote' ? 'ExplanatoryNote' : 'DesignAssignment';
    const r = await validateMinstroyXml(`<?xml version="1.0" encoding="UTF-8"?>\n<${root} SchemaVersion="${s.version}"/>\n`, s.document, dir);
    assert.equal(r.validated, true, `${s.file}: ${r.reason}`);
    assert.equal(r.unofficialSchema, undefined, s.file);
    // an empty root lacks what the official schema requires
    assert.ok(r.violations.length > 0, s.file);
  }
});

test("the official file with CRLF line ends, as the catalogue's archive of the assignment 01.00 holds it, is recognised", {
  skip: OFFICIAL_SCHEMAS ? false : 'no official schemas (XSD_DIR or ../shared/xsd)',
}, async () => {
  const source = SCHEMA_SOURCES.find((s) => s.file === 'DesignAssignment-01-00.xsd')!;
  const lf = await readFile(join(OFFICIAL_SCHEMAS!, source.file));
  const crlf = Buffer.from(lf.toString('latin1').replace(/\n/g, '\r\n'), 'latin1');
  const d = officialDigest(source, crlf);
  assert.equal(d.official, true);
  // the published bytes themselves are one of the digests named
  assert.ok(source.digests.some((k) => k.sha256 === d.sha256 && k.bytes === crlf.length));
  // any other file read as CRLF is recognised by its LF content, and one byte changed is not
  const note07 = SCHEMA_SOURCES.find((s) => s.file === 'explanatorynote-01-07.xsd')!;
  const bytes = await readFile(join(OFFICIAL_SCHEMAS!, note07.file));
  assert.equal(officialDigest(note07, Buffer.from(bytes.toString('latin1').replace(/\n/g, '\r\n'), 'latin1')).official, true);
  const changed = Buffer.from(bytes);
  changed[changed.length - 2] = changed[changed.length - 2]! ^ 1;
  assert.equal(officialDigest(note07, changed).official, false);
  const dir = await mkdtemp(join(tmpdir(), 'xsd-'));
  try {
    await copyFile(join(OFFICIAL_SCHEMAS!, 'explanatorynote-01-05.xsd'), join(dir, 'explanatorynote-01-05.xsd'));
    const state = await schemaFolderState(dir);
    assert.deepEqual(state.installed, ['explanatorynote-01-05.xsd']);
    assert.deepEqual(state.unofficial, []);
  } finally {
    await rm(dir, { recursive: true });
  }
});
