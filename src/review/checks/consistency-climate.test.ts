import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { parseExplanatoryNote } from '../extract/xml-note.ts';
import { climateConsistency } from './consistency-climate.ts';

const run = (docs: Parameters<typeof context>[0]) => climateConsistency.run(context(docs)).findings!;
const note = (body: string) =>
  parseExplanatoryNote(
    `<ExplanatoryNote SchemaVersion="01.07"><NonIndustrialObject><Name>Жилой дом</Name><ClimateConditions>${body}</ClimateConditions></NonIndustrialObject></ExplanatoryNote>`,
  );

test('a snow district of КР differing from ПЗ is reported', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Климатический район строительства — IIВ. Снеговой район — III, ветровой район — I.']),
    docFacts(2, 'kr.pdf', 'КР', ['x', 'Район строительства по весу снегового покрова — IV, по давлению ветра — I. Сейсмичность площадки — менее 6 баллов.']),
  ];
  const f = run(docs);
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /«снеговой район».*IV .*III/);
  assert.deepEqual(
    f[0]!.places.map((p) => [p.doc.doc.index, p.page]),
    [
      [2, 2],
      [1, 1],
    ],
  );
});

test('the design temperature of ИОС4 is compared with ПЗ; a weather-station table of other cities is not', () => {
  const pz = docFacts(1, 'pz.pdf', 'ПЗ', [
    'Температура наружного воздуха наиболее холодной пятидневки обеспеченностью 0,92 — минус 31 °С.',
    'Таблица 2. Климатические параметры ближайших метеостанций\nМетеостанция | Температура наиболее холодной пятидневки (0,92), °С | Снеговой район\nКазань | −31 | IV\nНабережные Челны | −32 | V',
  ]);
  const same = docFacts(2, 'ov.pdf', 'ИОС4', ['Расчетная температура наружного воздуха в холодный период года — минус 31 °С (параметры Б).']);
  assert.deepEqual(run([pz, same]), []);
  const other = docFacts(2, 'ov.pdf', 'ИОС4', ['Расчетная температура наружного воздуха в холодный период года — минус 28 °С.']);
  const f = run([pz, other]);
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /минус 28 °С.*минус 31 °С/);
});

test('a district agrees with its subdistrict; seismic intensities of different maps are not compared', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Климатический район — II. Сейсмичность площадки — 6 баллов по карте ОСР-2015-А.']),
    docFacts(2, 'kr.pdf', 'КР', ['Климатический подрайон — IIВ. Сейсмичность района строительства — 7 баллов по карте ОСР-2015-В.']),
  ];
  assert.deepEqual(run(docs), []);
});

test('the XML ClimateConditions disagreeing with the documents is reported on the XML', () => {
  const xml = note('<ClimateDistrict>IIВ</ClimateDistrict><SnowDistrict>V</SnowDistrict><WindDistrict>I</WindDistrict>');
  const docs = [
    docFacts(1, 'pz.xml', 'ПЗ', ['XML'], {}, xml),
    docFacts(2, 'pz.pdf', 'ПЗ', ['Климатический район строительства — IIВ. Снеговой район — III (Sg = 1,5 кПа), ветровой район — I.']),
    docFacts(3, 'kr.pdf', 'КР', ['Снеговой район — III.']),
  ];
  const f = run(docs);
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[0]);
  assert.match(f[0]!.evidence, /SnowDistrict: V/);
});

test('the design assignment is the reference for the characteristics it states: the XML note against it is a finding', () => {
  const task = docFacts(2, 'ТЗ.xml', null, ['Задание на проектирование (XML, схема DesignAssignment 01.00)\nКлиматический район: IIВ'], { role: 'context' });
  const xml = parseExplanatoryNote(
    '<ExplanatoryNote SchemaVersion="01.05"><NonIndustrialObject><Name>Школа</Name><ClimateConditions><ClimateDistrict>IВ</ClimateDistrict></ClimateConditions></NonIndustrialObject></ExplanatoryNote>',
  )!;
  const note = docFacts(1, 'ПЗ.xml', null, ['x'], { format: 'xml', pdfPath: null }, xml);
  const [f, ...rest] = climateConsistency.run(context([note, task])).findings!;
  assert.equal(rest.length, 0);
  assert.match(f!.essence, /IВ/);
  assert.match(f!.essence, /IIВ/);
  assert.equal(f!.about?.doc.index, 1);
});
