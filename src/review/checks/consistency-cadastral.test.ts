import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { cadastralConsistency } from './consistency-cadastral.ts';

test('a document naming only another cadastral number is reported', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Кадастровый номер 77:01:0001001:1234']),
    docFacts(2, 'pzu.pdf', 'ПЗУ', ['участок с КН 77:01:0001001:1234']),
    docFacts(3, 'kr.pdf', 'КР', ['x', 'Кадастровый номер 77:01:0001001:1243']),
  ];
  const f = cadastralConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[2]);
  assert.match(f[0]!.essence, /1243.*1234/);
});

test('neighbouring plots named next to the main one, and documents without numbers, are fine', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Кадастровый номер 77:01:0001001:1234']),
    docFacts(2, 'pzu.pdf', 'ПЗУ', ['77:01:0001001:1234; смежный участок 77:01:0001001:99']),
    docFacts(3, 'ar.pdf', 'АР', ['без номера']),
  ];
  assert.deepEqual(cadastralConsistency.run(context(docs)).findings, []);
});

test('documents of plots in other cadastral districts are one finding: documents of other objects, not slips', () => {
  const docs = [
    docFacts(1, 'ТУ связь.pdf', null, ['Технические условия. Земельный участок 50:45:0040322:1152']),
    docFacts(2, 'Выписка ЕГРН 1152.pdf', null, ['Кадастровый номер 50:45:0040322:1152']),
    docFacts(3, 'ТУ диспетчеризация.pdf', null, ['Технические условия. Кадастровый номер 50:40:0020707:318']),
    docFacts(4, 'Решение МИТС.pdf', null, ['Земельный участок с КН 50:38:0071006:1120']),
  ];
  const f = cadastralConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.match(
    f[0]!.essence,
    /^Документы называют участки другого кадастрового района.*50:45.*50:40:0020707:318.*50:38:0071006:1120.*документы другого объекта или ошибка/,
  );
  assert.deepEqual(
    f[0]!.places.map((p) => p.doc.doc.index),
    [3, 4],
  );
  // two documents of two districts: which is the set's is not known, so they are judged as numbers that differ
  const two = cadastralConsistency.run(context(docs.slice(2))).findings!;
  assert.equal(two.length, 1);
  assert.match(two[0]!.essence, /не совпадает/);
});
