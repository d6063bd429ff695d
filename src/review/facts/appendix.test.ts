import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendixStart } from './appendix.ts';

test('a page opening with «Приложение А» or «ПРИЛОЖЕНИЕ 3» begins an appendix', () => {
  assert.deepEqual(appendixStart('Приложение А\n(обязательное)\nТехнические условия', 14), { docPage: 14, label: 'Приложение А' });
  assert.deepEqual(appendixStart('ПРИЛОЖЕНИЕ 3. Расчёт нагрузок\nНагрузки на перекрытие', 20), { docPage: 20, label: 'ПРИЛОЖЕНИЕ 3' });
  assert.deepEqual(appendixStart('24-017-КР.ТЧ\nПриложение № 2\nПисьмо заказчика', 9)?.label, 'Приложение № 2');
});

test('a mention of an appendix in the text, a contents row or an appendix of an order is no appendix start', () => {
  assert.equal(appendixStart('1. Общие данные\nРасчёт приведён в приложении А.', 5), null);
  assert.equal(appendixStart('Содержание\nПриложение А Технические условия 45', 2), null);
  assert.equal(appendixStart('Приложение 1 к приказу Минстроя России от 01.02.2020 № 45', 3), null);
  assert.equal(appendixStart('Пояснительная записка\nОбщие данные\nИсходные данные\nНормы\nПриложение А', 4), null);
});
