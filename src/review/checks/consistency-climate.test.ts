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

// The climate of the place: the design values held against table 3.1 of СП 131.13330 for the object's settlement.
const at = (date: string) => ({ referenceDate: { date, source: 'stamp' as const, text: date } });
const MOSCOW = 'г. Москва, ул. Тверская, д. 1';
const review = (docs: Parameters<typeof context>[0], address: string | null, date = '2024-05-31') =>
  climateConsistency.run(context(docs, { objectAddress: address }, at(date)));

test('a five-day temperature other than the table gives for the place: one finding naming every place and the row', () => {
  const pz = docFacts(1, 'pz.pdf', 'ПЗ', ['Температура наружного воздуха наиболее холодной пятидневки обеспеченностью 0,92 — минус 28 °С.']);
  const ov = docFacts(2, 'ov.pdf', 'ИОС4', ['Расчетная температура наружного воздуха в холодный период года — -28 °С (параметры Б).']);
  const out = review([pz, ov], MOSCOW);
  assert.equal(out.findings!.length, 1);
  const f = out.findings![0]!;
  assert.equal(f.about, pz);
  assert.equal(
    f.essence,
    'Значение «расчётная температура наружного воздуха (холодной пятидневки)» минус 28 °С в «pz.pdf», «ov.pdf» не соответствует СП 131.13330.2020 для места строительства: по таблице 3.1 (Москва) — минус 26 °С.',
  );
  assert.match(f.evidence, /СП 131\.13330\.2020, таблица 3\.1, строка \d+ \(Московская область, Москва\)/);
  assert.match(f.evidence, /по населённому пункту адреса объекта/);
  assert.deepEqual(
    f.places.map((p) => p.doc.doc.index),
    [1, 2],
  );
  // the documents agree with each other: no second finding of the same cause
  assert.deepEqual(out.questions, []);
});

test('the right value in other words or formats is no finding; the 2012 value in a 2024 set is, and says so', () => {
  const ok = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Температура наиболее холодной пятидневки (0,92) — минус 26 °С. Средняя температура отопительного периода — минус 2,2 °С.']),
    docFacts(2, 'kr.pdf', 'КР', [
      'Расчетная температура наружного воздуха (холодной пятидневки), °С | -26 | Продолжительность отопительного периода — 204 сут.',
    ]),
    docFacts(3, 'ov.pdf', 'ИОС4', [
      'Температура воздуха наиболее холодных суток обеспеченностью 0,92 — −29 °C; средняя температура отопительного периода −2 °С.',
    ]),
  ];
  assert.deepEqual(review(ok, MOSCOW).findings, []);
  const old = [docFacts(1, 'pz.pdf', 'ПЗ', ['Температура наиболее холодной пятидневки обеспеченностью 0,92 — минус 25 °С.'])];
  const f = review(old, MOSCOW).findings!;
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /по таблице 3\.1 СП 131\.13330\.2012 .*заменённого СП 131\.13330\.2020/);
});

test('a set dated by the 2012 edition is held against its table; a newer edition applied early is right too', () => {
  const old = [
    docFacts(1, 'pz.pdf', 'ПЗ', [
      'Температура наиболее холодной пятидневки обеспеченностью 0,92 — минус 25 °С. Продолжительность отопительного периода — 205 сут.',
    ]),
  ];
  assert.deepEqual(review(old, MOSCOW, '2016-03-31').findings, []);
  const newer = [docFacts(1, 'pz.pdf', 'ПЗ', ['Температура наиболее холодной пятидневки обеспеченностью 0,92 — минус 26 °С.'])];
  assert.deepEqual(review(newer, MOSCOW, '2016-03-31').findings, []);
  const wrong = [docFacts(1, 'pz.pdf', 'ПЗ', ['Продолжительность отопительного периода — 214 сут.'])];
  assert.match(
    review(wrong, MOSCOW, '2016-03-31').findings![0]!.essence,
    /214 сут\. .*СП 131\.13330\.2012 для места строительства: по таблице 3\.1 \(Москва\) — 205 сут\./,
  );
  // from 2018 to 24.06.2021 the 2018 edition may have been in force, whose table is not held: nothing is compared
  assert.deepEqual(review(wrong, MOSCOW, '2020-03-31').findings, []);
});

test('heating values of the period at 10 °С (hospitals, schools) are the table’s too', () => {
  const docs = [
    docFacts(1, 'ov.pdf', 'ИОС4', ['Продолжительность отопительного периода — 222 сут., средняя температура отопительного периода — минус 1,3 °С.']),
  ];
  assert.deepEqual(review(docs, MOSCOW).findings, []);
});

test('a settlement with no station of its own and none named gets nothing; a station the set names is used', () => {
  const text = 'Температура наружного воздуха наиболее холодной пятидневки обеспеченностью 0,92 — минус 31 °С.';
  const nerekhta = 'Костромская обл., г. Нерехта, ул. Ленина, д. 5';
  assert.deepEqual(review([docFacts(1, 'pz.pdf', 'ПЗ', [text])], nerekhta).findings, []);
  const named = [docFacts(1, 'pz.pdf', 'ПЗ', [`Климатические параметры приняты по г. Кострома. ${text}`])];
  const f = review(named, nerekhta).findings!;
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /минус 31 °С .*\(Кострома\) — минус 29 °С/);
  assert.match(f[0]!.evidence, /нет своей станции .*приняты по г\. Кострома/);
  const right = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Климатические параметры приняты по г. Кострома. Температура наиболее холодной пятидневки (0,92) — минус 29 °С.']),
  ];
  assert.deepEqual(review(right, nerekhta).findings, []);
  // a town of the same name in another subject is not the place's station
  assert.deepEqual(review(named, 'Ярославская обл., г. Рыбинск, ул. Ленина, д. 5').findings, []);
});

test('the values in the XML note’s ClimateNote are held against the table with the volumes', () => {
  const xml = parseExplanatoryNote(
    '<ExplanatoryNote SchemaVersion="01.07"><NonIndustrialObject><Name>Жилой дом</Name><ClimateConditions><ClimateNote>Температура наиболее холодной пятидневки обеспеченностью 0,92 — минус 28 °С.</ClimateNote><ClimateDistrict>IIВ</ClimateDistrict></ClimateConditions></NonIndustrialObject></ExplanatoryNote>',
  );
  const docs = [
    docFacts(1, 'pz.xml', 'ПЗ', ['XML'], {}, xml),
    docFacts(2, 'pz.pdf', 'ПЗ', ['Температура наиболее холодной пятидневки обеспеченностью 0,92 — минус 28 °С.']),
  ];
  const f = review(docs, MOSCOW).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[1]);
  assert.match(f[0]!.evidence, /XML ПЗ \(ClimateNote\)/);
});

test('a district the station’s temperatures rule out is a question, never a finding; disagreeing documents are a finding', () => {
  const samara = 'Самарская обл., г. Самара, ул. Ленина, д. 5';
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Климатический подрайон — IIIА.']),
    docFacts(2, 'kr.pdf', 'КР', ['Район строительства относится к климатическому подрайону IIIА.']),
  ];
  const out = review(docs, samara);
  assert.deepEqual(out.findings, []);
  assert.equal(out.questions!.length, 1);
  assert.match(out.questions![0]!.text, /IIIА .*таблицы Б\.1 .*Самара.*января минус 11,1 °С.*IIВ/);
  assert.match(out.questions![0]!.reason, /рисунка А\.1/);
  assert.deepEqual(review([docFacts(1, 'pz.pdf', 'ПЗ', ['Климатический подрайон — IIВ.'])], samara).questions, []);
  const split = review(
    [docFacts(1, 'pz.pdf', 'ПЗ', ['Климатический подрайон — IIIА.']), docFacts(2, 'kr.pdf', 'КР', ['Климатический подрайон — IIВ.'])],
    samara,
  );
  assert.equal(split.findings!.length, 1);
  assert.deepEqual(split.questions, []);
});
