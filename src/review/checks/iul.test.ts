import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import type { DocFacts } from '../facts/types.ts';
import { iulMismatch } from './iul.ts';

const iulText = (fileName: string, crc: string, size: string) =>
  [
    'Информационно-удостоверяющий лист',
    'Обозначение документа',
    '24-017-ИОС',
    'Контрольная сумма',
    'CRC32',
    crc,
    'Наименование файла',
    'Размер файла, байт',
    fileName,
    size,
  ].join('\n');

const volume = (index: number, name: string, section: string, crc: string, bytes: number): DocFacts => {
  const d = docFacts(index, name, section, [`ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел ${section}`]);
  d.crc32 = crc;
  d.fileBytes = bytes;
  return d;
};
const iul = (index: number, name: string, fileName: string, crc: string, size: string) => docFacts(index, name, null, [iulText(fileName, crc, size)]);

test('ИУЛ that match their volumes by checksum and size are clean, ИУЛ do not count as volumes', () => {
  const docs = [
    volume(1, 'Раздел ПД №5 Подраздел ПД№ 3 ИОС3.pdf', 'ИОС3', '9313AA80', 3645699),
    iul(2, 'Раздел ПД №5 Подраздел ПД№ 3 ИОС3-УЛ.pdf', 'Раздел ПД №5 Подраздел ПД№ 3 ИОС3', '9313AA80', '3 645 699'),
    volume(3, 'Раздел ПД №9 ПБ.pdf', 'ПБ', '0A0B0C0D', 1000000),
    iul(4, 'Раздел ПД №9 ПБ-УЛ.pdf', 'Раздел ПД №9 ПБ', '0A0B0C0D', '1 000 000'),
  ];
  const ctx = context(docs);
  assert.deepEqual(
    ctx.set.documents.map((t) => t.type),
    ['pd_section', 'iul', 'pd_section', 'iul'],
  );
  assert.deepEqual(iulMismatch.run(ctx), { findings: [], questions: [], referenceProblems: [], warnings: [] });
});

test('ИУЛ whose checksum or size is not the uploaded file’s is a finding on the ИУЛ, naming both values', () => {
  const docs = [
    volume(1, 'Раздел ПД №5 Подраздел ПД№ 3 ИОС3.pdf', 'ИОС3', '9313AA81', 3645700),
    iul(2, 'Раздел ПД №5 Подраздел ПД№ 3 ИОС3-УЛ.pdf', 'Раздел ПД №5 Подраздел ПД№ 3 ИОС3', '9313AA80', '3 645 699'),
  ];
  const [f, ...rest] = iulMismatch.run(context(docs)).findings!;
  assert.equal(rest.length, 0);
  assert.equal(f!.importance, 'significant');
  assert.equal(f!.about!.doc.index, 2);
  assert.match(
    f!.essence,
    /ИУЛ .* не соответствует файлу тома .*: CRC32 9313AA80 в ИУЛ, 9313AA81 у файла; размер 3 645 699 байт в ИУЛ, 3 645 700 байт у файла/,
  );
});

test('an ИУЛ found by its own name when the file name it prints is wrapped beyond recognition', () => {
  const docs = [volume(1, '24-017-АР.pdf', 'АР', '11111111', 2000000), iul(2, '24-017-АР-УЛ.pdf', 'Архитектурные решения', '22222222', '2 000 000')];
  assert.match(iulMismatch.run(context(docs)).findings![0]!.essence, /CRC32 22222222 в ИУЛ, 11111111 у файла/);
});

test('a volume without its ИУЛ while the others have theirs is a question, not a finding', () => {
  const docs = [
    volume(1, '24-017-АР.pdf', 'АР', '11111111', 2000000),
    iul(2, '24-017-АР-УЛ.pdf', '24-017-АР', '11111111', '2 000 000'),
    volume(3, '24-017-КР.pdf', 'КР', '33333333', 3000000),
    iul(4, '24-017-КР-УЛ.pdf', '24-017-КР', '33333333', '3 000 000'),
    volume(5, '24-017-ПОС.pdf', 'ПОС', '55555555', 5000000),
  ];
  const out = iulMismatch.run(context(docs));
  assert.deepEqual(out.findings, []);
  assert.equal(out.questions!.length, 1);
  assert.match(out.questions![0]!.text, /нет ИУЛ для «24-017-ПОС\.pdf»/);
});

test('an ИУЛ whose figures cannot be read still stands for its volume: no question, no finding', () => {
  const docs = [
    volume(1, '24-017-АР.pdf', 'АР', '11111111', 2000000),
    iul(2, '24-017-АР-УЛ.pdf', '24-017-АР', '11111111', '2 000 000'),
    volume(3, '24-017-КР.pdf', 'КР', '33333333', 3000000),
    iul(4, '24-017-КР-УЛ.pdf', '24-017-КР', '33333333', '3 000 000'),
    volume(5, '24-017-ПОС.pdf', 'ПОС', '55555555', 5000000),
    docFacts(6, '24-017-ПОС-УЛ.pdf', null, ['Информационно-удостоверяющий лист\n24-017-ПОС']),
  ];
  assert.equal(docs[5]!.iul, null);
  assert.deepEqual(iulMismatch.run(context(docs)), { findings: [], questions: [], referenceProblems: [], warnings: [] });
});

test('ИУЛ signed before their files were last changed are one finding naming each, read from the ИУЛ alone', () => {
  const dated = (index: number, name: string, changed: string, signed: string) =>
    docFacts(index, name, null, [
      [
        'Информационно-удостоверяющий лист',
        '25/06/2025-СОШ10-АР',
        'Контрольная сумма',
        'CRC32',
        '87A7480A',
        'Наименование файла',
        'Дата и время последнего изменения файла',
        'Размер файла, байт',
        name,
        changed,
        '8 374 160',
        'Разработал',
        signed,
        'ГИП',
        signed,
      ].join('\n'),
    ]);
  const early = [dated(1, 'Раздел ПД №3 АР-УЛ.pdf', '30.10.2025 16:28', '10.10.2025'), dated(2, 'Раздел ПД №6 ТХ-УЛ.pdf', '31.10.2025 11:54', '10.10.2025')];
  const f = iulMismatch.run(context(early)).findings!;
  assert.equal(f.length, 1, f.map((x) => x.essence).join('\n'));
  assert.match(f[0]!.essence, /ИУЛ подписаны раньше последнего изменения удостоверяемых ими файлов \(2\)/);
  assert.match(f[0]!.evidence, /«Раздел ПД №3 АР-УЛ\.pdf»: подписан 10\.10\.2025, файл изменён 30\.10\.2025/);
  const sameDay = [dated(1, 'Раздел ПД №3 АР-УЛ.pdf', '10.10.2025 16:28', '10.10.2025')];
  assert.deepEqual(iulMismatch.run(context(sameDay)).findings, []);
});

test('ИУЛ whose «Обозначение документа» holds a section’s name, not a designation, are one minor finding', () => {
  const sheet = (index: number, name: string, designation: string) =>
    docFacts(index, name, null, [
      [
        'Информационно-удостоверяющий лист',
        'Обозначение документа',
        designation,
        'Контрольная сумма',
        'CRC32',
        '87A7480A',
        'Размер файла, байт',
        '8 374 160',
      ].join('\n'),
    ]);
  const named = [sheet(1, 'Раздел ПД №3 АР-УЛ.pdf', 'Раздел ПД №3 АР'), sheet(2, 'Раздел ПД №4 КР-УЛ.pdf', 'Раздел ПД №4 КР')];
  const f = iulMismatch.run(context(named)).findings!;
  assert.deepEqual(
    f.map((x) => [x.importance, x.essence]),
    [['minor', 'В ИУЛ не указано обозначение удостоверяемого документа (2): в графе «Обозначение документа» — наименование раздела или файла, а не шифр.']],
  );
  const pieces = [sheet(1, 'Раздел ПД №3 АР-УЛ.pdf', '25/06/\n2025-СОШ10\n-АР')];
  assert.deepEqual(iulMismatch.run(context(pieces)).findings, [], 'a designation in pieces is a designation');
  const unmarked = [sheet(1, '30-25-ИГДИ-УЛ.pdf', '30-25-ИГДИ'), sheet(2, 'ТЗК-УЛ.pdf', '25_06_2025-СОШ10-ТЗК.pdf')];
  assert.deepEqual(iulMismatch.run(context(unmarked)).findings, [], 'a designation without a known mark is one all the same');
  const ownName = [sheet(1, 'Книга 1 ИОС5.1-УЛ.pdf', 'Раздел ПД №5 Подраздел ПД№ 5 Книга 1 ИОС5.1-УЛ')];
  assert.equal(iulMismatch.run(context(ownName)).findings!.length, 1, 'the sheet’s own name «…ИОС5.1-УЛ» is no designation');
});
