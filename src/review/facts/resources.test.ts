import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collapseSpaces, normalizeText } from '../text/normalize.ts';
import { findResources } from './resources.ts';

const found = (s: string) => findResources(collapseSpaces(normalizeText(s)), 1).map((v) => `${v.resource} ${v.measure} ${v.value} ${v.unit}`);

test('electric power: design, installed and maximum figures of the object, in text and in a table row', () => {
  assert.deepEqual(found('Расчетная мощность жилого дома — 245 кВт, в т.ч. на наружное освещение 12 кВт.'), ['power design 245 кВт']);
  assert.deepEqual(found('Установленная мощность — 320 кВт; расчетная мощность — 245,6 кВт.'), ['power installed 320 кВт', 'power design 245.6 кВт']);
  assert.deepEqual(found('Расчетная мощность, кВт 245'), ['power design 245 кВт']);
  assert.deepEqual(found('Максимальная мощность присоединяемых энергопринимающих устройств составляет 250 кВт.'), ['power max 250 кВт']);
  assert.deepEqual(found('Расчетная мощность — 260 кВ·А'), ['power design 260 кВ·А']);
});

test('electric power: loads of parts, of the construction period and energy per year are not taken', () => {
  assert.deepEqual(found('Расчетная мощность квартир — 200 кВт. Расчетная нагрузка лифтов — 28 кВт.'), []);
  assert.deepEqual(found('Потребляемая мощность в период строительства — 80 кВт. Расчетная электрическая нагрузка — 245 кВт·ч'), []);
  assert.deepEqual(found('Мощность электроприемников I категории — 35 кВт.'), []);
});

test('water: consumption per day, fire-fighting flows are not taken', () => {
  assert.deepEqual(
    found('Расчетный расход воды на хозяйственно-питьевые нужды — 45,25 м3/сут. Расход воды на внутреннее пожаротушение — 2 струи по 2,6 л/с.'),
    ['water domestic 45.25 м³/сут'],
  );
  assert.deepEqual(found('Водопотребление — 45,3 м³/сут'), ['water total 45.3 м³/сут']);
});

test('heat: the total load in Гкал/ч is read in кВт; the heating part is not taken', () => {
  assert.deepEqual(found('Расчетная тепловая нагрузка на отопление — 0,512 Гкал/ч. Общая тепловая нагрузка — 0,85 Гкал/ч (988,6 кВт).'), [
    'heat total 988.55 кВт',
  ]);
  assert.deepEqual(found('Тепловая нагрузка, всего — 988 кВт'), ['heat total 988 кВт']);
});
