import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { apartmentsConsistency, areaConsistency, storeysConsistency, volumeConsistency } from './consistency-values.ts';

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
