import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import type { XmlNoteFacts } from '../extract/xml-note.ts';
import { resourcesConsistency } from './consistency-resources.ts';

const xml = (resources: XmlNoteFacts['resources']): XmlNoteFacts => ({
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
  resources,
  initialDocuments: [],
});

test('the design power of ИОС1 against ПЗ: like with like, partial loads and installed power aside', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Расчетная мощность — 245 кВт. Установленная мощность — 320 кВт.']),
    docFacts(2, 'ios1.pdf', 'ИОС1', [
      'Расчетная мощность жилого дома — 262 кВт, в т.ч. на наружное освещение 12 кВт. Установленная мощность — 320 кВт. Расчетная мощность квартир — 200 кВт.',
    ]),
  ];
  const f = resourcesConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /расчетная электрическая мощность.*262 кВт.*245 кВт/);
  assert.equal(f[0]!.about!.doc.index, 2);
});

test('heat in Гкал/ч and in кВт agree after conversion; water per day is not compared with water per second', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Тепловая нагрузка, всего — 989 кВт. Водопотребление — 45,3 м³/сут.']),
    docFacts(2, 'ios4.pdf', 'ИОС4', ['Расчетная тепловая нагрузка на отопление — 0,512 Гкал/ч. Общая тепловая нагрузка — 0,85 Гкал/ч.']),
    docFacts(3, 'ios2.pdf', 'ИОС2', ['Водопотребление — 12,6 л/с']),
  ];
  assert.deepEqual(resourcesConsistency.run(context(docs)).findings, []);
});

test('the XML note (Resources) is compared, and a ТУ limit above the design figure is no conflict', () => {
  const pz = docFacts(1, 'pz.pdf', 'ПЗ', ['Расчетная мощность — 245 кВт. Максимальная мощность — 245 кВт.']);
  const note = docFacts(2, 'pz.xml', 'ПЗ', ['XML'], { format: 'xml' }, xml([{ name: 'Расчетная электрическая мощность', measure: '214', value: '254' }]));
  const f = resourcesConsistency.run(context([pz, note])).findings!;
  assert.equal(f.length, 1);
  assert.match(f[0]!.evidence, /XML \(Resources\): Расчетная электрическая мощность: 254/);
  const tuDoc = docFacts(
    3,
    'ТУ Россети.pdf',
    null,
    ['ТЕХНИЧЕСКИЕ УСЛОВИЯ на технологическое присоединение № 20-1234/23. Максимальная мощность присоединяемых энергопринимающих устройств — 250 кВт.'],
    { role: 'context' },
  );
  assert.deepEqual(resourcesConsistency.run(context([pz, tuDoc])).findings, []);
  const over = docFacts(1, 'pz.pdf', 'ПЗ', ['Максимальная мощность — 280 кВт.']);
  const g = resourcesConsistency.run(context([over, tuDoc])).findings!;
  assert.equal(g.length, 1);
  assert.match(g[0]!.essence, /превышает/);
});

test("loads of equipment in other sections are not the object's", () => {
  const docs = [
    docFacts(1, 'ios1.pdf', 'ИОС1', ['Установленная мощность — 320 кВт.']),
    docFacts(2, 'ios4.pdf', 'ИОС4', ['Вентиляция. Установленная мощность — 15 кВт.']),
    docFacts(3, 'pos.pdf', 'ПОС', ['Расчетная мощность — 80 кВт.']),
  ];
  assert.deepEqual(resourcesConsistency.run(context(docs)).findings, []);
});

test('the design documents are compared among themselves and each against the ТУ limit', () => {
  const tuDoc = docFacts(
    3,
    'ТУ Россети.pdf',
    null,
    ['ТЕХНИЧЕСКИЕ УСЛОВИЯ на технологическое присоединение № 20-1234/23. Максимальная мощность присоединяемых энергопринимающих устройств — 250 кВт.'],
    { role: 'context' },
  );
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Максимальная мощность — 245 кВт.']),
    docFacts(2, 'ios1.pdf', 'ИОС1', ['Максимальная мощность — 262 кВт.']),
    tuDoc,
  ];
  const f = resourcesConsistency.run(context(docs)).findings!;
  assert.deepEqual(
    f.map((x) => [x.about!.doc.index, /превышает/.test(x.essence)]),
    [
      [2, false],
      [2, true],
    ],
  );
});
