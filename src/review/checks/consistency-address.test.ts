import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { addressConsistency } from './consistency-address.ts';

test('different house numbers across documents are reported naming both', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Адрес объекта: г. Москва, ул. Ленина, д. 5']),
    docFacts(2, 'ar.pdf', 'АР', ['Объект расположен по адресу: г. Москва, улица Ленина, дом 7']),
    docFacts(3, 'kr.pdf', 'КР', ['Местоположение: Москва, Ленина ул., 5']),
    docFacts(4, 'pos.pdf', 'ПОС', ['Место размещения объекта: г. Москва, ул. Ленина, д. 5.']),
  ];
  const f = addressConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[1]);
  assert.match(f[0]!.evidence, /дом 7/);
  assert.match(f[0]!.evidence, /д\. 5/);
});

test('the address given with the request is the reference when present', () => {
  const docs = [docFacts(1, 'pz.pdf', 'ПЗ', ['Адрес объекта: г. Москва, ул. Ленина, д. 5'])];
  assert.equal(addressConsistency.run(context(docs, { objectAddress: 'Москва, ул. Ленина, д. 7' })).findings!.length, 1);
  assert.deepEqual(addressConsistency.run(context(docs, { objectAddress: 'город Москва, улица Ленина, дом 5' })).findings, []);
});

test("the designer's own address on a title page is not the object's address", () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['ООО «Проект», ИНН 7700000000, адрес: г. Москва, ул. Тверская, д. 1', 'Адрес объекта: г. Москва, ул. Ленина, д. 5']),
    docFacts(2, 'ar.pdf', 'АР', ['Адрес объекта: г. Москва, ул. Ленина, д. 5']),
  ];
  assert.deepEqual(addressConsistency.run(context(docs)).findings, []);
});

test('a document right on its title page but wrong in its text is reported at the wrong page', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', [
      'Жилой дом по адресу: г. Пермь, ул. Молодежная, д. 19',
      'x',
      'Объект расположен по адресу: г. Пермь, ул. Молодежная, 19 корп. 3',
    ]),
    docFacts(2, 'ar.pdf', 'АР', ['Жилой дом по адресу: г. Пермь, ул. Молодежная, д. 19']),
  ];
  const f = addressConsistency.run(context(docs, { objectAddress: 'г. Пермь, ул. Молодежная, 19' })).findings!;
  assert.deepEqual(
    f.map((x) => [x.about!.doc.index, x.places[0]!.page]),
    [[1, 3]],
  );
});

/** A title page of a volume whose object has a plot and no house yet, as title pages print it. */
const plotTitle = (mark: string, volume: string, plot: string) =>
  [
    'ООО «СтройПроект», 143000, Московская обл., г. Одинцово, ул. Садовая, д. 2, ИНН 5032000000',
    'Заказчик: МКУ «УКС г.о. Истра»',
    'Общеобразовательная школа на 550 мест',
    `по адресу: Московская область, г.о. Истра, д. Покровское, земельный участок ${plot}`,
    '',
    'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ',
    volume,
    '',
    `12-2024-${mark}`,
    '',
    'Истра 2024',
  ].join('\n');

test('an address differing only in the plot number is reported where the rest agree unanimously', () => {
  const docs = [
    docFacts(1, '12-2024-ПЗ.pdf', 'ПЗ', [
      plotTitle('ПЗ', 'Раздел 1. Пояснительная записка', '36'),
      'Объект расположен по адресу: Московская область, городской округ Истра, деревня Покровское, земельный участок № 36.',
    ]),
    docFacts(2, '12-2024-ПЗУ.pdf', 'ПЗУ', [plotTitle('ПЗУ', 'Раздел 2. Схема планировочной организации земельного участка', '36')]),
    docFacts(3, '12-2024-АР.pdf', 'АР', [plotTitle('АР', 'Раздел 3. Архитектурные решения', '38')]),
    docFacts(4, '12-2024-КР.pdf', 'КР', [plotTitle('КР', 'Раздел 4. Конструктивные решения', '36')]),
  ];
  const f = addressConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[2]);
  assert.match(f[0]!.essence, /номер земельного участка: 38 вместо 36/);
});

test('the same plot number in other words is the same address; a document quoting another plot beside its own is not reported', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Адрес объекта: Московская область, г.о. Истра, д. Покровское, земельный участок 36']),
    docFacts(2, 'pzu.pdf', 'ПЗУ', ['Местоположение: Московская обл., городской округ Истра, д. Покровское, уч. № 36']),
    docFacts(3, 'ar.pdf', 'АР', ['Место размещения объекта: Московская область, г.о. Истра, д. Покровское, з/у 36']),
    docFacts(4, 'pos.pdf', 'ПОС', [
      'Адрес объекта: Московская область, г.о. Истра, д. Покровское, земельный участок 36',
      'Временный городок строителей размещается по адресу: Московская область, г.о. Истра, д. Покровское, земельный участок 38',
    ]),
  ];
  assert.deepEqual(addressConsistency.run(context(docs)).findings, []);
});

test('plot numbers on which the rest do not agree are one question, not a finding', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Адрес объекта: Московская область, г.о. Истра, д. Покровское, земельный участок 36']),
    docFacts(2, 'pzu.pdf', 'ПЗУ', ['Адрес объекта: Московская область, г.о. Истра, д. Покровское, земельный участок 36']),
    docFacts(3, 'ar.pdf', 'АР', ['Адрес объекта: Московская область, г.о. Истра, д. Покровское, земельный участок 38']),
    docFacts(4, 'kr.pdf', 'КР', ['Адрес объекта: Московская область, г.о. Истра, д. Покровское, земельный участок 40']),
  ];
  const out = addressConsistency.run(context(docs));
  assert.deepEqual(out.findings, []);
  assert.equal(out.questions!.length, 1);
  assert.match(out.questions![0]!.text, /36, 38, 40/);
});

test('a plot number after «уч.» is read whole: the address does not end at the abbreviation', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Адрес объекта: Свердловская область, г. Екатеринбург, пер. Школьный, уч. 88']),
    docFacts(2, 'ar.pdf', 'АР', ['Адрес объекта: Свердловская область, г. Екатеринбург, пер. Школьный, земельный участок 88']),
    docFacts(3, 'pzu.pdf', 'ПЗУ', ['Адрес объекта: Свердловская область, город Екатеринбург, Школьный пер., уч. 98']),
  ];
  assert.equal(docs[2]!.addresses[0]!.value, 'Свердловская область, город Екатеринбург, Школьный пер., уч. 98');
  const f = addressConsistency.run(context(docs)).findings!;
  assert.deepEqual(
    f.map((x) => x.about?.doc.index),
    [3],
  );
  // the task's address is the yardstick
  assert.equal(addressConsistency.run(context(docs, { objectAddress: 'Екатеринбург, переулок Школьный, земельный участок 88' })).findings!.length, 1);
});
