import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findValues, sameValue } from './values.ts';
import { collapseSpaces } from '../text/normalize.ts';

const vals = (t: string) => findValues(collapseSpaces(t), 1).map((v) => [v.kind, v.value]);

test('key values are read from sentences and table rows with units in any spelling', () => {
  assert.deepEqual(vals('Этажность – 9'), [['storeys', 9]]);
  assert.deepEqual(vals('Общая площадь здания, м2 | 1 234,5'), [['area_total', 1234.5]]);
  assert.deepEqual(vals('Площадь застройки составляет 456.7 кв.м'), [['area_building', 456.7]]);
  assert.deepEqual(vals('Строительный объём, м³ — 12 345,6'), [['volume', 12345.6]]);
  assert.deepEqual(vals('Количество квартир: 120 шт.'), [['apartments', 120]]);
  assert.deepEqual(vals('Общее количество квартир в жилом доме составляет 42.'), [['apartments', 42]]);
  assert.deepEqual(vals('Площадь земельного участка\nм²\n2 500'), [['area_plot', 2500]]);
  assert.deepEqual(vals('Проектируемый 9-ти этажный жилой дом'), [['storeys', 9]]);
  assert.deepEqual(vals('Количество этажей – 10, в том числе подземных – 1'), [['floors', 10]]);
});

test('neighbouring quantities are not taken for the compared ones', () => {
  // the flats' area is an attribute of its own, not the building's total area
  assert.deepEqual(vals('Общая площадь квартир – 3 400 м²'), [['area_living', 3400]]);
  assert.deepEqual(vals('Строительный объем подземной части – 2 000 м³'), [['volume_below', 2000]]);
  assert.deepEqual(vals('Коэффициент застройки 0,4'), []);
  assert.deepEqual(vals('Процент застройки 35 %'), []);
  assert.deepEqual(vals('Этажность 250'), []);
});

test('values equal within the rounding of the less precise one', () => {
  const v = (raw: string, value: number) => ({ kind: 'area_total' as const, value, raw, docPage: 1, snippet: '' });
  assert.equal(sameValue(v('1234', 1234), v('1234,4', 1234.4)), true);
  assert.equal(sameValue(v('1234,5', 1234.5), v('1234,9', 1234.9)), false);
  assert.equal(sameValue(v('9', 9), v('10', 10)), false);
  // «24,5 тыс. м³» is 24 500 give or take 50
  assert.equal(sameValue({ ...v('24,5', 24500), scale: 1000 }, v('24 530', 24530)), true);
  assert.equal(sameValue({ ...v('24,5', 24500), scale: 1000 }, v('24 600', 24600)), false);
});

test('values in thousands («24,5 тыс. м³») are read as such', () => {
  assert.deepEqual(vals('Строительный объем — 24,5 тыс. м³'), [['volume', 24500]]);
  assert.deepEqual(vals('Общая площадь здания, тыс. м2 — 7,23'), [['area_total', 7230]]);
  assert.deepEqual(vals('Этажность 9 тыс'), [['storeys', 9]]);
});

test('the object name repeated in title blocks («12-этажный жилой дом по адресу …») is not a stated value', () => {
  assert.deepEqual(vals('Многоквартирный 12-этажный жилой дом по адресу: г. Пермь'), []);
  assert.deepEqual(vals('Проектируемый 14-этажный жилой дом.'), [['storeys', 14]]);
});

test('the number of apartments said in passing is read, a floor or a section is not', () => {
  const weak = (t: string) => findValues(collapseSpaces(t), 1).map((v) => [v.kind, v.value, v.weak ?? false]);
  assert.deepEqual(weak('Расчетная мощность жилого дома для 127 квартир составляет 300 кВт'), [['apartments', 127, true]]);
  assert.deepEqual(weak('Всего квартир: 120, в том числе студий — 30'), [['apartments', 120, true]]);
  assert.deepEqual(weak('Расчетная нагрузка квартир (127 шт.) определена'), [['apartments', 127, true]]);
  assert.deepEqual(weak('На этаже 4 квартиры; в секции 36 квартир'), []);
  assert.deepEqual(weak('Количество квартир – 120'), [['apartments', 120, false]]);
});

test('«Объем строительный» in inverted order is the building volume', () => {
  assert.deepEqual(vals('Объем строительный — 9 643,2 м³, в том числе подземной части — 1 101,6 м³.'), [['volume', 9643.2]]);
});

test('a bare «Общая площадь» of a ТЭП table is the building’s, said weakly; of flats, rooms or a floor it is not', () => {
  const weak = (t: string) => findValues(collapseSpaces(t), 1).map((v) => [v.kind, v.value, v.weak ?? false]);
  assert.deepEqual(weak('Общая площадь, м2\n8 456,3'), [['area_total', 8456.3, true]]);
  assert.deepEqual(weak('Общая площадь здания – 8 456,3 м²'), [['area_total', 8456.3, false]]);
  assert.deepEqual(weak('Площадь квартир: общая площадь 6 540,2 м²'), []);
  assert.deepEqual(weak('Квартира 1-комнатная, общая площадь 45,6 м²'), []);
  assert.deepEqual(weak('Помещения 1 этажа: общая площадь 640,0 м²'), []);
});

test('plot areas in hectares, «количество надземных этажей», «жилых квартир» and storeys in words', () => {
  const weak = (t: string) => findValues(collapseSpaces(t), 1).map((v) => [v.kind, v.value, v.weak ?? false]);
  assert.deepEqual(vals('Площадь земельного участка — 0,56 га'), [['area_plot', 5600]]);
  assert.deepEqual(vals('Площадь участка, га | 1,2'), [['area_plot', 12000]]);
  assert.deepEqual(vals('Количество надземных этажей – 9'), [['storeys', 9]]);
  assert.deepEqual(vals('Количество жилых квартир 120'), [['apartments', 120]]);
  assert.deepEqual(weak('Девятиэтажный жилой дом'), [['storeys', 9, true]]);
  assert.deepEqual(weak('Проектируемое двадцатипятиэтажное здание'), [['storeys', 25, true]]);
  assert.deepEqual(weak('трёхэтажный корпус'), [['storeys', 3, true]]);
  // auxiliary buildings and small annexes are not the object
  assert.deepEqual(weak('Бытовые помещения — одноэтажные модульные здания; двухэтажная пристройка'), []);
  assert.deepEqual(weak('Девятиэтажный жилой дом по адресу: г. Тверь'), []);
});

test('«0,56 га» is 5 600 м² give or take 50', () => {
  const v = (raw: string, value: number) => ({ kind: 'area_plot' as const, value, raw, docPage: 1, snippet: '' });
  assert.equal(sameValue({ ...v('Площадь участка 0,56', 5600), scale: 10000 }, v('Площадь участка 5 620', 5620)), true);
  assert.equal(sameValue({ ...v('Площадь участка 0,56', 5600), scale: 10000 }, v('Площадь участка 5 700', 5700)), false);
});

test('a storeys range is read as a range and agrees with any value inside it', () => {
  const ranges = (t: string) => findValues(collapseSpaces(t), 1).map((v) => [v.kind, v.value, v.upTo]);
  assert.deepEqual(ranges('Здание школы переменной этажности 1–3 этажа'), [['storeys', 1, 3]]);
  assert.deepEqual(ranges('переменная этажность 1–3 этажа'), [['storeys', 1, 3]]);
  assert.deepEqual(ranges('Этажность: от 1 до 3 этажей'), [['storeys', 1, 3]]);
  assert.deepEqual(ranges('Здание 1-3 этажа'), [['storeys', 1, 3]]);
  // a place in the building, not its storeys
  assert.deepEqual(ranges('Кабинеты расположены на 2-3 этаже'), []);
  const [range] = findValues(collapseSpaces('Этажность 1–3'), 1);
  const v = (value: number) => ({ kind: 'storeys' as const, value, raw: String(value), docPage: 1, snippet: '' });
  assert.equal(sameValue(range!, v(3)), true);
  assert.equal(sameValue(v(1), range!), true);
  assert.equal(sameValue(range!, v(4)), false);
});

test('ОКЕИ codes and row numbers between a label and a bound are not values', () => {
  assert.deepEqual(vals('Общая площадь объекта 055 не более 13000'), []);
  assert.deepEqual(vals('Строительный объем 113 не более 50 000'), []);
  assert.deepEqual(vals('Общая площадь здания, м² 055 13 000'), []);
  assert.deepEqual(vals('Этажность 796 не более 4 этажей'), []);
  // a dash fills an empty cell: the figure after it numbers the next row
  assert.deepEqual(vals('5 Количество подземных этажей этаж - 6 Площадь участка в границах ГПЗУ м² 585,0 7'), [['area_plot', 585]]);
  assert.deepEqual(vals('Количество подземных этажей — 1'), [['underground_floors', 1]]);
  assert.deepEqual(vals('Количество подземных этажей – 2\nКоличество квартир – 118'), [
    ['underground_floors', 2],
    ['apartments', 118],
  ]);
});

test('the capacity named with a plant is read in МВт', () => {
  assert.deepEqual(vals('«Строительство БМК на 3,6 МВт по адресу: Московская область»'), [['capacity', 3.6]]);
  assert.deepEqual(vals('Блочно-модульная котельная 3,5 МВт'), [['capacity', 3.5]]);
  assert.deepEqual(vals('Котельная мощностью 800 кВт'), [['capacity', 0.8]]);
  // every span of the title on its own line: «3,⏎6⏎ МВт»
  assert.deepEqual(vals('«Строительство БМК на 3,\n6\n МВт по адресу'), [['capacity', 3.6]]);
  // the plant's output stated with its label is an attribute of its own, not the capacity in its name
  assert.deepEqual(vals('Производительность котельной МВт 3,72; с установленной мощностью 3,72 МВт'), [['boiler_capacity', 3.72]]);
});

test('storeys said in words after the building: «здание … четырехэтажное», «имеет 4 надземных этажа»; «имеет четыре этажа» counts every floor', () => {
  const read = (t: string) => findValues(t, 1).map((v) => [v.kind, v.value]);
  assert.deepEqual(read('здание школы четырехэтажное'), [['storeys', 4]]);
  assert.deepEqual(read('Здание имеет 4 надземных этажа.'), [['storeys', 4]]);
  // with the basement: «4 этажа» against «3 надземных» is no contradiction, so it is the count of floors
  assert.deepEqual(read('Здание школы имеет четыре этажа.'), [['floors', 4]]);
  assert.deepEqual(read('Здание состоит из трех этажей'), [['floors', 3]]);
  assert.deepEqual(read('двухэтажная пристройка к зданию'), []);
});

test('an explicit number of above-ground floors wherever it stands: «Здание — 4 надземных этажа»; a bound is no statement', () => {
  const read = (t: string) => findValues(t, 1).map((v) => [v.kind, v.value]);
  assert.deepEqual(read('Проектируемое здание — 4 надземных этажа, с подвалом.'), [['storeys', 4]]);
  assert.deepEqual(read('Количество этажей — 5, в том числе 4 надземных этажа и 1 подземный.'), [
    ['floors', 5],
    ['storeys', 4],
  ]);
  // read once, by the phrase of the building that holds them
  assert.deepEqual(read('Здание имеет 4 надземных этажа.'), [['storeys', 4]]);
  assert.deepEqual(read('Предельное количество этажей — не более 4 надземных этажей.'), []);
  assert.deepEqual(read('Существующее здание школы — 2 надземных этажа.'), []);
});
