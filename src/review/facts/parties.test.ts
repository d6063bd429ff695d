import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findParties } from './parties.ts';

test('a title page gives the designer (first organisation), the customer and the ГИП', () => {
  const page = [
    'ООО «Проектный институт»',
    'Заказчик: Администрация города Твери',
    'Строительство МБОУ СОШ № 12',
    'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ',
    'Главный инженер проекта ______ И.И. Петров',
  ].join('\n');
  const p = findParties(page, 1).map((x) => [x.role, x.value]);
  assert.deepEqual(p, [
    ['customer', 'Администрация города Твери'],
    ['designer', 'ООО «Проектный институт»'],
    ['chief_engineer', 'И.И. Петров'],
  ]);
});

test('a labelled designer wins over the first line; the label may stand on its own line', () => {
  const page = ['АО «Заказчик-Строй»', 'Генеральный проектировщик:', 'ООО «Гипрогор»', 'Застройщик – АО «Заказчик-Строй»'].join('\n');
  const p = findParties(page, 1).map((x) => [x.role, x.value]);
  assert.deepEqual(p, [
    ['customer', 'АО «Заказчик-Строй»'],
    ['designer', 'ООО «Гипрогор»'],
  ]);
});

test('a page without labels or organisations gives nothing', () => {
  assert.deepEqual(findParties('Пояснительная записка\nОбщие данные', 1), []);
});
