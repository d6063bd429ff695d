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
