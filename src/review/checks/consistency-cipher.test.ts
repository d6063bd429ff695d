import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { cipherConsistency } from './consistency-cipher.ts';

const page = (cipher: string) => ({ text: 'текст', stamp: stampLines({ cipher, sheet: 1 }) });

test('a volume with another cipher base and a cipher whose mark names another section are reported', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', [page('24-017-ПЗ')]),
    docFacts(2, 'ar.pdf', 'АР', [page('24-017-АР')]),
    docFacts(3, 'kr.pdf', 'КР', [page('24-018-КР')]),
    docFacts(4, 'ios.pdf', 'ИОС4', [page('24-017-АР')]),
  ];
  const f = cipherConsistency.run(context(docs)).findings!;
  assert.deepEqual(
    f.map((x) => x.about!.doc.index),
    [3, 4],
  );
  assert.match(f[0]!.essence, /24-018-КР.*24-017/);
  assert.match(f[1]!.essence, /АР.*ИОС4/);
});

test('РД marks, volume numbers and a common ВК for water supply and drainage are accepted', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', [page('24-017-ПЗ')]),
    docFacts(2, 'kr.pdf', 'КР', [page('24-017-КЖ1.2')]),
    docFacts(3, 'vk.pdf', 'ИОС3', [page('24-017-ВК')]),
    docFacts(4, 'ov.pdf', 'ИОС4', [page('24-017-ИОС4.1')]),
  ];
  assert.deepEqual(cipherConsistency.run(context(docs)).findings, []);
});

test('one sheet whose title block carries a mistyped cipher is reported with its page', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', [page('24-017-ПЗ')]),
    docFacts(2, 'ar.pdf', 'АР', [page('24-017-АР'), page('24-017-АР'), page('24-317-АР'), page('24-017-АР')]),
  ];
  const f = cipherConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /с\. 3 указан шифр 24-317-АР вместо 24-017-АР/);
  assert.deepEqual(
    f[0]!.places.map((p) => p.page),
    [3],
  );
});

test('a mistyped cipher on the title page is reported; another project named there is not', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', [page('25-143-ПЗ')]),
    docFacts(2, 'pb.pdf', 'ПБ', ['ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\n25-153-ПБ\nТом 9\nс учётом решений проекта 23-901-ПБ', page('25-143-ПБ'), page('25-143-ПБ')]),
  ];
  const f = cipherConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /с\. 1 указан шифр 25-153-ПБ вместо 25-143-ПБ/);
});

test('a volume printed with another base that quotes the set’s own cipher is reported once, for its base', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', [page('ЖД-31-2024-ПЗ')]),
    docFacts(2, 'ar.pdf', 'АР', [page('ЖД-31-2024-АР')]),
    docFacts(3, 'kr.pdf', 'КР', [
      { text: 'Фундаменты см. ЖД-31-2024-КР.ГЧ, лист 2.', stamp: stampLines({ cipher: 'ЖД-13-2024-КР', sheet: 1 }) },
      page('ЖД-13-2024-КР'),
    ]),
  ];
  const f = cipherConsistency.run(context(docs)).findings!;
  assert.deepEqual(
    f.map((x) => x.essence),
    ['Шифр документа «kr.pdf» (ЖД-13-2024-КР) не совпадает по базе с шифрами остальных томов (ЖД-31-2024).'],
  );
});

test('a remark to change the volume’s correct cipher into the cipher of bound foreign drawings is never made', () => {
  const sheet = (cipher: string, n: number) => ({ text: 'чертёж', stamp: stampLines({ cipher, sheet: n }) });
  const kr = docFacts(2, 'kr.pdf', 'КР', [
    'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 4. Конструктивные решения\n24-017-КР',
    sheet('24-017-КР', 1),
    sheet('24-017-КР', 2),
    // more bound sheets of another object than the volume's own: they still do not make the volume's cipher
    ...[14, 15, 16, 17].map((n) => sheet('23-555-КЖ', n)),
  ]);
  assert.equal(kr.cipher?.cipher, '23-555-КЖ');
  const docs = [docFacts(1, 'pz.pdf', 'ПЗ', [page('24-017-ПЗ')]), kr];
  assert.deepEqual(cipherConsistency.run(context(docs)).findings, []);
});

test('a subsection book cipher («…-ИОС1.2», «…-ИОС5.5») and its text part («…-ИОС5.5.ПЗ») are the volume’s own, beside the subsection’s', () => {
  const docs = [
    docFacts(1, 'ios1.2.pdf', 'ИОС1', [page('25/06/2025-СОШ10-ИОС1.2'), page('25/06/2025-СОШ10-ИОС1'), page('25/06/2025-СОШ10-ИОС1')]),
    docFacts(2, 'ios5.5.pdf', 'ИОС5', [page('25/06/2025-СОШ10-ИОС5.5.ПЗ'), page('25/06/2025-СОШ10-ИОС5.5'), page('25/06/2025-СОШ10-ИОС5')]),
  ];
  assert.deepEqual(cipherConsistency.run(context(docs)).findings, []);
  // another book of the subsection on a sheet is still another cipher
  // (its sheet number going on with the volume's: the volume's own sheet with a mistyped cipher, not a bound one)
  const numbered = (cipher: string, sheet: number) => ({ text: 'текст', stamp: stampLines({ cipher, sheet }) });
  const wrong = docFacts(3, 'ios5.5.pdf', 'ИОС5', [
    numbered('25/06/2025-СОШ10-ИОС5.5', 1),
    numbered('25/06/2025-СОШ10-ИОС5.5', 2),
    numbered('25/06/2025-СОШ10-ИОС5.6', 3),
  ]);
  assert.match(cipherConsistency.run(context([wrong])).findings![0]!.essence, /ИОС5\.6 вместо/);
});

test('the ИУЛ of a volume with another cipher base repeats the volume’s cipher: one finding, on the volume', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', [page('24-017-ПЗ')]),
    docFacts(2, 'ar.pdf', 'АР', [page('24-017-АР')]),
    docFacts(3, 'kr.pdf', 'КР', [page('24-018-КР')]),
    docFacts(4, 'kr-УЛ.pdf', null, [{ text: 'Информационно-удостоверяющий лист\n24-018-КР-УЛ', stamp: stampLines({ cipher: '24-018-КР', sheet: 1 }) }]),
  ];
  const f = cipherConsistency.run(context(docs)).findings!.filter((x) => /по базе/.test(x.essence));
  assert.deepEqual(
    f.map((x) => x.about!.doc.index),
    [3],
  );
});

test('a cover designating the volume with another section’s mark is reported; a reference to that section is not', () => {
  const cover = 'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\n\nРаздел 9. Мероприятия по обеспечению пожарной безопасности\n\n25-143-ПЗУ\n\nТом 9';
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', [page('25-143-ПЗ')]),
    docFacts(2, 'pb.pdf', 'ПБ', [cover, page('25-143-ПБ'), page('25-143-ПБ')]),
    docFacts(3, 'ar.pdf', 'АР', ['Раздел 3. Архитектурные решения\n25-143-АР\nПроезды приняты по 25-143-ПЗУ', page('25-143-АР')]),
  ];
  const f = cipherConsistency.run(context(docs)).findings!;
  assert.deepEqual(
    f.map((x) => x.essence),
    ['На с. 1 документа «pb.pdf» (обложка, титульный лист) указано обозначение 25-143-ПЗУ вместо 25-143-ПБ.'],
  );
});

test('a cipher in the file’s name alone is the uploader’s label: an estimate named by the section it prices is no finding', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', [page('24-017-ПЗ')]),
    // no cipher in its own form: only the name carries one, with the mark of ПОС, whose works it prices
    docFacts(2, 'ЛСР 09-01-01_24-017-ПОС.pdf', 'СМ', [{ text: 'Локальный сметный расчёт № 09-01-01' }]),
    // the same mark printed in the document's own title block is its designation, and is judged
    docFacts(3, 'smeta.pdf', 'СМ', [page('24-017-ПОС')]),
  ];
  const f = cipherConsistency.run(context(docs)).findings!;
  assert.deepEqual(
    f.map((x) => x.about!.doc.index),
    [3],
  );
  assert.equal(docs[1]!.cipher?.fromName, true, 'the cipher was read from the name');
});
