import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collapseSpaces, normalizeText } from '../text/normalize.ts';
import { findGpzu, findTechConditions, isoDate, numberKey } from './issued-docs.ts';

const flat = (s: string) => collapseSpaces(normalizeText(s));
const gpzu = (s: string) => findGpzu(flat(s), 1).map((v) => [v.number, v.date]);
const tu = (s: string) => findTechConditions(flat(s), 1).map((v) => [v.resource, v.number, v.date]);

test('dates in digits and in words', () => {
  assert.equal(isoDate('12.03.2021'), '2021-03-12');
  assert.equal(isoDate('«5» июня 2019'), '2019-06-05');
  assert.equal(isoDate('31.13.2021'), null);
  assert.equal(numberKey('РФ-77-4 – 59'), numberKey('PФ-77-4-59'));
});

test('ГПЗУ: the current and the older number formats with their dates; a replaced one is not taken', () => {
  assert.deepEqual(gpzu('на основании градостроительного плана земельного участка № РФ-77-4-59-3-23-2021-4737 от 12.03.2021.'), [
    ['РФ-77-4-59-3-23-2021-4737', '2021-03-12'],
  ]);
  assert.deepEqual(gpzu('ГПЗУ № RU77-174000-012345 от «5» июня 2019 г.'), [['RU77-174000-012345', '2019-06-05']]);
  assert.deepEqual(gpzu('Градостроительный план земельного участка (ГПЗУ) № РФ-16-2-01-0-00-2023-0341, выдан 20.09.2023'), [
    ['РФ-16-2-01-0-00-2023-0341', '2023-09-20'],
  ]);
  assert.deepEqual(gpzu('ГПЗУ № РФ-77-4-59-3-23-2021-4737 (взамен ГПЗУ № RU77-174000-012345)'), [['РФ-77-4-59-3-23-2021-4737', null]]);
});

test('ГПЗУ: a number the line breaks after one of its dashes is read whole', () => {
  assert.deepEqual(gpzu('градостроительного плана земельного участка № РФ-59-3-16-0-00-\n2023-3793 от 13.01.2023.'), [
    ['РФ-59-3-16-0-00-2023-3793', '2023-01-13'],
  ]);
});

test('ТУ: each number with the resource its item names, before or after the number', () => {
  assert.deepEqual(
    tu(
      'Электроснабжение предусмотрено в соответствии с техническими условиями на технологическое присоединение № 20-1234/23 от 12.03.2023, выданными ПАО «Россети Центр».',
    ),
    [['power', '20-1234/23', '2023-03-12']],
  );
  assert.deepEqual(
    tu('Технические условия: на электроснабжение № 1-ЭС от 01.02.2024, на водоснабжение № 2-В от 03.02.2024, на теплоснабжение № Т-17 от 05.02.2024.'),
    [
      ['power', '1-ЭС', '2024-02-01'],
      ['water', '2-В', '2024-02-03'],
      ['heat', 'Т-17', '2024-02-05'],
    ],
  );
  assert.deepEqual(tu('ТУ № 11 от 01.02.2024 на подключение к сетям водоснабжения, ТУ № 12 от 01.02.2024 на подключение к сетям водоотведения.'), [
    ['water', '11', '2024-02-01'],
    ['sewer', '12', '2024-02-01'],
  ]);
  assert.deepEqual(tu('Технические условия на подключение к сетям водоснабжения и водоотведения № 456 от 10.10.2023 АО «Водоканал».'), [
    ['water_sewer', '456', '2023-10-10'],
  ]);
  assert.deepEqual(tu('Технические условия на наружное освещение № НО-5 от 01.03.2024.'), [['lighting', 'НО-5', '2024-03-01']]);
});

test('ТУ: product standards, СТУ, temporary supply of the site and other documents are not taken', () => {
  assert.deepEqual(tu('Трубы по ТУ 1390-001-12345678-2010. Специальные технические условия № 5 от 01.01.2023.'), []);
  assert.deepEqual(tu('Временное электроснабжение строительной площадки — по техническим условиям № 77-ВР-15 от 01.02.2024.'), []);
  assert.deepEqual(tu('Технические условия на вынос кабельной линии 10 кВ № 31-В от 01.02.2024.'), []);
  assert.deepEqual(tu('Технические условия выданы на основании заявки № 123 от 01.02.2024.'), []);
});

test("ТУ: a safety or dispatching system is the systems' ТУ, however much its text speaks of power supply", () => {
  assert.deepEqual(tu('Технические условия № 1524/09 от 12.09.2024 на подключение к АПК «Безопасный регион», электропитание оборудования от ВРУ 0,4 кВ.'), [
    ['comms', '1524/09', '2024-09-12'],
  ]);
  assert.deepEqual(tu('ТУ № 45-Д от 02.02.2024 на диспетчеризацию лифтов, электроснабжение шкафа диспетчеризации от ВРУ.'), [['comms', '45-Д', '2024-02-02']]);
  assert.deepEqual(tu('ТУ на электроснабжение № 7-Э от 01.03.2024.'), [['power', '7-Э', '2024-03-01']]);
});

test('ТУ: the number of an appendix or a clause the ТУ names is not its own', () => {
  assert.deepEqual(
    tu(
      'ТЕХНИЧЕСКИЕ УСЛОВИЯ для присоединения к электрическим сетям (в целях технологического присоединения энергопринимающих устройств, за исключением случаев, указанных в приложениях N 9, 10)',
    ),
    [],
  );
  assert.deepEqual(tu('Технические условия на электроснабжение согласно п. 12 Правил № 861 от 27.12.2004'), []);
});

test('ТУ: a number whose dash the text layer set apart is read whole; a number sign inside the number field is no part of it', () => {
  assert.deepEqual(tu('ТЕХНИЧЕСКИЕ УСЛОВИЯ № К0649 - 62/1 на подключение (технологическое присоединение) к сети газораспределения'), [
    ['gas', 'К0649-62/1', null],
  ]);
  assert.equal(numberKey('№ К0649-62/1'), numberKey('К0649-62/1'));
});

test('ТУ: the pronoun «ту» is no label', () => {
  assert.deepEqual(tu('Трубопровод прокладывается в ту же траншею, что и сеть водоснабжения, до колодца № 12-В от 01.02.2024.'), []);
});
