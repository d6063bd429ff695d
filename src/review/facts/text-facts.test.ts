import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findAddresses, findCadastral, findObjectNames, findTitleAddress, findYear } from './text-facts.ts';
import { collapseSpaces } from '../text/normalize.ts';

const addr = (t: string) => findAddresses(collapseSpaces(t), 1).map((a) => a.value);

test('addresses are read after their usual labels, across line breaks, up to the end of their sentence', () => {
  assert.deepEqual(addr('Объект расположен по адресу: 190133, Санкт-\nПетербург, проспект Московский, дом 21, к. 1. Земельный участок с кадастровым номером'), [
    '190133, Санкт-Петербург, проспект Московский, дом 21, к. 1',
  ]);
  assert.deepEqual(addr('Адрес (местоположение) объекта: Новосибирская область, г. Новосибирск, улица Садовая, дом 3. Проектируемый объект'), [
    'Новосибирская область, г. Новосибирск, улица Садовая, дом 3',
  ]);
  assert.deepEqual(addr('Жилой дом по адресу: г. Москва, пр-т Мира, д. 38 ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ Раздел 3'), ['г. Москва, пр-т Мира, д. 38']);
});

test('an address ends with the quoted name it stands in and before the rows of a title block, however CAD spaces them', () => {
  assert.deepEqual(
    addr(
      '«Строительство БМК на 3,5 МВт по адресу: Московская область, г.\n о. Луховицы, пос. совхоза "Орешково", ул. Центральная, д.27 (в т.ч. ПИР)» ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ',
    ),
    ['Московская область, г. о. Луховицы, пос. совхоза "Орешково", ул. Центральная, д.27'],
  );
  assert.deepEqual(
    addr(
      'по адресу : Московская область , г.о.Луховицы , пос. совхоза "Орешково ", ул.Центральная , д .27 Разработал ГИП Цыганов Козлов № док МЕС -БМК -04/24- ИОС 4.2 Наружные тепловые сети',
    ),
    ['Московская область , г.о.Луховицы , пос. совхоза "Орешково ", ул.Центральная , д .27'],
  );
  assert.deepEqual(addr('Объект: г. Москва, ул. Лесная, д. 5 Изм. Кол.уч Лист № док. Подп.'), ['г. Москва, ул. Лесная, д. 5']);
});

test('text without a street or a number is not an address', () => {
  assert.deepEqual(addr('Адрес электронной почты указан в договоре'), []);
  assert.deepEqual(addr('по адресу заказчика'), []);
});

test('object names, cadastral numbers and the year of a title page', () => {
  assert.deepEqual(
    findObjectNames('Жилой дом (позиция 2) по адресу: г. Москва, ул. Строителей, 104', 1).map((n) => n.value),
    ['Жилой дом (позиция 2)'],
  );
  assert.deepEqual(findObjectNames('Объект расположен по адресу: г. Москва', 1), []);
  assert.deepEqual(
    findCadastral('КН 77:01:0001001:1234; 77:01:12:3 и 1:2:3:4', 1).map((c) => c.value),
    ['77:01:0001001:1234'],
  );
  assert.equal(findYear('Москва, 2025 г.'), 2025);
  assert.equal(findYear('СП 50.13330.2024'), null);
  // a planned month or the end of a stage is not the document's year
  assert.equal(findYear('Москва, 2021 г.\nОкончание строительства — сентябрь 2023 г.'), 2021);
  assert.equal(findYear('Срок ввода объекта: 2024 год\nТобольск 2018'), 2018);
  assert.equal(findYear('Начальник отдела 2019 г.'), 2019);
  // a price level's year or an edition's is not the document's
  assert.equal(findYear('Приложение к договору\nСтоимость в базисных ценах 2001 г.\nТюмень, 2020 г.'), 2020);
  assert.equal(findYear('Смета в ценах 2001 г.'), null);
  // a year counted from is not the document's
  assert.equal(findYear('индексов цен для каждого года, следующего за 2000 годом, до года расчёта'), null);
  assert.equal(findYear('ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nТом 3\nКазань, 2025\n'), 2025);
  assert.equal(findYear('Том 3\n2024'), 2024);
  assert.equal(findYear('СП 50.13330.2024\nГОСТ Р 21.101-2020\nот 12.02.2021\nприказ № 2021'), null);
  // a ТУ of 2025 citing «Постановлению Правительства РФ от 04.05.2012г. №442» is not of 2012
  assert.equal(findYear('Технические условия № 01/17/12739/25\nПостановлению Правительства РФ от 04.05.2012г. №442'), null);
});

test('«Объект:» followed by a settlement is an address; followed by a name it is not', () => {
  assert.deepEqual(addr('Объект: г. Тверь, пр-т Ленина, д. 5. Конструктивная схема'), ['г. Тверь, пр-т Ленина, д. 5']);
  assert.deepEqual(addr('Объект: Многоквартирный жилой дом, г. Тверь, ул. Ленина, д. 5'), []);
  assert.deepEqual(findObjectNames('Объект: г. Тверь, пр-т Ленина, д. 5.', 3), []);
});

test('an address with a boulevard and no «г.» or «д.» is still an address', () => {
  assert.deepEqual(addr('Площадка строительства расположена по адресу: Санкт-Петербург, б-р Строителей, 55, \nкорп. 5.\n'), [
    'Санкт-Петербург, б-р Строителей, 55, корп. 5',
  ]);
});

test('the object name above «ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ» on a title page', () => {
  const page =
    'ООО «Проект»\nЗаказчик: ООО «СЗ «Север»\n\nМногоквартирный жилой дом со встроенными нежилыми\n\nпомещениями (корпус 3)\n\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 1';
  assert.deepEqual(
    findObjectNames(page, 1).map((n) => n.value),
    ['Многоквартирный жилой дом со встроенными нежилыми помещениями (корпус 3)'],
  );
  assert.deepEqual(findObjectNames('ООО «Проект»\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ', 1), []);
});

test("a quoted name whose address wraps over lines: the lines that continue it do not use up the name's three", () => {
  const page =
    'Заказчик – АО «АВТОБЫТДОР»\n\n«Строительство БМК на 3,5 МВт по адресу: Московская область, г.\nо. Луховицы, пос. совхоза "Орешково", ул. Центральная, д.27\n(в т.ч. ПИР)\n»\n\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 3';
  assert.deepEqual(
    findObjectNames(page, 1).map((n) => n.value),
    ['Строительство БМК на 3,5 МВт'],
  );
  assert.deepEqual(
    findObjectNames('Заказчик – АО «АВТОБЫТДОР\n»\n«Строительство БМК на 3,5 МВт\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ', 1).map((n) => n.value),
    ['Строительство БМК на 3,5 МВт'],
  );
  // a Word-made text layer: runs of a line on lines of their own
  assert.deepEqual(
    findObjectNames(
      'З\nака\nз\nч\nи\nк\n \n-\n \nА\nО «\nАВТОБЫТДОР\n»\n \n\n«Строительство БМК на 3,\n6\n МВт по адресу: Московская область, г. \nо. Луховицы, д.27»\n \n\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ',
      1,
    ).map((n) => n.value),
    ['Строительство БМК на 3,6 МВт'],
  );
});

test('an address of any spelling under «… по адресу:» on a title page is not taken for the object’s name', () => {
  const page =
    'ООО «Проектное бюро»\nЗаказчик: ООО «СЗ «Север»\n\nМногоквартирный 9-этажный жилой дом (позиция 2) по адресу:\n614263, Пермь, Садовническая проспект, дом 70, корпус 1\n\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 8';
  const names = findObjectNames(page, 1).map((n) => n.value);
  assert.ok(names.includes('Многоквартирный 9-этажный жилой дом (позиция 2)'), names.join(' | '));
  assert.ok(!names.some((n) => /Садовническая/.test(n)), names.join(' | '));
});

test('every name stated before «по адресу» on a page is found, far apart or on the line above', () => {
  const filler = 'Текст раздела без названий объекта.\n'.repeat(40);
  const text = `Жилой дом (позиция 1) по адресу: г. Тверь, ул. Советская, д. 12\n${filler}Детский сад на 120 мест\nпо адресу: г. Тверь, ул. Лесная, д. 3\n${filler}`;
  assert.deepEqual(
    findObjectNames(text, 5).map((n) => n.value),
    ['Жилой дом (позиция 1)', 'Детский сад на 120 мест'],
  );
});

test('an address alone on the line under the object name of a title page; not the designer’s under its own name', () => {
  const title = (head: string) => findTitleAddress(`${head}\n\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 4`, 1).map((a) => a.value);
  assert.deepEqual(title('ООО «Проект-М»\nЖилой дом\nг. Тверь, ул. Ленина, д. 5'), ['г. Тверь, ул. Ленина, д. 5']);
  assert.deepEqual(title('ООО «Проект»\n170000, г. Тверь, ул. Советская, д. 1\nМногоквартирный жилой дом\n170100, Тверская обл., г. Тверь, пр-т Ленина, 5.'), [
    '170100, Тверская обл., г. Тверь, пр-т Ленина, 5',
  ]);
  assert.deepEqual(title('ООО «Проект»\n170000, г. Тверь, ул. Советская, д. 1'), []);
  assert.deepEqual(title('Жилой дом\nг. Москва, ул. Ленина, д. 5,\nкорп. 2'), ['г. Москва, ул. Ленина, д. 5, корп. 2']);
  assert.deepEqual(title('Жилой дом\nг. Москва, ул. Ленина, д. 5\nкорпус 2'), ['г. Москва, ул. Ленина, д. 5, корпус 2']);
  assert.deepEqual(title('Жилой дом\nг. Москва, ул. Ленина, 5, к.\n2'), ['г. Москва, ул. Ленина, 5, к. 2']);
  // an address after «по адресу:» is the labelled finder's
  assert.deepEqual(title('Жилой дом по адресу: 620008,\nСвердловская область, г. Екатеринбург, проспект Победы, 64, к.\n2'), []);
  assert.deepEqual(title('Жилой дом\nг. Тверь, ул. Ленина, д. 5, тел. 8 (4822) 00-00-00'), []);
  assert.deepEqual(findTitleAddress('Жилой дом\nг. Тверь, ул. Ленина, д. 5\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ', 3), []);
});

test('an address right after the object’s quoted name is the object’s, without a label; an organisation’s is not read', () => {
  const flat =
    'Настоящей документацией рассматривается система электроснабжения объекта «Капитальный ремонт объекта капитального строительства: Центр Непрерывного Образования" Московская область, г.о. Серпухов, г. Серпухов, ул. Фирсова, д. 9 б) Обоснование принятой схемы';
  assert.deepEqual(
    findAddresses(flat, 5).map((a) => a.value),
    ['Московская область, г.о. Серпухов, г. Серпухов, ул. Фирсова, д. 9'],
  );
  assert.deepEqual(findAddresses('ООО «Проект», Московская область, г. Серпухов, ул. Ленина, д. 5, тел. 123', 1), []);
});
