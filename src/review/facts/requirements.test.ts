import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collapseSpaces } from '../text/normalize.ts';
import { findRequirements } from './requirements.ts';

const reqs = (t: string) => findRequirements(collapseSpaces(t), 1).map((r) => [r.attribute, r.bound, r.value]);

test('limits of an assignment are read with their bound, value and unit', () => {
  assert.deepEqual(reqs('Общая площадь объекта: не более 13000 м²'), [['area_total', '≤', 13000]]);
  assert.deepEqual(reqs('общая площадь — не более 13 000 кв. м'), [['area_total', '≤', 13000]]);
  assert.deepEqual(reqs('Площадь застройки — не менее 2 500,5 м2'), [['area_building', '≥', 2500.5]]);
  assert.deepEqual(reqs('Этажность: не более 4 этажей без учёта технического подполья'), [['storeys', '≤', 4]]);
  assert.deepEqual(reqs('Строительный объем — не более 45 тыс. м³'), [['volume', '≤', 45000]]);
  assert.deepEqual(reqs('Предусмотреть здание не более 3 этажей'), [['storeys', '≤', 3]]);
  assert.deepEqual(reqs('Этажность – до 5 этажей'), [['storeys', '≤', 5]]);
});

test('ОКЕИ codes between the label and the bound are units, not values', () => {
  assert.deepEqual(reqs('Общая площадь объекта 055 не более 13000'), [['area_total', '≤', 13000]]);
  assert.deepEqual(reqs('Этажность 796 не более 4 этажей без учёта технического подполья'), [['storeys', '≤', 4]]);
});

test('a bound of another statement or a date is not a limit of the label', () => {
  assert.deepEqual(reqs('Общая площадь здания 5 000 м², площадь застройки не более 2000 м²'), [['area_building', '≤', 2000]]);
  assert.deepEqual(reqs('Общая площадь квартир не более 3 000 м²'), []);
  assert.deepEqual(reqs('Общая площадь здания уточнить до 2025 г.'), []);
  assert.deepEqual(reqs('Площадь застройки 35 %, этажность 9'), []);
});

test('the energy class required «не ниже B» is a lower bound; a class merely stated is left to the trait finder', () => {
  assert.deepEqual(reqs('Класс энергетической эффективности здания – не ниже В (высокий)'), [['energy_class', '≥', 'B']]);
  assert.deepEqual(reqs('Класс энергосбережения не ниже A+'), [['energy_class', '≥', 'A+']]);
  assert.deepEqual(reqs('установить класс энергоэффективности здания – В («высокий»)'), []);
});

test('«от 1 до 3 этажей» is a range, not a limit', () => {
  assert.deepEqual(reqs('Этажность: от 1 до 3 этажей'), []);
  assert.deepEqual(reqs('здание от 1 до 3 этажей'), []);
});
