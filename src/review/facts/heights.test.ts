import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collapseSpaces, normalizeText } from '../text/normalize.ts';
import { findFireHeights, findZeroElevations } from './heights.ts';

const flat = (s: string) => collapseSpaces(normalizeText(s));
const heights = (s: string) => findFireHeights(flat(s), 1).map((v) => v.value);
const zeros = (s: string) => findZeroElevations(flat(s), 1).map((v) => v.value);

test('fire height: labelled statements of the building, in text and in a table row', () => {
  assert.deepEqual(heights('Пожарно-техническая высота здания — 26,25 м. Высота этажа — 3,0 м.'), [26.25]);
  assert.deepEqual(heights('Пожарно-техническая высота здания (определена по п. 3.1 СП 1.13130.2020) составляет 26,3 м (менее 28 м).'), [26.3]);
  assert.deepEqual(heights('Пожарно-техническая высота, м 17,45'), [17.45]);
  assert.deepEqual(heights('Здание класса Ф1.3 с пожарно-технической высотой 26,25 м.'), [26.25]);
});

test('fire height: norm quotes, parts of the building, existing buildings and other heights are not taken', () => {
  assert.deepEqual(heights('Для зданий с пожарно-технической высотой не более 28 м допускается устройство лестничных клеток типа Л1.'), []);
  assert.deepEqual(heights('Пожарно-техническая высота секции 1 — 26 м, секции 2 — 17 м.'), []);
  assert.deepEqual(heights('Пожарно-техническая высота существующего здания — 12 м.'), []);
  assert.deepEqual(heights('Архитектурная высота здания — 31,2 м. Высота помещений — 2,7 м. Отметка верха парапета +30,600.'), []);
});

test('zero elevation: the phrasings of АР, КР, ПЗУ and drawings', () => {
  assert.deepEqual(
    zeros('За относительную отметку 0.000 принята отметка чистого пола первого этажа, соответствующая абсолютной отметке 145.60 (БС).'),
    [145.6],
  );
  assert.deepEqual(zeros('Отметка 0,000 соответствует абсолютной отметке 145,60.'), [145.6]);
  assert.deepEqual(zeros('±0,000 = 145,60'), [145.6]);
  assert.deepEqual(zeros('Отметка ±0,000 соответствует отметке 145,60 в Балтийской системе высот.'), [145.6]);
  assert.deepEqual(zeros('Абсолютная отметка 145,60 соответствует относительной отметке 0,000.'), [145.6]);
});

test('zero elevation: an existing building, other marks and a bare 0,000 are not taken', () => {
  assert.deepEqual(zeros('Отметка 0,000 существующего здания школы соответствует абсолютной отметке 144,20.'), []);
  assert.deepEqual(zeros('За отметку 0,000 принят уровень чистого пола 1 этажа. Абсолютные отметки поверхности изменяются от 142,30 до 143,85.'), []);
  assert.deepEqual(zeros('Отметка пола подвала -3,000 соответствует абсолютной отметке 142,60.'), []);
  assert.deepEqual(zeros('Отм. 0,000'), []);
});

test('zero elevation: a mark of the ground after a semicolon is not the 0,000', () => {
  assert.deepEqual(zeros('За отметку 0,000 принят уровень чистого пола 1 этажа; абсолютная отметка 142,30 — верх бордюра.'), []);
});
