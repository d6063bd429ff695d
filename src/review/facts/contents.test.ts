import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ownTitle, parseContents } from './contents.ts';

const brief = (pages: string[]) => parseContents(pages)?.entries.map((e) => [e.range ? `${e.from}-${e.to}` : e.from, e.title]);

test('«Содержание тома» with one cell a line, a wrapped title and the sheet cell after a blank line', () => {
  const page = `Инв. № подл.\nПодп. и дата\nВзам. инв. №\n\nСодержание тома\n\nОбозначение\nНаименование\nПримечание\n\n1204-25-П-ПЗУ.С\nСодержание тома\nл. 1\n\n1204-25-П-ПЗУ\nТекстовая часть\nл. 2\n\n1204-25-П-ПЗУ\nГрафическая часть. Ситуационный план\nл. 4\n\n1204-25-П-ПЗУ\nГрафическая часть. Схема планировочной \nорганизации земельного участка\n\nл. 5\n\nИзм.\nКол.уч.\nЛист\n№ док.\nПодп.\nДата\nРазраб.\nЕгорова\n08.25\n1204-25-П-ПЗУ\nСтадия\nЛист\nЛистов\nП\n1\n5`;
  const l = parseContents(['ТИТУЛЬНЫЙ ЛИСТ', page])!;
  assert.equal(l.kind, 'volume');
  assert.equal(l.docPage, 2);
  assert.equal(l.confident, true);
  assert.deepEqual(brief(['', page]), [
    [1, 'Содержание тома'],
    [2, 'Текстовая часть'],
    [4, 'Графическая часть. Ситуационный план'],
    [5, 'Графическая часть. Схема планировочной организации земельного участка'],
  ]);
  assert.equal(l.entries[1]!.group, 'text');
  assert.equal(ownTitle(l.entries[3]!.title), 'Схема планировочной организации земельного участка');
});

test('rows on one line, designations with -ТЧ/-ГЧ, ranges and the sheet cell in the middle of a wrapped title', () => {
  const page = [
    'Содержание тома',
    'Обозначение Наименование Примечание',
    '24-017-П-АР-С Содержание тома 2',
    '24-017-П-АР-ТЧ Текстовая часть листы 3-15',
    '24-017-П-АР-ГЧ',
    'Графическая часть. План подвала на',
    '16',
    'отм. -3,000',
    '24-017-П-АР-ГЧ Фасад в осях 1-10 17',
    '24-017-П-АР-ГЧ «Разрез 1-1» л. 18',
    'Изм. Кол.уч. Лист № док. Подп. Дата',
  ].join('\n');
  assert.deepEqual(brief([page]), [
    [2, 'Содержание тома'],
    ['3-15', 'Текстовая часть'],
    [16, 'Графическая часть. План подвала на отм. -3,000'],
    [17, 'Фасад в осях 1-10'],
    [18, '«Разрез 1-1»'],
  ]);
  assert.equal(parseContents([page])!.confident, true);
});

test('a drawing register: the sheet first, titles wrapped, a note column', () => {
  const page = [
    'Ведомость рабочих чертежей основного комплекта',
    'Лист',
    'Наименование',
    'Примечание',
    '1',
    'Общие данные',
    '2',
    'План типового этажа',
    'на отм. +3,000 ... +24,000',
    '3 Разрез 1-1',
    '4',
    'Узлы',
    'Изм. 1',
    'Разраб.',
  ].join('\n');
  const l = parseContents([page])!;
  assert.equal(l.kind, 'drawings');
  assert.deepEqual(brief([page]), [
    [1, 'Общие данные'],
    [2, 'План типового этажа на отм. +3,000 ... +24,000'],
    [3, 'Разрез 1-1'],
    [4, 'Узлы Изм. 1'],
  ]);
  assert.equal(l.confident, true);
});

test('a list continued on the next sheet under a repeated table head', () => {
  const p2 = 'Содержание тома\nОбозначение\nНаименование\nПримечание\n24-017-АР.С\nСодержание тома\nл. 1\n24-017-АР\nТекстовая часть\nл. 2\nИзм.\nКол.уч.';
  const p3 = 'Обозначение\nНаименование\nПримечание\n24-017-АР\nГрафическая часть. Фасад 1-10\nл. 9\nИзм.';
  assert.deepEqual(brief([p2, p3]), [
    [1, 'Содержание тома'],
    [2, 'Текстовая часть'],
    [9, 'Графическая часть. Фасад 1-10'],
  ]);
});

test('«Состав проектной документации» and a text table of contents are not the volume contents', () => {
  assert.equal(parseContents(['Состав проектной документации\nНомер тома\nОбозначение\nНаименование\nПримечание\n1\n24-017-ПЗ\nПояснительная записка']), null);
  assert.equal(parseContents(['Содержание\n1. Общие положения ........ 3\n2. Решения ....... 5']), null);
});

test('a list whose rows lost their sheets is not confident', () => {
  const page =
    'Содержание тома\nОбозначение\nНаименование\nПримечание\n24-017-АР.С\nСодержание тома\n24-017-АР\nТекстовая часть\n24-017-АР\nГрафическая часть\nл. 5';
  assert.equal(parseContents([page])!.confident, false);
});

test('«Содержание тома» followed by «Ведомость листов графической части» on the same sheet: one list', () => {
  const page =
    'Содержание тома\nОбозначение\nНаименование\nПримечание\n24-017-ПЗУ.С\nСодержание тома\nл. 1\n24-017-ПЗУ\nТекстовая часть\nл. 2\n\nВедомость листов графической части\nЛист\nНаименование\nПримечание\n4\nСитуационный план\n5\nСхема планировочной организации\nземельного участка\nИзм.';
  assert.deepEqual(brief([page]), [
    [1, 'Содержание тома'],
    [2, 'Текстовая часть'],
    [4, 'Ситуационный план'],
    [5, 'Схема планировочной организации земельного участка'],
  ]);
});
