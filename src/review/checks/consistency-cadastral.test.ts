import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { cadastralConsistency, isTransposition } from './consistency-cadastral.ts';

test('a document naming only another cadastral number is reported', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Кадастровый номер 77:01:0001001:1234']),
    docFacts(2, 'pzu.pdf', 'ПЗУ', ['участок с КН 77:01:0001001:1234']),
    docFacts(3, 'kr.pdf', 'КР', ['x', 'Кадастровый номер 77:01:0001001:1294']),
  ];
  const f = cadastralConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[2]);
  assert.match(f[0]!.essence, /1294.*1234/);
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

test('a number with two digits transposed is asked about naming both, not reported as another plot', () => {
  const docs = [
    docFacts(1, '12-2024-ПЗ.pdf', 'ПЗ', [
      'Раздел 1. Пояснительная записка',
      'Земельный участок с кадастровым номером 50:32:0010203:145 расположен в границах д. Покровское.',
    ]),
    docFacts(2, '12-2024-ПЗУ.pdf', 'ПЗУ', ['x', 'Участок (КН 50:32:0010203:145) площадью 2,1 га.']),
    docFacts(3, '12-2024-ПОС.pdf', 'ПОС', ['x', 'Строительная площадка размещается на земельном участке с кадастровым номером 50:32:0010203:154.']),
  ];
  const out = cadastralConsistency.run(context(docs));
  assert.deepEqual(out.findings, []);
  assert.equal(out.questions!.length, 1);
  assert.match(out.questions![0]!.text, /50:32:0010203:154 в «12-2024-ПОС\.pdf».*50:32:0010203:145.*перестановкой двух цифр/);
  assert.equal(out.questions![0]!.section, 'ПОС');
  assert.deepEqual(
    out.questions![0]!.places.map((p) => [p.doc.doc.index, p.page]),
    [
      [3, 2],
      [1, 2],
    ],
  );
});

test('a transposed number on a page of its own in a document that names the plot rightly elsewhere is asked about', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Кадастровый номер земельного участка 50:32:0010203:145', 'x', 'Площадь земельного участка с КН 50:32:0010203:154 — 2,1 га']),
    docFacts(2, 'pzu.pdf', 'ПЗУ', ['участок с КН 50:32:0010203:145']),
  ];
  const out = cadastralConsistency.run(context(docs));
  assert.deepEqual(out.findings, []);
  assert.match(out.questions![0]!.text, /50:32:0010203:154 в «pz\.pdf».*50:32:0010203:145 в «pzu\.pdf»/);
});

test('plots listed together on purpose, and a neighbour of the ГПЗУ, are neither slips nor findings', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Объект размещается на земельных участках с кадастровыми номерами 50:32:0010203:145, 50:32:0010203:154 и 50:32:0010203:160.']),
    docFacts(2, 'pzu.pdf', 'ПЗУ', ['Участки 50:32:0010203:145 и 50:32:0010203:154 объединены.']),
    docFacts(3, 'ar.pdf', 'АР', ['Участок с КН 50:32:0010203:154']),
  ];
  const listed = cadastralConsistency.run(context(docs));
  assert.deepEqual([listed.findings, listed.questions], [[], []]);
  const gpzu = [
    docFacts(1, 'ГПЗУ.pdf', null, [
      'Градостроительный план земельного участка № РФ-50-3-32-0-00-2024-1234. Земельный участок 50:32:0010203:145. Смежный земельный участок с кадастровым номером 50:32:0010203:154 (граничит с севера).',
    ]),
    docFacts(2, 'pz.pdf', 'ПЗ', ['Кадастровый номер земельного участка 50:32:0010203:145']),
    docFacts(3, 'pzu.pdf', 'ПЗУ', ['Участок с КН 50:32:0010203:145']),
  ];
  const neighbour = cadastralConsistency.run(context(gpzu));
  assert.deepEqual([neighbour.findings, neighbour.questions], [[], []]);
});

test('numbers one digit apart are two plots, not a transposition', () => {
  assert.equal(isTransposition('50:32:0010203:145', '50:32:0010203:154'), true);
  assert.equal(isTransposition('50:32:0010203:145', '50:32:0010203:146'), false);
  assert.equal(isTransposition('50:32:0010203:145', '50:32:0010203:541'), false);
  // a swap across the separator is not two digits of one group
  assert.equal(isTransposition('50:32:0010203:145', '50:32:001020:3145'), false);
});
