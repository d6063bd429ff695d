import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeText } from '../text/normalize.ts';
import { findEstimateForm } from './estimate-form.ts';

const form = (s: string) => findEstimateForm(normalizeText(s), 1);

test('the level of prices from the heading, with its date, and from the totals', () => {
  const f = form(
    [
      'ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ № 09-01-01',
      'Основание: П 587-00-00/18',
      'Составлен(а) в текущих (прогнозных) ценах по состоянию на 01.01.2000г.',
      'Итого прямые затраты по смете в базисных ценах\t\t5734',
      'ВСЕГО по смете\t\t5734',
    ].join('\n'),
  )!;
  assert.deepEqual(
    f.priceLevels.map((s) => [s.level, s.date, s.heading]),
    [
      ['current', '2000-01-01', true],
      ['base', null, false],
    ],
  );
  assert.deepEqual(
    form('Составлена в базисном уровне цен по состоянию на 01.01.2000')!.priceLevels.map((s) => s.level),
    ['base'],
  );
});

test('the form’s «в текущем (базисном) уровне цен» left as printed states no level', () => {
  assert.equal(form('Составлен(а) в текущем (базисном) уровне цен'), null);
});

test('signature lines with the name typed after the role, or blanks only', () => {
  const f = form(
    [
      'Составил: ___________________________Ковалёва Т.Г.',
      '(должность, подпись, расшифровка)',
      'Проверил: ___________________________',
      '(должность, подпись, расшифровка)',
    ].join('\n'),
  )!;
  assert.deepEqual(
    f.signatures.map((s) => [s.role, s.name]),
    [
      ['Составил', 'Ковалёва Т.Г.'],
      ['Проверил', null],
    ],
  );
  assert.deepEqual(
    form('Проверил ________ /И.И. Петров/')!.signatures.map((s) => s.name),
    ['И.И. Петров'],
  );
  // a drawing's text without a word of either
  assert.equal(form('Раздел 3. Архитектурные решения. Узлы см. лист 4.'), null);
});
