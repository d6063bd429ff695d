import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { cipherConsistency } from './consistency-cipher.ts';
import { estimateForm } from './estimate-form.ts';

const lsr = (lines: string[]) =>
  docFacts(1, 'ЛСР 09-01-01 Утилизация ТБО.pdf', null, [['ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ № 09-01-01', '(локальная смета)', ...lines].join('\n')]);
const note = () => docFacts(2, 'СМ.ПЗ.pdf', null, ['ПОЯСНИТЕЛЬНАЯ ЗАПИСКА к сметной документации\nСметная документация составлена базисно-индексным методом.']);
const signed = ['Составил: ________ Ковалёва Т.Г.', 'Проверил: ________ Петров П.П.'];

test('an estimate stating one level of prices, signed by both, is clean', () => {
  const ctx = context([
    lsr(['Составлен(а) в базисных ценах по состоянию на 01.01.2000г.', 'Итого прямые затраты по смете в базисных ценах 5734', ...signed]),
    note(),
  ]);
  assert.equal(ctx.set.documents[0]!.type, 'estimate');
  assert.deepEqual(estimateForm.run(ctx).findings, []);
});

test('«в текущих ценах по состоянию на 01.01.2000» is the base level named as the current one: one finding with both statements', () => {
  const [f, ...rest] = estimateForm.run(
    context([
      lsr(['Составлен(а) в текущих (прогнозных) ценах по состоянию на 01.01.2000г.', 'Итого прямые затраты по смете в базисных ценах 5734', ...signed]),
    ]),
  ).findings!;
  assert.equal(rest.length, 0);
  assert.equal(f!.importance, 'significant');
  assert.match(f!.essence, /уровень цен указан противоречиво: уровень цен назван текущим, а дата 01\.01\.2000 — дата базисного уровня/);
  assert.match(f!.evidence, /в текущих \(прогнозных\) ценах[\s\S]*в базисных ценах/);
});

test('a heading in current prices and totals in base ones disagree', () => {
  const [f] = estimateForm.run(context([lsr(['Составлен(а) в текущих ценах по состоянию на 01.10.2018', 'ВСЕГО по смете в базисных ценах 5734', ...signed])]))
    .findings!;
  assert.match(f!.essence, /в заголовке — «в текущих ценах», в итогах — «в базисных ценах»/);
});

test('a «Проверил» line left blank where the compiler is named is a minor finding; a line blank for both is not judged', () => {
  const [f, ...rest] = estimateForm.run(
    context([lsr(['Составлен(а) в базисных ценах', 'Составил: ___________________________Ковалёва Т.Г.', 'Проверил: ___________________________'])]),
  ).findings!;
  assert.equal(rest.length, 0);
  assert.equal(f!.importance, 'minor');
  assert.match(f!.essence, /строка «Проверил» не заполнена/);
  // a form printed for signing by hand names nobody: nothing to tell a missing check from
  assert.deepEqual(estimateForm.run(context([lsr(['Составил: ____________', 'Проверил: ____________'])])).findings, []);
});

test('only estimates are judged: a volume’s text with the same words is not', () => {
  const volume = docFacts(1, '24-017-ПЗ.pdf', 'ПЗ', [
    'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 1. Пояснительная записка\nСоставлен(а) в текущих ценах по состоянию на 01.01.2000',
  ]);
  assert.deepEqual(estimateForm.run(context([volume])), {});
});

test('an estimate’s «Основание: чертежи …-АР» names what it prices: it is not the estimate’s own cipher, and no cipher finding comes of it', () => {
  const d = lsr(['Основание: чертежи 25-142-АР, 25-142-КР', 'Составлен(а) в базисных ценах по состоянию на 01.01.2000 г.', ...signed]);
  assert.equal(d.cipher, null);
  assert.deepEqual(
    d.headCiphers.map((c) => c.cipher),
    ['25-142-АР', '25-142-КР'],
  );
  assert.deepEqual(cipherConsistency.run(context([d])).findings ?? [], []);
});
