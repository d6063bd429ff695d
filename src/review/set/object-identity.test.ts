import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docFacts } from '../../../test/review/facts-builder.ts';
import type { XmlNoteFacts } from '../extract/xml-note.ts';
import type { DocFacts } from '../facts/types.ts';
import { deriveSetModel } from './derive.ts';
import { establishObject } from './object-identity.ts';

const title = (name: string, address: string) =>
  [
    'ООО «Проектный институт»',
    'Заказчик: Администрация города Твери',
    name,
    address,
    'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ',
    'Главный инженер проекта ______ И.И. Петров',
  ].join('\n');

const objectOf = (docs: DocFacts[], requested: string | null = null) => establishObject(docs, deriveSetModel(docs).documents, requested, null);

function xml(over: Partial<XmlNoteFacts>): XmlNoteFacts {
  return {
    schemaVersion: '01.05',
    cipher: '24-017',
    year: '2024',
    objectName: null,
    address: null,
    cadastralNumbers: [],
    indicators: [],
    sections: [],
    resources: [],
    initialDocuments: [],
    characteristics: {},
    normTexts: [],
    issuedDocuments: [],
    modificationDates: [],
    objectKind: null,
    regionCode: null,
    financing: null,
    ...over,
  };
}

test('the title page gives the name, address, customer, designer and ГИП, each with its evidence', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', [title('Строительство МБОУ СОШ № 12', 'г. Тверь, ул. Ленина, д. 5'), 'Кадастровый номер участка 69:40:0100123:45']),
    docFacts(2, 'ar.pdf', 'АР', [title('Строительство МБОУ СОШ № 12', 'г. Тверь, ул. Ленина, д. 5')]),
  ];
  const o = objectOf(docs);
  assert.equal(o.name?.value, 'Строительство МБОУ СОШ № 12');
  assert.equal(o.name?.source, 'title');
  assert.equal(o.name?.documents, 2);
  assert.equal(o.name?.page, 1);
  assert.equal(o.institution, 'школа № 12');
  assert.equal(o.address?.value, 'г. Тверь, ул. Ленина, д. 5');
  assert.deepEqual(
    o.cadastralNumbers.map((c) => c.value),
    ['69:40:0100123:45'],
  );
  assert.equal(o.customer?.value, 'Администрация города Твери');
  assert.equal(o.designer?.value, 'ООО «Проектный институт»');
  assert.equal(o.chiefEngineer?.value, 'И.И. Петров');
});

test('the XML note outweighs title pages, even when more documents agree on another spelling', () => {
  const docs = [
    docFacts(1, 'ar.pdf', 'АР', [title('Жилой дом позиция 2', 'г. Тверь, ул. Ленина, д. 5')]),
    docFacts(2, 'kr.pdf', 'КР', [title('Жилой дом позиция 2', 'г. Тверь, ул. Ленина, д. 5')]),
    docFacts(
      3,
      'note.xml',
      null,
      ['x'],
      { format: 'xml' },
      xml({ objectName: 'Многоквартирный жилой дом (позиция 2)', address: 'г. Тверь, улица Ленина, дом 5' }),
    ),
  ];
  const o = objectOf(docs);
  assert.equal(o.name?.value, 'Многоквартирный жилой дом (позиция 2)');
  assert.equal(o.name?.source, 'xml');
  assert.equal(o.address?.source, 'xml');
});

test('the request is weaker than a title page but gives the address when no document does', () => {
  const docs = [docFacts(1, 'ar.pdf', 'АР', [title('Жилой дом позиция 2', 'г. Тверь, ул. Ленина, д. 5')])];
  assert.equal(objectOf(docs, 'г. Тверь, ул. Ленина, д. 7').address?.source, 'title');
  const bare = [docFacts(1, 'ar.pdf', 'АР', ['Общие данные'])];
  const o = objectOf(bare, 'г. Тверь, ул. Ленина, д. 7');
  assert.equal(o.address?.value, 'г. Тверь, ул. Ленина, д. 7');
  assert.equal(o.address?.source, 'request');
  assert.equal(o.address?.docIndex, null);
});

test('fragments of sentences after «Объект» are never the name', () => {
  const docs = [
    docFacts(1, 'oos.pdf', 'ООС', ['Санитарная классификация: объект – не классифицируется, размер санитарно-защитной зоны не устанавливается']),
    docFacts(2, 'pz.pdf', 'ПЗ', ['Объект: не классифицируется, размер санитарно-защитной зоны не устанавливается']),
  ];
  assert.equal(objectOf(docs).name, null);
  const named = [...docs, docFacts(3, 'ar.pdf', 'АР', ['Наименование объекта: Детский сад на 220 мест'])];
  assert.equal(objectOf(named).name?.value, 'Детский сад на 220 мест');
  assert.equal(objectOf(named).name?.source, 'label');
});

test('the same files loose or in a ZIP (numbered and ordered otherwise) give the same object', () => {
  const files: [string, string, string[]][] = [
    ['pz.pdf', 'ПЗ', [title('Строительство МБОУ СОШ № 12', 'г. Тверь, ул. Ленина, д. 5')]],
    ['ar.pdf', 'АР', [title('Строительство МБОУ СОШ № 12 в г. Твери', 'г. Тверь, ул. Ленина, 5')]],
    ['kr.pdf', 'КР', ['Наименование объекта: Строительство школы', 'Объект: не классифицируется, размер санитарно-защитной зоны']],
  ];
  const loose = files.map(([n, k, p], i) => docFacts(i + 1, n, k, p));
  const zipped = [...files].reverse().map(([n, k, p], i) => docFacts(i + 1, `set/${n}`, k, p));
  const a = objectOf(loose);
  const b = objectOf(zipped);
  assert.equal(a.name?.value, b.name?.value);
  assert.equal(a.address?.value, b.address?.value);
  assert.equal(a.name?.source, 'title');
});

test('agreement across documents decides between equally strong sources', () => {
  const docs = [
    docFacts(1, 'a.pdf', 'АР', [title('Жилой дом позиция 3', 'г. Тверь, ул. Ленина, д. 5')]),
    docFacts(2, 'b.pdf', 'КР', [title('Жилой дом позиция 2', 'г. Тверь, ул. Ленина, д. 5')]),
    docFacts(3, 'c.pdf', 'ПОС', [title('Жилой дом позиция 2', 'г. Тверь, ул. Ленина, д. 5')]),
  ];
  assert.equal(objectOf(docs).name?.value, 'Жилой дом позиция 2');
});

test('a ГПЗУ or a survey report does not give the object', () => {
  const docs = [
    docFacts(1, 'gpzu.pdf', null, [
      'ГРАДОСТРОИТЕЛЬНЫЙ ПЛАН ЗЕМЕЛЬНОГО УЧАСТКА № РФ-69-2-40-0-00-2021-0123',
      'Наименование объекта: Склад по адресу г. Тверь, ул. Заводская, д. 1',
    ]),
    docFacts(2, 'ar.pdf', 'АР', [title('Жилой дом позиция 2', 'г. Тверь, ул. Ленина, д. 5')]),
  ];
  assert.equal(objectOf(docs).name?.value, 'Жилой дом позиция 2');
});
