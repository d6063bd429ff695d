import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addressDifference, parseAddress, objectAddresses } from './address.ts';
import { findAddresses } from './text-facts.ts';

test('abbreviations, case, ё and the postal index do not make addresses differ', () => {
  assert.equal(addressDifference('г. Москва, ул. Лёнина, д. 5', 'город Москва, улица Ленина, дом 5'), null);
  assert.equal(addressDifference('123456, Российская Федерация, г.Москва, ул.Ленина, д.5', 'Москва, Ленина ул., 5'), null);
  assert.equal(addressDifference('г. Казань, пр-т Победы, д. 10 корп. 2', 'г. Казань, проспект Победы, дом 10, корпус 2'), null);
});

test('a different house, street or city is named', () => {
  assert.equal(addressDifference('г. Москва, ул. Ленина, д. 5', 'г. Москва, ул. Ленина, д. 7'), 'номер дома');
  assert.equal(addressDifference('г. Москва, ул. Ленина, д. 5', 'г. Москва, ул. Гагарина, д. 5'), 'улица');
  assert.equal(addressDifference('г. Тула, ул. Ленина, д. 5', 'г. Орёл, ул. Ленина, д. 5'), 'населённый пункт');
  assert.equal(addressDifference('ул. Энергетиков, 132 корп. 2', 'ул. Энергетиков, д. 132'), 'корпус (строение)');
  assert.equal(addressDifference('г. Пермь, ул. Молодежная, 134', 'г. Пермь, пр-т Молодежная, 134'), 'тип улицы');
  assert.equal(addressDifference('г. Пермь, улица Молодежная, 134', 'г. Пермь, Молодежная ул., д. 134'), null);
  assert.equal(addressDifference('ул. Энергетиков, д. 132, корпус 2', 'улица Энергетиков, 132 к. 2'), null);
});

test('addresses without comparable parts are not reported', () => {
  assert.equal(addressDifference('Московская область', 'г. Москва, ул. Ленина, д. 5'), null);
  assert.deepEqual(parseAddress('г. Самара, ул. 8 Марта, д. 3а'), {
    city: 'самара',
    street: '8 марта',
    house: '3а',
    block: null,
    streetType: 'ул',
    plot: null,
  });
});

test('an address given by its land plot: the plot number in any spelling, compared as a part of its own', () => {
  const plot = (a: string) => parseAddress(a).plot;
  assert.equal(plot('Московская область, г.о. Истра, д. Покровское, земельный участок 36'), '36');
  assert.equal(plot('Московская обл., городской округ Истра, д. Покровское, уч. № 36'), '36');
  assert.equal(plot('Московская область, г.о. Истра, д. Покровское, з/у №36'), '36');
  assert.equal(
    addressDifference('Московская область, г.о. Истра, д. Покровское, земельный участок 36', 'Московская обл., г.о. Истра, д. Покровское, уч. 36'),
    null,
  );
  assert.equal(
    addressDifference(
      'Московская область, г.о. Истра, д. Покровское, земельный участок 36',
      'Московская область, г.о. Истра, д. Покровское, земельный участок 38',
    ),
    'номер земельного участка',
  );
  // the plot's number is not the house's
  assert.equal(parseAddress('г. Истра, ул. Садовая, земельный участок 36').house, null);
});

test('street names of several words are compared whole, whichever side the type word stands on', () => {
  assert.equal(addressDifference('город Новосибирск, Академика Королева улица, д. 93', 'г. Новосибирск, ул. Академика Королёва, 93'), null);
  assert.equal(addressDifference('г. Новосибирск, ул. Академика Королева, 93', 'г. Новосибирск, ул. Академика Павлова, 93'), 'улица');
});

test('a street named like a type word («улица Набережная», «Набережная ул.») is a street name, not a second type', () => {
  assert.equal(addressDifference('г. Санкт-Петербург, улица Набережная, д. 123', 'город Санкт-Петербург, Набережная ул., д. 123'), null);
  assert.equal(addressDifference('190476, город Санкт-Петербург, ул. Набережная, 123', '190476, Санкт-Петербург, ул. Лесопарковая, дом 123'), 'улица');
  assert.equal(parseAddress('г. Казань, ул. Площадь, д. 2').street, 'площадь');
  // the embankment itself is still a type: «наб. реки Фонтанки»
  assert.equal(parseAddress('г. Санкт-Петербург, наб. реки Фонтанки, д. 10').streetType, 'наб');
});

test('a municipal unit («г.о. Химки», «городской округ», «м.р-н», «с.п.») is not the settlement', () => {
  const task = 'Московская обл., г.о. Химки, г. Химки, ул. Первомайская, д. 12';
  assert.equal(parseAddress(task).city, 'химки');
  assert.equal(addressDifference(task, 'Московская область, городской округ Химки, город Химки, улица Первомайская, дом 12'), null);
  assert.equal(addressDifference(task, 'Московская обл., г. Химки, ул. Первомайская, 14'), 'номер дома');
  assert.equal(
    addressDifference(
      'Всеволожский м.р-н, г.п. Кузьмоловское, ул. Заозерная, д. 3',
      'Всеволожский муниципальный район, городское поселение Кузьмоловское, ул. Заозерная, д. 5',
    ),
    'номер дома',
  );
  assert.equal(parseAddress('с.п. Ромашка, д. Ивановка, ул. Садовая, 3').house, '3');
});

test("the object's addresses leave out neighbouring buildings and the parties' own addresses", () => {
  const fact = (snippet: string, value: string) => ({ value, docPage: 1, snippet });
  const own = fact('Объект расположен по адресу: г. Тверь, ул. Ленина, д. 5. С севера участок граничит с гаражом', 'г. Тверь, ул. Ленина, д. 5');
  const neighbour = fact('С западной стороны участок граничит с жилым домом по адресу: г. Тверь, ул. Мира, д. 3', 'г. Тверь, ул. Мира, д. 3');
  const customer = fact('Заказчик: Администрация города Твери, адрес: г. Тверь, ул. Советская, д. 11', 'г. Тверь, ул. Советская, д. 11');
  const reconstruction = fact('Реконструкция здания администрации по адресу: г. Тверь, ул. Ленина, д. 5', 'г. Тверь, ул. Ленина, д. 5');
  assert.deepEqual(objectAddresses([own, neighbour, customer, reconstruction]), [own, reconstruction]);
});

test('a neighbour named far before its long address is still a neighbour', () => {
  const flat =
    'Рельеф участка спокойный. С западной стороны участок граничит с территорией существующего жилого дома по адресу: Российская Федерация, 620000, Свердловская область, г. Екатеринбург, ул. Полевая, д. 57. Подъезд обеспечен.';
  const found = findAddresses(flat, 3);
  assert.equal(found.length, 1);
  assert.deepEqual(objectAddresses(found), []);
});
