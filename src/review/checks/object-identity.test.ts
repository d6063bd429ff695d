import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { addressConsistency } from './consistency-address.ts';
import { cipherConsistency } from './consistency-cipher.ts';
import { objectIdentity } from './object-identity.ts';

const title = (name: string, address: string, cipher: string) =>
  ['ООО «Проектный институт»', 'Заказчик: Администрация города Твери', name, `по адресу: ${address}`, 'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ', cipher].join('\n');
const sheet = (cipher: string, sheetNo: number, text: string) => ({
  text: `${text}\n${cipher}`,
  stamp: stampLines({ cipher, sheet: sheetNo, sheets: 3, roles: { 'Разраб.': 'Иванов', 'Пров.': 'Петров', 'Н. контр.': 'Сидоров', ГИП: 'Смирнов' } }),
});
const OWN = 'г. Тверь, ул. Ленина, д. 5';
const volume = (i: number, code: string, cipher: string, name = 'Строительство МБОУ СОШ № 12', address = OWN, body: string[] = ['Текстовая часть']) =>
  docFacts(i, `${cipher}.pdf`, code, [title(name, address, cipher), ...body.map((t, k) => sheet(cipher, k + 2, t))]);

const ownSet = () => [volume(1, 'ПЗ', '24-017-ПЗ'), volume(2, 'АР', '24-017-АР'), volume(3, 'КР', '24-017-КР')];

test('a volume of another object (its address, institution and title blocks) is one critical finding', () => {
  const docs = [
    ...ownSet(),
    volume(4, 'ИОС1', '19-233-ИОС1', 'Строительство МБОУ СОШ № 5', 'г. Торжок, ул. Мира, д. 3', ['Объект расположен по адресу: г. Торжок, ул. Мира, д. 3']),
  ];
  const ctx = context(docs);
  const f = objectIdentity.run(ctx).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.importance, 'critical');
  assert.equal(f[0]!.about, docs[3]);
  assert.match(f[0]!.essence, /другому объекту/);
  assert.match(f[0]!.evidence, /СОШ № 5/);
  assert.match(f[0]!.evidence, /СОШ № 12/);
  assert.deepEqual(
    f[0]!.places.map((p) => p.page),
    [1, 2],
  );
  // the same cause is not reported again as an address or a cipher base of its own
  assert.deepEqual(addressConsistency.run(ctx).findings, []);
  assert.equal(cipherConsistency.run(ctx).findings!.filter((x) => x.about === docs[3] && /базе/.test(x.essence)).length, 0);
});

test('a passage of another object inside a volume of the set is significant and lists its pages', () => {
  const docs = [
    ...ownSet(),
    volume(4, 'ПОС', '24-017-ПОС', undefined, undefined, [
      'Организация строительства',
      'Строительство МБОУ СОШ № 5 по адресу: г. Торжок, ул. Мира, д. 3 ведётся в две очереди',
      'Объект расположен по адресу: г. Торжок, ул. Мира, д. 3',
    ]),
  ];
  const f = objectIdentity.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.importance, 'significant');
  assert.deepEqual(
    f[0]!.places.map((p) => p.page),
    [3, 4],
  );
});

test('traps: neighbouring buildings, the designer, the customer and the expert body are not another object', () => {
  const docs = [
    ...ownSet(),
    volume(4, 'ПЗУ', '24-017-ПЗУ', undefined, undefined, [
      'С севера участок граничит с территорией МБОУ СОШ № 5 по адресу: г. Тверь, ул. Мира, д. 3',
      'Рядом с участком расположен жилой дом по адресу: г. Тверь, ул. Садовая, д. 9.',
      'Заказчик: Администрация города Твери, адрес: г. Тверь, ул. Советская, д. 11',
      'Проектировщик ООО «Проектный институт», ИНН 6900000000, адрес: г. Москва, ул. Тверская, д. 1',
      'Заключение экспертизы ГАУ «Госэкспертиза», адрес: г. Тверь, ул. Вагжанова, д. 7',
    ]),
  ];
  const ctx = context(docs);
  assert.deepEqual(objectIdentity.run(ctx).findings, []);
  // the neighbouring buildings' addresses are no disagreement of the object's address either
  assert.deepEqual(
    addressConsistency.run(ctx).findings!.filter((f) => f.about === docs[3]),
    [],
  );
});

test('a house-number slip or another street alone is left to consistency.address', () => {
  const docs = [...ownSet(), volume(4, 'ПОС', '24-017-ПОС', undefined, undefined, ['Объект расположен по адресу: г. Тверь, ул. Мира, д. 5'])];
  const ctx = context(docs);
  assert.deepEqual(objectIdentity.run(ctx).findings, []);
  assert.equal(addressConsistency.run(ctx).findings!.length, 1);
});

test('another street in the name line of the title page («… (позиция 2) по адресу: …») is still the street alone, left to consistency.address', () => {
  const name = 'Многоквартирный 9-этажный жилой дом (позиция 2)';
  const own = (i: number, code: string) => volume(i, code, `24-017-${code}`, name);
  const docs = [
    own(1, 'ПЗ'),
    own(2, 'АР'),
    own(3, 'КР'),
    volume(4, 'ООС', '24-017-ООС', `${name} по адресу: г. Тверь, ул. Мира, д. 5`, 'г. Тверь, ул. Мира, д. 5'),
  ];
  const ctx = context(docs);
  assert.deepEqual(objectIdentity.run(ctx).findings, []);
  assert.equal(addressConsistency.run(ctx).findings!.length, 1);
});

test('another cipher base on the title blocks alone is left to consistency.cipher', () => {
  const docs = [...ownSet(), volume(4, 'ИОС1', '19-233-ИОС1')];
  const ctx = context(docs);
  assert.deepEqual(objectIdentity.run(ctx).findings, []);
  assert.equal(cipherConsistency.run(ctx).findings!.filter((x) => x.about === docs[3]).length, 1);
});

test('a volume whose title page names another object and whose title blocks carry another base is critical without an address', () => {
  const cipher = '19-233-КР';
  const other = docFacts(4, `${cipher}.pdf`, 'КР', [
    ['ООО «Проектный институт»', 'Заказчик: Администрация города Твери', 'Здание общеобразовательной школы на 550 мест', 'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ', cipher].join(
      '\n',
    ),
    sheet(cipher, 2, 'Текстовая часть'),
  ]);
  const docs = [...ownSet(), other];
  const ctx = context(docs);
  const f = objectIdentity.run(ctx).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.importance, 'critical');
  assert.match(f[0]!.evidence, /общеобразовательной школы/);
  assert.equal(cipherConsistency.run(ctx).findings!.filter((x) => x.about === docs[3] && /базе/.test(x.essence)).length, 0);
});

test('a set of one object gives nothing', () => {
  assert.deepEqual(objectIdentity.run(context(ownSet())).findings, []);
});
