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

test('«Составила» is the compiler’s line too; a sentence opening with the word is no signature line', () => {
  assert.deepEqual(
    form('Составила: Т.Г. Ковалёва')!.signatures.map((s) => [s.role, s.name]),
    [['Составил', 'Т.Г. Ковалёва']],
  );
  assert.deepEqual(
    form('Проверила соответствие объёмов работ, принятых в расчёте, ведомости объёмов работ и рабочим чертежам марок АР и КР')?.signatures ?? [],
    [],
  );
});

test('«Основание:» with a value, with nothing after it, and with its value on the next line of a PDF', () => {
  const basis = (s: string) => form(s)!.basis.map((b) => b.value);
  assert.deepEqual(basis('Основание: П 587-00-00/18\nСоставлен(а) в базисных ценах'), ['П 587-00-00/18']);
  assert.deepEqual(basis('Основание:\t\t\nСоставлен(а) в базисных ценах'), ['']);
  assert.deepEqual(basis('Основание: ________________\n(проектная и сметная документация)'), ['']);
  // the form's next item missing: the line below is the value, wrapped
  assert.deepEqual(basis('Основание:\nчертежи 24-017-АР, 24-017-КР'), ['чертежи 24-017-АР, 24-017-КР']);
});

test('an index with its letter in the caption or beside it is sourced; one with a quarter or a paragraph only is not', () => {
  const indexes = (s: string) => form(s)!.indexes.map((i) => [i.raw, i.sourced]);
  assert.deepEqual(indexes('Индекс к СМР 8,51 (таб.4, прил. 2, п.3.3.1.)'), [['Индекс к СМР 8,51', false]]);
  assert.deepEqual(indexes('Индекс к СМР 8,52 (Индекс изменения сметной стоимости СМР на I квартал 2018 года)'), [['Индекс к СМР 8,52', false]]);
  assert.deepEqual(indexes('Индекс к СМР 8,52 (письмо Минстроя России от 20.02.2018 № 6688-ЛС/09)'), [['Индекс к СМР 8,52', true]]);
  // the letter named lines before the values, as a note to the estimate words it
  assert.deepEqual(
    indexes(
      'использованы индексы изменения сметной стоимости согласно Письма Минстроя\nРоссии №13606-\nХМ/09 от 04.04.2018 г. «Объекты образования»\nИндекс Исмр=7,47; И обор. =3,53; И проч = 7,13',
    ),
    [['Индекс Исмр=7,47', true]],
  );
  // a price book's order printed under a position's code is not the index's source
  assert.deepEqual(indexes('Индекс к СМР 8,52\n№ пп\tОбоснование\n1\tФЕРр65-1-7 (Приказ Минстроя России от 30.12.2016 № 1039/пр)\tРазборка трубопроводов'), [
    ['Индекс к СМР 8,52', false],
  ]);
  assert.deepEqual(indexes('Индекс к СМР 8,52 (Приказ Минстроя России от 30.12.2016 № 1039/пр)'), [['Индекс к СМР 8,52', false]]);
  // a division by an index in a price's formula names no cost item
  assert.equal(form('МАТ=1141,72/7,13\tт\t35,806'), null);
});

test('the estimate’s own date: a day of making or approval, the quarter a base-level day is converted to, never the level of prices', () => {
  const dates = (s: string) => form(s)?.dates.map((d) => [d.field, d.date, d.from ?? null]) ?? [];
  assert.deepEqual(dates('Дата составления: 14.03.2018\nДата утверждения: 2.04.2018'), [
    ['made', '2018-03-14', null],
    ['approved', '2018-04-02', null],
  ]);
  assert.deepEqual(dates('Дата составления сметы: 1.01.2000г.с переводом в текущие цены на 1 квартал 2018 года'), [['made', '2018-03-31', '2018-01-01']]);
  assert.deepEqual(dates('Дата составления сметы: IV кв. 2019 г.'), [['made', '2019-12-31', '2019-10-01']]);
  assert.deepEqual(dates('Дата составления сметы: 01.01.2000'), []);
  assert.deepEqual(dates('Дата составления: 01.01.1991 г.'), []);
  assert.deepEqual(dates('Составлен(а) в текущих ценах по состоянию на 01.10.2018'), []);
});
