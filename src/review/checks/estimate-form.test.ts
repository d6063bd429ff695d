import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
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

test('a «Проверил» line left blank where the compiler is named is a minor finding; a PDF naming nobody is a question', () => {
  const [f, ...rest] = estimateForm.run(
    context([lsr(['Составлен(а) в базисных ценах', 'Составил: ___________________________Ковалёва Т.Г.', 'Проверил: ___________________________'])]),
  ).findings!;
  assert.equal(rest.length, 0);
  assert.equal(f!.importance, 'minor');
  assert.match(f!.essence, /строка «Проверил» не заполнена/);
  // a PDF naming nobody may be signed and deciphered by hand, which is no text: asked, not accused
  const blank = estimateForm.run(context([lsr(['Составил: ____________', 'Проверил: ____________'])]));
  assert.deepEqual(blank.findings, []);
  assert.match(blank.questions![0]!.text, /фамилии составившего и проверившего в тексте не указаны/);
});

const lsrOf = (format: 'xlsx' | 'pdf', lines: (string | { text: string; source: 'ocr' })[]) =>
  docFacts(
    1,
    `ЛСР 02-08.${format}`,
    null,
    [['ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ № 02-08-2018', '(локальная смета)', 'Составлен(а) в базисных ценах', ...lines].join('\n')],
    { format },
  );

test('an XLSX or XML estimate naming nobody: one minor finding naming both lines; a «Проверил» line absent counts as blank', () => {
  const both = estimateForm.run(context([lsrOf('xlsx', ['Составил: ________________', '(должность, подпись, расшифровка)'])])).findings!;
  assert.deepEqual(
    both.map((f) => [f.importance, f.essence]),
    [['minor', 'В сметном расчёте «ЛСР 02-08.xlsx» не указаны составивший и проверивший: строка «Составил» не заполнена, строки «Проверил» нет.']],
  );
  const noChecker = estimateForm.run(context([lsrOf('xlsx', ['Составил: ________ Ковалёва Т.Г.'])])).findings!;
  assert.deepEqual(
    noChecker.map((f) => f.essence),
    ['В сметном расчёте «ЛСР 02-08.xlsx» строки «Проверил» нет: составивший указан, проверивший — нет.'],
  );
  const noCompiler = estimateForm.run(context([lsrOf('xlsx', ['Составил: ________', 'Проверил: ________ Петров П.П.'])])).findings!;
  assert.match(noCompiler[0]!.essence, /строка «Составил» не заполнена: проверивший указан, составивший — нет/);
  // both named, or no signature line at all: nothing to say
  assert.deepEqual(estimateForm.run(context([lsrOf('xlsx', signed)])).findings, []);
  assert.deepEqual(estimateForm.run(context([lsrOf('xlsx', ['ВСЕГО по смете 5734'])])).findings, []);
});

test('a title block’s «Пров.» row with a name signs the estimate as its «Проверил» line would', () => {
  const note = docFacts(1, 'СМ.ПЗ.pdf', null, [
    {
      text: 'ПОЯСНИТЕЛЬНАЯ ЗАПИСКА к сметной документации\nСметная документация составлена в базисных ценах\nСоставила: Т.Г. Ковалёва',
      stamp: stampLines({ cipher: '24-017-СМ.ПЗ', sheet: 1, roles: { 'Разраб.': 'Ковалёва', 'Пров.': 'Петров' }, date: '04.18' }),
    },
  ]);
  assert.deepEqual(estimateForm.run(context([note])).findings, []);
  const unchecked = docFacts(1, 'СМ.ПЗ.pdf', null, [
    'ПОЯСНИТЕЛЬНАЯ ЗАПИСКА к сметной документации\nСметная документация составлена в базисных ценах\nСоставила: Т.Г. Ковалёва',
  ]);
  assert.match(estimateForm.run(context([unchecked])).findings![0]!.essence, /строки «Проверил» нет/);
});

test('signature lines read by OCR are not judged: a name written by hand is not text', () => {
  const scan = docFacts(1, 'ЛСР 02-08.pdf', null, [
    { text: 'ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ № 02-08-2018\nСоставлен(а) в базисных ценах\nСоставил: ________\nПроверил: ________', source: 'ocr' },
  ]);
  const out = estimateForm.run(context([scan]));
  assert.deepEqual([out.findings, out.questions], [[], []]);
});

test('«Основание» printed with nothing after it is a minor finding; filled, it is not', () => {
  const [f, ...rest] = estimateForm.run(context([lsrOf('xlsx', ['Основание: ____________', 'Сметная стоимость 5,734 тыс. руб.', ...signed])])).findings!;
  assert.equal(rest.length, 0);
  assert.deepEqual(
    [f!.importance, f!.essence],
    ['minor', 'В сметном расчёте «ЛСР 02-08.xlsx» строка «Основание» не заполнена: не указано, по каким документам составлен расчёт.'],
  );
  assert.deepEqual(estimateForm.run(context([lsrOf('xlsx', ['Основание: дефектная ведомость', ...signed])])).findings, []);
});

test('an index applied without the letter it comes from is a minor finding, unless an estimate of the set names the letter', () => {
  const index = 'Индекс к СМР 8,51 (таб.4, прил. 2, п.3.3.1.)';
  const [f, ...rest] = estimateForm.run(context([lsrOf('xlsx', [index, ...signed])])).findings!;
  assert.equal(rest.length, 0);
  assert.equal(f!.importance, 'minor');
  assert.match(f!.essence, /индекс изменения сметной стоимости применён без ссылки на документ, которым он установлен: «Индекс к СМР 8,51»/);
  assert.deepEqual(
    estimateForm.run(context([lsrOf('xlsx', ['Индекс к СМР 8,51 (письмо Минстроя России от 20.02.2018 № 6688-ЛС/09)', ...signed])])).findings,
    [],
  );
  // the note to the estimate states the letter of the indices the estimate applies
  const sourcedNote = docFacts(2, 'СМ.ПЗ.pdf', null, [
    'ПОЯСНИТЕЛЬНАЯ ЗАПИСКА к сметной документации\nПрименены индексы согласно письму Минстроя России от 20.02.2018 № 6688-ЛС/09: индекс к СМР 8,51',
  ]);
  assert.deepEqual(estimateForm.run(context([lsrOf('xlsx', [index, ...signed]), sourcedNote])).findings, []);
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
