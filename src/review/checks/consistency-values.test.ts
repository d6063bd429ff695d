import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import {
  apartmentsConsistency,
  areaConsistency,
  capacityConsistency,
  indicatorsConsistency,
  storeysConsistency,
  volumeConsistency,
} from './consistency-values.ts';

test('a document disagreeing with the majority is reported with both places and both values', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Этажность – 9']),
    docFacts(2, 'ar.pdf', 'АР', ['титул', 'Этажность здания 10 этажей']),
    docFacts(3, 'pb.pdf', 'ПБ', ['9-этажный жилой дом']),
  ];
  const [f, ...rest] = storeysConsistency.run(context(docs)).findings!;
  assert.equal(rest.length, 0);
  assert.equal(f!.about, docs[1]);
  assert.deepEqual(
    f!.places.map((p) => [p.doc.doc.index, p.page]),
    [
      [2, 2],
      [1, 1],
    ],
  );
  assert.match(f!.essence, /10 .*9/);
});

test('like is compared with like: total area against total area, not against the plot', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Общая площадь здания – 1 234,5 м2; Площадь застройки – 400 м2; Площадь участка 2 500 м2']),
    docFacts(2, 'ar.pdf', 'АР', ['Общая площадь здания, м² 1234,5', 'Площадь застройки 400,0 кв.м']),
  ];
  assert.deepEqual(areaConsistency.run(context(docs)).findings, []);
  const other = docFacts(3, 'pzu.pdf', 'ПЗУ', ['Площадь застройки – 420 м²']);
  const f = areaConsistency.run(context([...docs, other])).findings!;
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /площадь застройки/);
});

test('volume and apartments: equal numbers in different formats agree, different ones do not', () => {
  const same = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Строительный объем – 12 345 м3', 'Количество квартир – 120']),
    docFacts(2, 'ar.pdf', 'АР', ['Строительный объём, м³ 12345', 'Количество квартир: 120 шт.']),
  ];
  assert.deepEqual(volumeConsistency.run(context(same)).findings, []);
  assert.deepEqual(apartmentsConsistency.run(context(same)).findings, []);
  const diff = [same[0]!, docFacts(2, 'ar.pdf', 'АР', ['Строительный объём, м³ 13 000', 'Количество квартир: 118'])];
  assert.equal(volumeConsistency.run(context(diff)).findings!.length, 1);
  assert.equal(apartmentsConsistency.run(context(diff)).findings!.length, 1);
});

test('a conflict with a context document is reported on the review document', () => {
  const docs = [docFacts(1, 'pz.pdf', 'ПЗ', ['Этажность – 9'], { role: 'context' }), docFacts(2, 'ar.pdf', 'АР', ['Этажность – 10'])];
  const [f] = storeysConsistency.run(context(docs)).findings!;
  assert.equal(f!.about!.doc.index, 2);
});

test('«Проектируемый 8-этажный жилой дом» is compared even where the document names 10 storeys elsewhere', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Этажность – 10']),
    docFacts(2, 'ar.pdf', 'АР', ['Этажность – 10']),
    docFacts(3, 'tbe.pdf', 'ТБЭ', ['Многоквартирный 10-этажный жилой дом', 'x', 'Проектируемый 8-этажный жилой дом с подвалом. Рядом 5-этажный дом.']),
  ];
  const f = storeysConsistency.run(context(docs)).findings!;
  assert.deepEqual(
    f.map((x) => [x.about!.doc.index, x.places[0]!.page]),
    [[3, 3]],
  );
});

test('a ГПЗУ in the set lists the buildings standing on the plot: their storeys and addresses are not the designed object’s', async () => {
  const { addressConsistency } = await import('./consistency-address.ts');
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 1. Пояснительная записка', 'Адрес объекта: г. Москва, ул. Лесная, д. 41\nЭтажность – 9']),
    docFacts(2, 'ar.pdf', 'АР', ['ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 3. Объемно-планировочные и архитектурные решения', 'Этажность здания 9 этажей']),
    docFacts(3, 'gpzu.pdf', null, [
      'ГРАДОСТРОИТЕЛЬНЫЙ ПЛАН ЗЕМЕЛЬНОГО УЧАСТКА\n№ РФ-77-4-53-3-78-2020-0025',
      'Адрес: ул. Лесная, д. 41, строен. 7; Назначение: Многоквартирный дом; Этажность – 4;\nАдрес: Лесная ул., д. 41, стр. 6; Этажность – 6;',
    ]),
  ];
  const ctx = context(docs);
  assert.deepEqual(storeysConsistency.run(ctx).findings, []);
  assert.deepEqual(addressConsistency.run(ctx).findings, []);
});

test('a capacity named in the object name of one volume differs from the rest (3,6 МВт against 3,5 МВт)', () => {
  const name = (mw: string) => `«Строительство БМК на ${mw} МВт по адресу: Московская область, г. Луховицы»`;
  const docs = [
    docFacts(1, 'ar.pdf', 'АР', [name('3,5')]),
    docFacts(2, 'pos.pdf', 'ПОС', [name('3,5')]),
    docFacts(3, 'ios4-1.pdf', 'ИОС4', [name('3,\n6\n'), 'с установленной мощностью 3,72 МВт']),
    docFacts(4, 'ios4-2.pdf', 'ИОС4', [name('3,5')]),
  ];
  const f = capacityConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[2]);
  assert.match(f[0]!.essence, /3,6 МВт.*3,5 МВт/);
});

test('a storeys range agrees with each storey count inside it', () => {
  const docs = [docFacts(1, 'tz.pdf', 'ПЗ', ['Здание переменной этажности 1–3 этажа']), docFacts(2, 'oos.pdf', 'ООС', ['Этажность – 3'])];
  assert.deepEqual(storeysConsistency.run(context(docs)).findings, []);
});

test('one cause, one finding: a document stating two odd values of one attribute gets one finding with both places', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Этажность – 10']),
    docFacts(2, 'ar.pdf', 'АР', ['Этажность – 10']),
    docFacts(3, 'tbe.pdf', 'ТБЭ', ['Этажность – 12', 'x', 'Проектируемый 8-этажный жилой дом.']),
  ];
  const f = storeysConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.deepEqual(
    f[0]!.places.map((p) => [p.doc.doc.index, p.page]),
    [
      [3, 1],
      [3, 3],
      [1, 1],
    ],
  );
  assert.match(f[0]!.evidence, /Этажность [-–] 12[\s\S]*8-этажный[\s\S]*Этажность [-–] 10/);
  assert.match(f[0]!.essence, /12 и 8 в «tbe\.pdf» и 10 в «pz\.pdf»/);
});

test('the design assignment is the reference for the capacity it orders, whatever the majority', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Количество учащихся — 600']),
    docFacts(2, 'ar.pdf', 'АР', ['Количество учащихся: 600']),
    docFacts(3, 'zadanie.pdf', null, ['ЗАДАНИЕ НА ПРОЕКТИРОВАНИЕ\nобъекта капитального строительства', 'Количество учащихся — 550']),
  ];
  const ctx = context(docs);
  assert.equal(ctx.set.documents.find((t) => t.docIndex === 3)?.type, 'design_task');
  const f = capacityConsistency.run(ctx).findings!;
  assert.deepEqual(
    f.map((x) => [x.about!.doc.index, x.places.at(-1)!.doc.doc.index]),
    [
      [1, 3],
      [2, 3],
    ],
  );
  assert.match(f[0]!.essence, /количество учащихся.*600 учащихся.*550 учащихся/);
});

test('a figure stated once per document (the height): the odd volume is reported, a volume giving two heights takes no part', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Высота здания — 31,5 м']),
    docFacts(2, 'kr.pdf', 'КР', ['Высота здания от уровня земли до верха парапета составляет 31,5 м']),
    docFacts(3, 'ar.pdf', 'АР', ['Архитектурная высота здания (до верха парапета) — 33,0 м']),
  ];
  const f = indicatorsConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[2]);
  assert.equal(f[0]!.checkId, 'consistency.indicators');
  const two = docFacts(3, 'ar.pdf', 'АР', ['Высота здания — 33,0 м (секция 1)', 'Высота здания — 24,0 м (секция 2)']);
  assert.deepEqual(indicatorsConsistency.run(context([docs[0]!, docs[1]!, two])).findings, []);
});

test('dimensions in axes read from one statement that differ in both are one finding naming both', () => {
  const docs = [
    docFacts(1, 'tbe.pdf', 'ТБЭ', ['Здание в плане сложной формы (максимальные размеры здания в осях 52,28×102,14 м), имеет четыре этажа.']),
    docFacts(2, 'pb.pdf', 'ПБ', ['Здание в плане сложной формы (максимальные размеры здания в осях 53,58×80,10 м), имеет четыре этажа.']),
  ];
  const f = indicatorsConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1, f.map((x) => x.essence).join('\n'));
  assert.match(f[0]!.essence, /^Расхождение значений между документами: длина здания в осях — .*; ширина здания в осях — .*\.$/);
});

test('a volume stating 4 above-ground floors against 3 of the rest is reported; «имеет четыре этажа» with the basement is not', () => {
  const docs = [
    docFacts(1, '12-2024-ПЗ.pdf', 'ПЗ', ['Раздел 1', 'Здание школы имеет 3 надземных этажа и подвал. Количество надземных этажей — 3.']),
    docFacts(2, '12-2024-ПЗУ.pdf', 'ПЗУ', ['Раздел 2', 'Этажность — 3.']),
    docFacts(3, '12-2024-КР.pdf', 'КР', ['Раздел 4', 'Здание имеет четыре этажа (включая подвал). Этажность 3.']),
    docFacts(4, '12-2024-АР.pdf', 'АР', ['Раздел 3', 'Проектируемое здание — 4 надземных этажа, с подвалом под всем зданием.']),
  ];
  const f = storeysConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[3]);
  assert.match(f[0]!.essence, /«этажность».*4 в «12-2024-АР\.pdf» и 3 в/);
  assert.deepEqual(storeysConsistency.run(context(docs.slice(0, 3))).findings, []);
});

test('the existing building’s year of construction differing between volumes is reported as a year, not as a quantity', () => {
  const docs = [
    docFacts(1, 'pb.pdf', 'ПБ', ['Здание построено в 1975 году.']),
    docFacts(2, 'oos.pdf', 'ООС', ['Год постройки основного здания – 1989г.']),
    docFacts(3, 'tbe.pdf', 'ТБЭ', ['8 Год постройки год 1989 9 Площадь застройки']),
  ];
  const [f, ...rest] = indicatorsConsistency.run(context(docs)).findings!;
  assert.equal(rest.length, 0);
  assert.equal(f!.about, docs[0]);
  assert.match(f!.essence, /год постройки здания.*1975.*1989/);
  assert.doesNotMatch(f!.essence, /1 975|1 989/);
});

test('a range is quoted as the document writes it: «переменная этажность 1-3 этажа» is 1–3, not 1', () => {
  const docs = [
    docFacts(1, 'pb.pdf', 'ПБ', ['Этажность – 4']),
    docFacts(2, 'tz.pdf', 'ПЗ', ['2. Количество этажей – переменная этажность 1-3 этажа с техническим подпольем']),
  ];
  const [f] = storeysConsistency.run(context(docs)).findings!;
  assert.match(f!.essence, /4 .* 1–3 /);
});
