import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TABLE_REGIONS } from '../data/climate.ts';
import { collapseSpaces, normalizeText } from '../text/normalize.ts';
import { addressPlace, findNamedStations } from './climate-place.ts';

const place = (a: string) => addressPlace(a, TABLE_REGIONS);

test('the settlement of an address: after its type word, or a bare part; municipal units, districts and streets are none', () => {
  assert.deepEqual(place('г. Москва, ул. Тверская, д. 1'), { settlements: [{ name: 'Москва', marked: true }], region: null });
  assert.deepEqual(place('Российская Федерация, 603000, Нижегородская область, г Нижний Новгород, Садовая улица, 5'), {
    settlements: [{ name: 'Нижний Новгород', marked: true }],
    region: 'Нижегородская область',
  });
  assert.deepEqual(place('420000, Казань, ул. Баумана, 15').settlements, [{ name: 'Казань', marked: false }]);
  assert.deepEqual(place('Московская область, городской округ Химки, город Химки, улица Первомайская, дом 12').settlements, [{ name: 'Химки', marked: true }]);
  assert.deepEqual(place('Ленинградская область, Всеволожский муниципальный район, Кузьмоловское городское поселение, ул. Заозерная, 3').settlements, []);
  // «д.» before a name is a village, before a number a house
  assert.deepEqual(place('Костромская обл., Костромской р-н, д. Никольское, ул. Мира, д. 3').settlements, [{ name: 'Никольское', marked: true }]);
});

test('the subject of an address by its distinctive word, in the spellings addresses use', () => {
  assert.equal(place('Ярославская обл., г. Рыбинск, ул. Ленина, 5').region, 'Ярославская область');
  assert.equal(place('Респ. Татарстан, г. Казань').region, 'Республика Татарстан (Татарстан)');
  assert.equal(place('Ямало-Ненецкий автономный округ, г. Салехард').region, 'Ямало-Ненецкий автономный округ');
  assert.equal(place('Краснодарский край, г. Сочи').region, 'Краснодарский край');
  assert.equal(place('г. Казань, Московский пр-т, 5').region, null);
});

test('a station the documents say the climate data were taken for', () => {
  const read = (t: string) => findNamedStations(collapseSpaces(normalizeText(t)), 1).map((f) => f.value);
  assert.deepEqual(read('Климатические параметры приняты по г. Кострома.'), ['Кострома']);
  assert.deepEqual(read('Климатические данные приняты по данным метеостанции «Кострома».'), ['Кострома']);
  assert.deepEqual(read('Климатические параметры района строительства приняты по СП 131.13330.2020 для г. Нижний Новгород.'), ['Нижний Новгород']);
  assert.deepEqual(read('Климатические параметры по данным метеостанций Москва и Дмитров приведены в таблице.'), []);
});
