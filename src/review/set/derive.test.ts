import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { deriveSetModel } from './derive.ts';

const roles = { 'Разраб.': 'Иванов', 'Пров.': 'Петров', ГИП: 'Сидоров' };
const volume = (i: number, cipher: string, section: string, year: number, extra: string[] = [], date?: string) =>
  docFacts(i, `${cipher}.pdf`, null, [
    `ООО «Проект»\nЖилой дом\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\n${section}\n${cipher}\nМосква\n${year}`,
    { text: ['Текстовая часть', ...extra].join('\n'), stamp: stampLines({ cipher, sheet: 1, roles, date }) },
  ]);

test('the ГПЗУ cited in the set is the reference date, with its words and place', () => {
  const docs = [
    volume(
      1,
      '24-017-ПЗ',
      'Раздел 1. Пояснительная записка',
      2024,
      ['Проектная документация разработана на основании ГПЗУ № РФ-77-4-53-3-05-2021-0123 от 12.03.2021.'],
      '05.24',
    ),
    volume(2, '24-017-АР', 'Раздел 3. Объемно-планировочные и архитектурные решения', 2024),
  ];
  const m = deriveSetModel(docs);
  assert.deepEqual([m.stage, m.edition], ['П', 'from_2022_09_01']);
  assert.deepEqual({ ...m.referenceDate, text: undefined }, { date: '2021-03-12', source: 'gpzu', docIndex: 1, page: 2, text: undefined });
  assert.match(m.referenceDate!.text, /ГПЗУ № РФ-77-4-53-3-05-2021-0123 от 12\.03\.2021/);
  // the edition follows the documentation's own date (the stamps), not the ГПЗУ's
  assert.deepEqual([m.documentationDate?.date, m.documentationDate?.source], ['2024-05-31', 'stamp']);
});

test('without a ГПЗУ: a ГПЗУ document of the set, else stamp dates, else the title year, else a date in a file name; nothing — null', () => {
  const gpzu = docFacts(3, 'ГПЗУ.pdf', null, ['ГРАДОСТРОИТЕЛЬНЫЙ ПЛАН ЗЕМЕЛЬНОГО УЧАСТКА\n№ РФ-77-4-53-3-05-2019-0001\nДата выдачи 20.06.2019']);
  assert.deepEqual(
    [deriveSetModel([volume(1, '24-ПЗ', 'Раздел 1', 2024), gpzu]).referenceDate?.date, deriveSetModel([gpzu]).referenceDate?.source],
    ['2019-06-20', 'gpzu_document'],
  );
  assert.deepEqual(deriveSetModel([volume(1, '24-ПЗ', 'Раздел 1', 2024, [], '03.21')]).referenceDate?.date, '2021-03-31');
  const byYear = deriveSetModel([volume(1, '025.18-ЭЭ', 'Раздел 10.1 энергетической эффективности', 2018)]);
  assert.deepEqual([byYear.referenceDate?.date, byYear.referenceDate?.source, byYear.edition], ['2018-12-31', 'title_year', 'before_2022_09_01']);
  // survey reports alone are dated by their own stamps; beside a volume of ПД they date nothing
  const igdi = docFacts(2, '820.17-ИИ.pdf', null, [
    'Отчет об инженерно-геодезических изысканиях\nШифр 820.17-ИИ\nТюмень, 2017 г.',
    { text: 'Содержание тома', stamp: stampLines({ cipher: '820.17-ИИ-С', sheet: 2, roles: { Геодезист: 'Евдокимов' }, date: '08.18' }) },
  ]);
  assert.deepEqual([deriveSetModel([igdi]).referenceDate?.date, deriveSetModel([igdi]).referenceDate?.source], ['2018-08-31', 'stamp']);
  assert.equal(deriveSetModel([volume(1, '24-ПЗ', 'Раздел 1', 2024, [], '03.21'), igdi]).referenceDate?.date, '2021-03-31');
  const none = deriveSetModel([docFacts(1, 'a.pdf', 'АР', ['Архитектурные решения'])]);
  assert.deepEqual([none.referenceDate, none.edition], [null, 'from_2022_09_01']);
  // a volume whose form states no date: the date its file's name carries, last of all
  const named = deriveSetModel([docFacts(1, 'Марка АР_23.10.2023.pdf', 'АР', ['Архитектурные решения'])]);
  assert.deepEqual([named.referenceDate?.date, named.referenceDate?.source, named.edition], ['2023-10-23', 'file_name', 'from_2022_09_01']);
  // beside a title year, the name's date does not count
  const titled = deriveSetModel([docFacts(1, 'АР_23.10.2023.pdf', 'АР', ['ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 3\nМосква\n2021'])]);
  assert.deepEqual([titled.referenceDate?.date, titled.referenceDate?.source], ['2021-12-31', 'title_year']);
});

test('the stage of the set: ПД, РД, surveys alone, both at once', () => {
  const rd = docFacts(5, '24-017-КЖ.pdf', null, ['РАБОЧАЯ ДОКУМЕНТАЦИЯ\n24-017-КЖ']);
  const igi = docFacts(6, 'ИГИ.pdf', null, ['Технический отчет по результатам инженерно-геологических изысканий']);
  const pd = volume(1, '24-017-ПЗ', 'Раздел 1', 2024);
  assert.equal(deriveSetModel([pd, igi]).stage, 'П');
  assert.equal(deriveSetModel([rd, igi]).stage, 'Р');
  assert.equal(deriveSetModel([igi]).stage, 'survey');
  assert.equal(deriveSetModel([pd, rd]).stage, 'mixed');
  // a volume taken for ИОС1 by its subject alone, stating no stage, goes with the working volumes around it
  const es = docFacts(7, 'Электроснабжение.pdf', null, ['Система электроснабжения. Расчет нагрузок']);
  assert.equal(deriveSetModel([rd, es]).stage, 'Р');
  assert.equal(deriveSetModel([pd]).completeness.kind, 'partial');
});

test('settled sections: a survey report guessed as ПЗ is no section, an estimate is СМ, the old ЭЭ keeps its code', async () => {
  const { settleSections } = await import('./derive.ts');
  const igi = docFacts(1, 'ИГИ.pdf', 'ПЗ', ['Технический отчет по результатам инженерно-геологических изысканий']);
  const lsr = docFacts(2, 'ЛСР.pdf', 'ПЗ', ['ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ (СМЕТА) № 1']);
  const ee = volume(3, '025.18-ЭЭ', 'Раздел 10.1 энергетической эффективности', 2018);
  const docs = [igi, lsr, ee];
  settleSections(docs, deriveSetModel(docs));
  assert.deepEqual(
    docs.map((d) => d.section),
    [null, 'СМ', 'ЭЭ'],
  );
});
