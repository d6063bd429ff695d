import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import type { XmlNoteFacts } from '../extract/xml-note.ts';
import { gpzuConsistency } from './consistency-gpzu.ts';

const xml = (initialDocuments: XmlNoteFacts['initialDocuments']): XmlNoteFacts => ({
  schemaVersion: '01.07',
  normTexts: [],
  issuedDocuments: [],
  modificationDates: [],
  objectKind: null,
  regionCode: null,
  financing: null,
  cipher: null,
  year: null,
  objectName: null,
  address: null,
  cadastralNumbers: [],
  indicators: [],
  sections: [],
  characteristics: {},
  resources: [],
  initialDocuments,
});

test('ПЗУ citing another ГПЗУ number than ПЗ and the ГПЗУ itself is reported against the ГПЗУ', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', [
      'Проектная документация разработана на основании градостроительного плана земельного участка № РФ-77-4-59-3-23-2021-4737 от 12.03.2021.',
    ]),
    docFacts(2, 'pzu.pdf', 'ПЗУ', ['Границы участка приняты по ГПЗУ № РФ-77-4-59-3-23-2021-4773 от 12.03.2021.']),
    docFacts(3, 'ГПЗУ.pdf', null, ['ГРАДОСТРОИТЕЛЬНЫЙ ПЛАН ЗЕМЕЛЬНОГО УЧАСТКА № РФ-77-4-59-3-23-2021-4737 от 12.03.2021'], { role: 'context' }),
  ];
  const f = gpzuConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[1]);
  assert.match(f[0]!.essence, /4773.*4737/);
});

test('the same number with another date in the XML note is reported; a ПЗУ without a date is no conflict', () => {
  const pz = docFacts(1, 'pz.pdf', 'ПЗ', ['ГПЗУ № РФ-77-4-59-3-23-2021-4737 от 12.03.2021']);
  const pzu = docFacts(2, 'pzu.pdf', 'ПЗУ', ['Градостроительный план земельного участка № РФ-77-4-59-3-23-2021-4737.']);
  const note = docFacts(
    3,
    'pz.xml',
    'ПЗ',
    ['XML'],
    { format: 'xml' },
    xml([{ type: '03.02', name: 'Градостроительный план земельного участка', number: 'РФ-77-4-59-3-23-2021-4737', date: '2021-03-21' }]),
  );
  assert.deepEqual(gpzuConsistency.run(context([pz, pzu])).findings, []);
  const f = gpzuConsistency.run(context([pz, pzu, note])).findings!;
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /Дата ГПЗУ .*21\.03\.2021.*12\.03\.2021/);
});

test('a document citing two ГПЗУ (a replaced one, another plot) is not compared', () => {
  const pz = docFacts(1, 'pz.pdf', 'ПЗ', ['ГПЗУ № РФ-77-4-59-3-23-2021-4737 от 12.03.2021']);
  const two = docFacts(2, 'pzu.pdf', 'ПЗУ', [
    'ГПЗУ № РФ-77-4-59-3-23-2021-4737 от 12.03.2021; смежный участок — ГПЗУ № РФ-77-4-59-3-23-2020-1111 от 01.02.2020.',
  ]);
  assert.deepEqual(gpzuConsistency.run(context([pz, two])).findings, []);
});

test('the ГПЗУ itself is the reference even when two documents repeat another number', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['ГПЗУ № РФ-77-4-59-3-23-2021-4773 от 12.03.2021']),
    docFacts(2, 'pzu.pdf', 'ПЗУ', ['ГПЗУ № РФ-77-4-59-3-23-2021-4773 от 12.03.2021']),
    docFacts(3, 'ГПЗУ.pdf', null, ['ГРАДОСТРОИТЕЛЬНЫЙ ПЛАН ЗЕМЕЛЬНОГО УЧАСТКА № РФ-77-4-59-3-23-2021-4737 от 12.03.2021'], { role: 'context' }),
  ];
  const f = gpzuConsistency.run(context(docs)).findings!;
  assert.deepEqual(
    f.map((x) => x.about!.doc.index),
    [1, 2],
  );
  assert.match(f[0]!.essence, /4773.*ГПЗУ\.pdf.*4737/);
});

test('a ГПЗУ number of another subject than the plot’s cadastral number is reported once, with the plot', () => {
  const docs = [
    docFacts(1, 'ar.pdf', 'АР', [
      'Основание для проектирования: ГПЗУ № РФ-48-4-07-2-01-2024-0004 от 23.01.2024. Кадастровый номер земельного участка 50:35:0030405:2107.',
    ]),
    docFacts(2, 'pos.pdf', 'ПОС', ['Участок с кадастровым номером 50:35:0030405:2107; градостроительный план земельного участка № РФ-48-4-07-2-01-2024-0004.']),
  ];
  const f = gpzuConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /РФ-48-4-07-2-01-2024-0004 начинается с кода субъекта 48, а участок — в субъекте с кодом 50/);
  assert.deepEqual(
    f[0]!.places.map((p) => [p.doc.doc.name, p.page]),
    [
      ['ar.pdf', 1],
      ['pos.pdf', 1],
    ],
  );
});

test('the region is not judged where the plots lie in two subjects, in a merged okrug’s district, or the citations disagree', () => {
  const cited = (cad: string, n = 'РФ-59-3-16-0-00-2023-3793') => [docFacts(1, 'pzu.pdf', 'ПЗУ', [`ГПЗУ № ${n} от 01.02.2023. Кадастровый номер ${cad}.`])];
  assert.deepEqual(gpzuConsistency.run(context(cited('59:01:4410153:12'))).findings, []);
  assert.deepEqual(gpzuConsistency.run(context(cited('81:05:0010101:7'))).findings, []);
  const two = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['ГПЗУ № РФ-48-4-07-2-01-2024-0004 от 23.01.2024, кадастровый номер 50:35:0030405:2107']),
    docFacts(2, 'pzu.pdf', 'ПЗУ', ['ГПЗУ № РФ-48-4-07-2-01-2024-0044 от 23.01.2024']),
  ];
  assert.deepEqual(
    gpzuConsistency.run(context(two)).findings!.map((f) => f.essence.includes('кодом субъекта')),
    [false],
  );
});
