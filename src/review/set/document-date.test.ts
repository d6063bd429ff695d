import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { ownDateOf } from './document-date.ts';
import { normsDateOf } from './reference-date.ts';
import type { DocumentType, ReferenceDate, TypedDocument } from './types.ts';

const dateOf = (type: DocumentType, name: string, head: string[]) => {
  const r = ownDateOf(docFacts(1, name, null, [head.join('\n')]), type);
  return r && [r.date, r.source, r.text];
};

test("a letter's own date: its «исх. № … от …», a date line at the top, else the date in its file name", () => {
  assert.deepEqual(dateOf('letter', 'Письмо.pdf', ['ООО «Проект»', 'Исх. № 420/19 от 07.06.2019', 'Руководителю']), [
    '2019-06-07',
    'letter',
    'Исх. № 420/19 от 07.06.2019',
  ]);
  assert.deepEqual(dateOf('answers', 'Ответы.pdf', ['ООО «Проект»', '03.12.2019', 'На замечания по ИОС9']), ['2019-12-03', 'letter', '03.12.2019']);
  assert.deepEqual(dateOf('letter', 'исх. 420-19 от 07.06.2019, УГЭПД.pdf', ['Уважаемый Иван Петрович!'])?.slice(0, 2), ['2019-06-07', 'file_name']);
  assert.equal(dateOf('letter', 'Письмо.pdf', ['Уважаемый Иван Петрович!']), null);
});

test('an issue date is the document’s own, never the date of an act it quotes', () => {
  const tu = ['Технические условия № 15-ТУ от 12.04.2025', 'на подключение к сетям водоснабжения'];
  assert.deepEqual(dateOf('tech_conditions', 'ТУ.pdf', tu)?.slice(0, 2), ['2025-04-12', 'issued']);
  const quoting = ['Во исполнение постановления Правительства РФ № 87 от 16.02.2008', 'Технические условия № 7 от 03.03.2025'];
  assert.deepEqual(dateOf('tech_conditions', 'ТУ.pdf', quoting)?.[0], '2025-03-03');
  // the text of an XML design assignment writes its date as ISO
  const xml = ['Задание на проектирование (XML, схема DesignAssignment 01.00)', 'Номер 1.Техническое задание от 2025-12-10'];
  assert.deepEqual(dateOf('design_task', 'ТЗ.xml', xml)?.[0], '2025-12-10');
  // an edition of what it quotes is not its date; the date the sender put in the file name is
  const edition = ['Задание на проектирование', 'Постановлением администрации №182/10 (в редакции от 01.01.2024)'];
  assert.deepEqual(dateOf('design_task', 'Задание на проектирование 29.12.2025.pdf', edition)?.slice(0, 2), ['2025-12-29', 'file_name']);
  // a planned end of construction is no date of the document: its title year is
  assert.deepEqual(dateOf('design_task', 'ЗнП.pdf', ['Задание на проектирование', 'Тобольск, 2018 г.', 'Окончание строительства — сентябрь 2023 г.']), [
    '2018-12-31',
    'title_year',
    '2018 г.',
  ]);
});

test("a volume's date is its latest signature date, and a signature date not yet come is not it", () => {
  const stamp = (date: string) => ({ text: 'Текстовая часть', stamp: stampLines({ cipher: '24-017-АР', roles: { 'Разраб.': 'Иванов' }, date }) });
  const d = docFacts(1, 'АР.pdf', 'АР', ['Раздел 3', stamp('05.24'), stamp('19.09.2099')]);
  assert.equal(ownDateOf(d, 'pd_section')?.date, '2024-05-31');
  // a volume whose form states no date is dated by its file's name, last; a cipher like a date is no date
  const undated = { text: 'Общие данные', stamp: stampLines({ cipher: '5102-РД-АР1', roles: { 'Разраб.': '' } }) };
  assert.deepEqual(ownDateOf(docFacts(2, 'Марка АР_23.10.2023.pdf', 'АР', [undated]), 'rd_mark')?.date, '2023-10-23');
  assert.equal(ownDateOf(docFacts(3, '25.06.2025-СОШ10-АР.pdf', 'АР', [undated]), 'rd_mark'), null);
  assert.equal(ownDateOf(d, 'pd_section')?.source, 'stamp', 'the form first');
});

const dated = (docIndex: number, type: DocumentType, date: string | null): TypedDocument => ({
  docIndex,
  type,
  code: null,
  stage: null,
  evidence: '',
  date: date ? { date, source: 'stamp', text: date } : null,
});

test('the norms of the design are judged at the set’s date, a letter and an older survey at their own, and a set without design each at its own', () => {
  const referenceDate: ReferenceDate = { date: '2025-06-30', source: 'gpzu', text: 'ГПЗУ от 30.06.2025' };
  const documents = [
    dated(1, 'pd_section', '2025-10-31'),
    dated(2, 'letter', '2019-12-03'),
    dated(3, 'survey', '2024-08-31'),
    dated(4, 'survey', '2025-09-30'),
    dated(5, 'other', '2020-01-31'),
  ];
  const at = (i: number) => normsDateOf({ documents, referenceDate }, i)?.date;
  assert.deepEqual([1, 2, 3, 4, 5].map(at), ['2025-06-30', '2019-12-03', '2024-08-31', '2025-06-30', '2020-01-31']);
  const surveysAlone = { documents: [dated(1, 'survey', '2018-08-31'), dated(2, 'answers', '2019-06-07')], referenceDate };
  assert.deepEqual(
    [1, 2].map((i) => normsDateOf(surveysAlone, i)?.date),
    ['2018-08-31', '2019-06-07'],
  );
  // a document without a date of its own is judged at the set's
  assert.equal(normsDateOf({ documents: [dated(1, 'letter', null)], referenceDate }, 1), referenceDate);
});

test('an estimate’s own date is its «Дата составления», never its level of prices; a base day converted to a quarter dates it by the quarter', () => {
  const lsr = (...lines: string[]) => ['ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ № 02-08-2018', ...lines];
  assert.deepEqual(dateOf('estimate', 'ЛСР.xml', lsr('Составлен(а) в текущих ценах по состоянию на 01.10.2018', 'Дата составления: 14.03.2018')), [
    '2018-03-14',
    'estimate',
    'Дата составления: 14.03.2018',
  ]);
  const quarter = ownDateOf(
    docFacts(1, 'ЛСР.xml', null, [lsr('Дата составления сметы: 1.01.2000г.с переводом в текущие цены на 1 квартал 2018 года').join('\n')]),
    'estimate',
  );
  assert.deepEqual([quarter?.date, quarter?.from, quarter?.source], ['2018-03-31', '2018-01-01', 'estimate']);
  // the heading's «по состоянию на» is the level of prices: with nothing else the title year dates the estimate
  assert.deepEqual(
    dateOf('estimate', 'ЛСР.xlsx', lsr('Составлен(а) в текущих ценах по состоянию на 01.10.2018', '"____" ______________2019 г.'))?.slice(0, 2),
    ['2019-12-31', 'title_year'],
  );
});

test("a letter's own number and date, not those of the letter it answers", () => {
  // «исх.» without «№», and the answered letter quoted below it
  assert.deepEqual(
    dateOf('answers', 'Письмо.pdf', [
      'Директору ГАУ ТО «УГЭПД»',
      'исх. 2804/19/УК от 03.12.2019 г.',
      'на',
      '№ __________ от ________ 2019г.',
      'по письму исх. №0136/19 от 28.11.2019 г.',
    ])?.slice(0, 2),
    ['2019-12-03', 'letter'],
  );
  // a line opening with its number, then «на №» of the other side
  assert.deepEqual(
    dateOf('answers', 'Ответы.pdf', [
      'ООО «Проектная мастерская»',
      '№163 от 11 октября 2018 г.',
      'Директору',
      'на №3м-378 от 10 октября 2018 г.',
      'по письму исх. №Зм-378 от 10.10.2018г.',
    ])?.slice(0, 2),
    ['2018-10-11', 'letter'],
  );
  // only the answered letter's number is printed: it is not the letter's own date
  assert.equal(dateOf('letter', 'Письмо.pdf', ['Уважаемый Иван Петрович!', 'В ответ на письмо № 15 от 02.02.2020 сообщаем']), null);
});
