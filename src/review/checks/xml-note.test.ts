import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { SAMPLE_NOTE } from '../../../test/review/samples.ts';
import { parseExplanatoryNote } from '../extract/xml-note.ts';
import { apartmentsConsistency, storeysConsistency } from './consistency-values.ts';
import { xmlNoteMismatch } from './xml-note.ts';
import { addressConsistency } from './consistency-address.ts';
import { cadastralConsistency } from './consistency-cadastral.ts';

const xmlDoc = () => docFacts(1, '24-017-ПЗ.xml', null, ['x'], { format: 'xml', pdfPath: null }, parseExplanatoryNote(SAMPLE_NOTE));
const page = (cipher: string, text: string) => ({ text, stamp: stampLines({ cipher, sheet: 1 }) });

test('a set agreeing with the XML note gives no findings', () => {
  const docs = [
    xmlDoc(),
    docFacts(2, '24-017-ПЗУ.pdf', 'ПЗУ', [page('24-017-ПЗУ', 'Адрес объекта: г. Москва, улица Ленина, дом 5\nКадастровый номер 77:01:0001001:1234')]),
    docFacts(3, '24-017-АР.pdf', 'АР', [
      page(
        '24-017-АР',
        'Объект: Многоквартирный жилой дом с встроенными помещениями\nКоличество этажей – 10\nОбщая площадь здания 1 234,5 м2\nКоличество квартир – 120',
      ),
    ]),
  ];
  assert.deepEqual(xmlNoteMismatch.run(context(docs)).findings, []);
});

test('address, name, values, cipher base and the file list are compared with the XML note', () => {
  const docs = [
    xmlDoc(),
    docFacts(2, '24-018-ПЗУ.pdf', 'ПЗУ', [page('24-018-ПЗУ', 'Адрес объекта: г. Москва, ул. Ленина, д. 9')]),
    docFacts(3, '24-018-АР.pdf', 'АР', [page('24-018-АР', 'Объект: Школа на 500 мест\nКоличество этажей – 12\nКоличество квартир – 118')]),
    docFacts(4, 'extra.pdf', 'КР', [page('24-018-КР', 'текст')]),
  ];
  const ctx = context(docs);
  // TEI values are judged with the volumes' figures and told under this check when the XML alone differs
  const essences = [xmlNoteMismatch, storeysConsistency, apartmentsConsistency]
    .flatMap((c) => c.run(ctx).findings!)
    .filter((f) => f.checkId === 'xml.explanatory_note_mismatch')
    .map((f) => f.essence);
  const has = (re: RegExp) =>
    assert.ok(
      essences.some((e) => re.test(e)),
      `${re} in ${essences.join('\n')}`,
    );
  has(/ExplanatoryNoteNumber|Шифр пояснительной записки в XML/);
  has(/Адрес объекта в XML/);
  has(/Наименование объекта/);
  has(/количество этажей.*10.*12/);
  has(/количество квартир.*120.*118/);
  has(/файлы, которых нет в комплекте/);
  has(/не указаны в составе документации/);
});

test('without an XML note the check says nothing', () => {
  assert.deepEqual(xmlNoteMismatch.run(context([docFacts(1, 'a.pdf', 'АР', ['Этажность 9'])])), {});
});

test('a file whose CRC32 differs from FileChecksum in the XML note is a critical finding', () => {
  const xml = parseExplanatoryNote(
    SAMPLE_NOTE.replace('<FileName>24-017-АР.pdf</FileName>', '<FileName>24-017-АР.pdf</FileName><FileChecksum>1b5c9e26</FileChecksum>'),
  )!;
  const ar = docFacts(2, '24-017-АР.pdf', 'АР', [page('24-017-АР', 'x')]);
  const docs = [
    docFacts(1, '24-017-ПЗ.xml', null, ['x'], { format: 'xml', pdfPath: null }, xml),
    ar,
    docFacts(3, '24-017-ПЗУ.pdf', 'ПЗУ', [page('24-017-ПЗУ', 'x')]),
  ];
  ar.crc32 = '1BAC6ED6';
  const f = xmlNoteMismatch.run(context(docs)).findings!;
  assert.deepEqual(
    f.map((x) => [x.importance, x.about!.doc.index]),
    [['critical', 2]],
  );
  ar.crc32 = '1B5C9E26';
  assert.deepEqual(xmlNoteMismatch.run(context(docs)).findings, []);
});

test('a volume whose DocNumber in the XML differs from its own cipher, and a different object name, are reported', () => {
  const xml = parseExplanatoryNote(
    SAMPLE_NOTE.replace('<DocNumber>24-017-АР</DocNumber>', '<DocNumber>24-077-АР</DocNumber>').replace(
      'Многоквартирный жилой дом с встроенными помещениями',
      'Жилой комплекс',
    ),
  )!;
  const docs = [
    docFacts(1, '24-017-ПЗ.xml', null, ['x'], { format: 'xml', pdfPath: null }, xml),
    docFacts(2, '24-017-АР.pdf', 'АР', [page('24-017-АР', 'Многоквартирный жилой дом по адресу: г. Москва, ул. Ленина, д. 5')]),
    docFacts(3, '24-017-ПЗУ.pdf', 'ПЗУ', [page('24-017-ПЗУ', 'Многоквартирный жилой дом по адресу: г. Москва, ул. Ленина, д. 5')]),
  ];
  const ctx = context(docs);
  // TEI values are judged with the volumes' figures and told under this check when the XML alone differs
  const essences = [xmlNoteMismatch, storeysConsistency, apartmentsConsistency]
    .flatMap((c) => c.run(ctx).findings!)
    .filter((f) => f.checkId === 'xml.explanatory_note_mismatch')
    .map((f) => f.essence);
  assert.ok(
    essences.some((e) => /DocNumber|Обозначение тома в XML.*24-077-АР.*24-017-АР/.test(e)),
    essences.join('\n'),
  );
  assert.ok(
    essences.some((e) => /Наименование объекта/.test(e)),
    essences.join('\n'),
  );
});

test('a word put in place of another in a long object name is another name; a qualifier left out is not', () => {
  const long = 'Многоквартирный 14-этажный жилой дом со встроенно-пристроенными помещениями';
  const run = (inXml: string) => {
    const xml = parseExplanatoryNote(SAMPLE_NOTE.replace('Многоквартирный жилой дом с встроенными помещениями', inXml))!;
    const docs = [
      docFacts(1, '24-017-ПЗ.xml', null, ['x'], { format: 'xml', pdfPath: null }, xml),
      docFacts(2, '24-017-АР.pdf', 'АР', [page('24-017-АР', `Объект: ${long}`)]),
      docFacts(3, '24-017-ПЗУ.pdf', 'ПЗУ', [page('24-017-ПЗУ', `Объект: ${long}`)]),
    ];
    return xmlNoteMismatch.run(context(docs)).findings!.filter((f) => /Наименование объекта/.test(f.essence)).length;
  };
  assert.equal(run('Многоэтажный жилой комплекс 14-этажный жилой дом со встроенно-пристроенными помещениями'), 1);
  assert.equal(run('Многоквартирный 14-этажный жилой дом со встроенно-пристроенными нежилыми помещениями'), 0);
});

/** The sample note listing АР with its checksum, and the set with АР uploaded under `name`. */
function listedWithChecksum(name: string) {
  const xml = parseExplanatoryNote(
    SAMPLE_NOTE.replace('<FileName>24-017-АР.pdf</FileName>', '<FileName>24-017-АР.pdf</FileName><FileChecksum>1B5C9E26</FileChecksum>'),
  )!;
  const ar = docFacts(2, name, 'АР', [page('24-017-АР', 'x')]);
  const docs = [
    docFacts(1, '24-017-ПЗ.xml', null, ['x'], { format: 'xml', pdfPath: null }, xml),
    ar,
    docFacts(3, '24-017-ПЗУ.pdf', 'ПЗУ', [page('24-017-ПЗУ', 'x')]),
  ];
  return { ar, docs };
}

test('a listed file sent under another name with the same CRC32 is one minor finding, neither missing nor unlisted', () => {
  const { ar, docs } = listedWithChecksum('Архитектурные решения итог.pdf');
  ar.crc32 = '1B5C9E26';
  const f = xmlNoteMismatch.run(context(docs)).findings!;
  assert.deepEqual(
    f.map((x) => [x.importance, x.about!.doc.index]),
    [['minor', 2]],
  );
  assert.match(f[0]!.evidence, /«Архитектурные решения итог\.pdf» — в XML «24-017-АР\.pdf» \(1B5C9E26\)/);
  ar.crc32 = '0BADF00D';
  const essences = xmlNoteMismatch.run(context(docs)).findings!.map((x) => x.essence);
  assert.ok(essences.some((e) => /файлы, которых нет в комплекте/.test(e)) && essences.some((e) => /не указаны в составе/.test(e)), essences.join('\n'));
});

test('the « (2)» of a file downloaded twice is no other name: the listed file, its checksum compared', () => {
  const { ar, docs } = listedWithChecksum('24-017-АР (2).pdf');
  ar.crc32 = '1B5C9E26';
  assert.deepEqual(xmlNoteMismatch.run(context(docs)).findings, []);
  // another content under the listed name is the checksum's finding, not a missing file
  ar.crc32 = '0BADF00D';
  const essences = xmlNoteMismatch.run(context(docs)).findings!.map((x) => x.essence);
  assert.ok(!essences.some((e) => /файлы, которых нет в комплекте/.test(e)), essences.join('\n'));
  assert.equal(essences.length, 1, essences.join('\n'));
});

test('a name in the XML with its address agrees with a title page giving the address on the next lines', () => {
  const named = (inXml: string, onTitle: string) => {
    const xml = parseExplanatoryNote(SAMPLE_NOTE.replace('Многоквартирный жилой дом с встроенными помещениями', inXml))!;
    const docs = [
      docFacts(1, '24-017-ПЗ.xml', null, ['x'], { format: 'xml', pdfPath: null }, xml),
      docFacts(2, '24-017-АР.pdf', 'АР', [page('24-017-АР', `Объект: ${onTitle}`)]),
    ];
    return xmlNoteMismatch.run(context(docs)).findings!.filter((f) => /Наименование объекта/.test(f.essence)).length;
  };
  assert.equal(named('Многоквартирный жилой дом по адресу: Московская область, г. Зарайск, ул. Московская', 'Многоквартирный жилой дом'), 0);
  assert.equal(named('Многоквартирный жилой дом по адресу: г. Зарайск', 'Школа на 550 мест'), 1);
});

test('the XML note is a participant of the address and cadastral judging: it decides a tie, and alone it is the XML check’s finding', () => {
  const pz = docFacts(2, '24-017-ПЗ.pdf', 'ПЗ', [page('24-017-ПЗ', 'Адрес объекта: г. Москва, ул. Ленина, д. 7\nКадастровый номер 77:01:0001001:1294')]);
  const pzu = docFacts(3, '24-017-ПЗУ.pdf', 'ПЗУ', [page('24-017-ПЗУ', 'Адрес объекта: г. Москва, ул. Ленина, д. 5\nКадастровый номер 77:01:0001001:1234')]);
  // ПЗ and ПЗУ disagree on two plots (numbers apart by more than a transposition; without a third voice the ПЗ would stand); the note sides with ПЗУ: the ПЗ is the odd one
  const tie = context([xmlDoc(), pz, pzu]);
  assert.deepEqual(
    addressConsistency.run(tie).findings!.map((f) => f.about?.doc.index),
    [2],
  );
  assert.deepEqual(
    cadastralConsistency.run(tie).findings!.map((f) => f.about?.doc.index),
    [2],
  );
  assert.deepEqual(
    cadastralConsistency.run(context([pz, pzu])).findings!.map((f) => f.about?.doc.index),
    [3],
  );
  assert.deepEqual(
    xmlNoteMismatch.run(tie).findings!.filter((f) => /Адрес|Кадастровый/.test(f.essence)),
    [],
  );
  // both volumes agree on another plot: the note alone differs, and only the XML check says so — once
  const alone = context([
    xmlDoc(),
    docFacts(2, '24-017-ПЗ.pdf', 'ПЗ', [page('24-017-ПЗ', 'Кадастровый номер 77:01:0001001:1294')]),
    docFacts(3, '24-017-ПЗУ.pdf', 'ПЗУ', [page('24-017-ПЗУ', 'Кадастровый номер 77:01:0001001:1294')]),
  ]);
  assert.deepEqual(cadastralConsistency.run(alone).findings, []);
  const told = xmlNoteMismatch.run(alone).findings!.filter((f) => /Кадастровый/.test(f.essence));
  assert.equal(told.length, 1);
  assert.match(
    told[0]!.essence,
    /Кадастровый номер участка в «24-017-ПЗ\.pdf» \(77:01:0001001:1294\) не указан в XML пояснительной записке \(77:01:0001001:1234\)/,
  );
});
