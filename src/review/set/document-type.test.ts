import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { typeOfDocument } from './document-type.ts';

const roles = { 'Разраб.': 'Иванов', 'Пров.': 'Петров', ГИП: 'Сидоров' };
const typeOf = (name: string, head: string[], kind: string | null = null, stamp?: Parameters<typeof stampLines>[0]) => {
  const d = docFacts(1, name, kind, [head.join('\n'), ...(stamp ? [{ text: 'Текстовая часть', stamp: stampLines(stamp) }] : [])]);
  const t = typeOfDocument(d);
  return [t.type, t.code, t.stage];
};

test('a 2018 volume «Раздел 10.1 … энергетической эффективности» (025.18-ЭЭ, Том 21) is the old section ЭЭ', () => {
  const head = [
    'ООО «Проектстрой»',
    'Многоквартирный жилой дом',
    'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ',
    'Раздел 10.1 «Мероприятия по обеспечению соблюдения требований энергетической эффективности и требований оснащенности зданий, строений и сооружений приборами учета используемых энергетических ресурсов»',
    '025.18-ЭЭ',
    'Том 21',
    'Москва',
    '2018',
  ];
  assert.deepEqual(typeOf('Том 21.pdf', head), ['pd_section', 'ЭЭ', 'П']);
});

test('a РД volume of марка АР with «Ведомость основных комплектов рабочих чертежей» is rd_mark АР, stage Р', () => {
  const head = [
    'ООО «Проектстрой»',
    'Жилой дом',
    'РАБОЧАЯ ДОКУМЕНТАЦИЯ',
    'Архитектурные решения',
    '24-017-АР',
    '2024',
    'Ведомость основных комплектов рабочих чертежей',
    'Обозначение Наименование',
    '24-017-АР Архитектурные решения',
    '24-017-КЖ Конструкции железобетонные',
  ];
  assert.deepEqual(typeOf('24-017-АР.pdf', head, 'АР'), ['rd_mark', 'АР', 'Р']);
  // without a title line the stamps' «Стадия Р» decide
  assert.deepEqual(typeOf('24-017-КЖ.pdf', ['Общие данные'], null, { cipher: '24-017-КЖ', roles, stage: 'Р' }), ['rd_mark', 'КЖ', 'Р']);
});

test('a survey report title page is a survey with its kind, not the explanatory note', () => {
  const head = [
    'ООО «ГеоИзыскания»',
    'Многоквартирный жилой дом',
    'ТЕХНИЧЕСКИЙ ОТЧЕТ',
    'по результатам инженерно-геологических изысканий',
    'для подготовки проектной документации',
    'Пояснительная записка',
    '24-017-ИГИ',
    'Том 2',
    '2024',
  ];
  assert.deepEqual(typeOf('24-017-ИГИ.pdf', head, 'ПЗ'), ['survey', 'ИГИ', null]);
  assert.deepEqual(typeOf('ИГДИ_отчет.pdf', ['Технический отчет по результатам инженерно-геодезических изысканий']), ['survey', 'ИГДИ', null]);
});

test('the programme and the assignment of a survey come before its report and are not one', () => {
  // as real title pages print them: the programme's title split over lines, the assignment an appendix of the programme
  const programme = ['«УТВЕРЖДАЮ» «СОГЛАСОВАНО»', 'Программа работ', 'на выполнение инженерно-экологических изысканий', 'по объекту:'];
  assert.deepEqual(typeOf('76-09-2024.pdf', programme), ['survey_task', 'ИЭИ', null]);
  assert.deepEqual(typeOf('819-П.pdf', ['ООО «Инженерные изыскания»', 'ПРОГРАММА', 'ИНЖЕНЕРНО-ГЕОДЕЗИЧЕСКИХ ИЗЫСКАНИЙ', '819-ИГДИ-П']), [
    'survey_task',
    'ИГДИ',
    null,
  ]);
  assert.deepEqual(typeOf('ТЗ ИГМИ (2).pdf', ['76-092024АЗ-ИГМИ', 'Лист 1', 'Приложение А - Техническое задание']), ['survey_task', 'ИГМИ', null]);
  assert.deepEqual(typeOf('Программа ИГДИ.pdf', ['ООО «Изыскатель»']), ['survey_task', 'ИГДИ', null]);
  // a connection contract holds its ТУ: it is taken for them, an act of transfer is not
  const contract = ['ДОГОВОР № 06/1153-К0649-25', 'о подключении (технологическом присоединении)', 'газоиспользующего оборудования'];
  assert.deepEqual(typeOf('ТУ № К0649-621.pdf', contract), ['tech_conditions', null, null]);
  assert.deepEqual(typeOf('Акт.pdf', ['АКТ ПРИЕМА-ПЕРЕДАЧИ', 'проектной документации']), ['act', null, null]);
  // the combined assignment for surveys and design is the design assignment
  const combined = ['СОГЛАСОВАНО:', 'Задание на выполнение инженерных изысканий и (или) проектирование', 'Выполнение работ'];
  assert.deepEqual(typeOf('Задание 29.12.2025.pdf', combined), ['design_task', null, null]);
  // a report that names its programme in the file name is still the report
  assert.deepEqual(typeOf('ИГДИ отчёт по программе.pdf', ['ТЕХНИЧЕСКИЙ ОТЧЕТ', 'по результатам инженерно-геодезических изысканий']), ['survey', 'ИГДИ', null]);
});

test('estimates: ЛСР, ССР and the estimate explanatory note are estimates; «Раздел 12. Смета» of ПД is a section', () => {
  assert.deepEqual(typeOf('02-01-01.pdf', ['СОГЛАСОВАНО УТВЕРЖДАЮ', 'ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ (СМЕТА) № 02-01-01', 'на общестроительные работы'], 'ПЗ'), [
    'estimate',
    'ЛСР',
    null,
  ]);
  assert.deepEqual(typeOf('ССР.pdf', ['Сводный сметный расчет стоимости строительства']), ['estimate', 'ССР', null]);
  assert.deepEqual(typeOf('ПЗ к смете.pdf', ['Пояснительная записка к сметной документации'], 'ПЗ'), ['estimate', 'ПЗ СМ', null]);
  assert.deepEqual(typeOf('24-017-СМ.pdf', ['ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ', 'Раздел 12. Смета на строительство', '24-017-СМ', 'Сводный сметный расчет']), [
    'pd_section',
    'СМ',
    'П',
  ]);
});

test('a ГПЗУ, ТУ, a design task, an ИУЛ and a letter are typed as such, never as sections', () => {
  assert.deepEqual(typeOf('doc1.pdf', ['ГРАДОСТРОИТЕЛЬНЫЙ ПЛАН ЗЕМЕЛЬНОГО УЧАСТКА', '№ РФ-77-4-53-3-05-2021-0123', 'Дата выдачи 12.03.2021'], 'ПЗУ'), [
    'gpzu',
    null,
    null,
  ]);
  assert.deepEqual(typeOf('ТУ водоканал.pdf', ['Технические условия подключения (технологического присоединения) к централизованной системе водоснабжения']), [
    'tech_conditions',
    null,
    null,
  ]);
  assert.deepEqual(typeOf('Задание на проектирование.pdf', ['Утверждаю', 'ЗАДАНИЕ НА ПРОЕКТИРОВАНИЕ', 'объекта капитального строительства']), [
    'design_task',
    null,
    null,
  ]);
  assert.deepEqual(typeOf('24-017-АР-УЛ.pdf', ['Информационно-удостоверяющий лист', '24-017-АР', 'Разработал Иванов'], 'АР'), ['iul', null, null]);
  assert.deepEqual(typeOf('Письмо.pdf', ['Исх. № 125 от 10.04.2024', 'Уважаемый Иван Петрович!']), ['letter', null, null]);
});

test('an act of transfer listing the volumes and the survey reports is neither: an act', () => {
  const act = [
    'АКТ ПРИЕМА-ПЕРЕДАЧИ проектной документации',
    'Технический отчет по результатам инженерно-геодезических изысканий',
    'МКД-01',
    '09-2024-ПИР-ИОС4.1',
  ];
  assert.deepEqual(typeOf('Акт приема-передачи ПД (2).pdf', act), ['act', null, null]);
  assert.deepEqual(typeOf('Документ.pdf', act), ['act', null, null]);
  // a survey report that speaks of the act of its acceptance is still the report
  assert.deepEqual(typeOf('ИГДИ.pdf', ['ТЕХНИЧЕСКИЙ ОТЧЕТ по результатам инженерно-геодезических изысканий', 'Приложение: акт приемки работ'])[0], 'survey');
});

test('a ГПЗУ whose PDF places every word of its title on a line of its own is still a ГПЗУ', () => {
  assert.deepEqual(typeOf('GPZU_sample.pdf', ['ГРАДОСТРОИТЕЛЬНЫЙ\n \nПЛАН\n \nЗЕМЕЛЬНОГО\n \nУЧАСТКА', '№\n \nРФ-50-3-12-0-00-2022-0456']), [
    'gpzu',
    null,
    null,
  ]);
});

test('a ПД volume keeps its section; a mention of working documentation in its text changes nothing', () => {
  const head = [
    'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ',
    'Раздел 7. Проект организации строительства',
    '24-017-ПОС',
    'Рабочая документация разрабатывается на основании настоящего раздела. На стадии РД предусмотреть временное ограждение.',
  ];
  assert.deepEqual(typeOf('24-017-ПОС.pdf', head, 'ПОС'), ['pd_section', 'ПОС', 'П']);
  // old codes: ПОД, ИОС7
  assert.deepEqual(
    typeOf('25-ПОД.pdf', [
      'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ',
      'Раздел 7. Проект организации работ по сносу или демонтажу объектов капитального строительства',
      '031-17-ПОД',
    ]),
    ['pd_section', 'ПОД', 'П'],
  );
  assert.deepEqual(typeOf('031-17-ИОС7.pdf', ['ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ', 'Подраздел 7. Технологические решения', '031-17-ИОС7']), ['pd_section', 'ИОС7', 'П']);
});

test('an ИУЛ whose title breaks at the hyphen, named «…-УЛ» after its volume, is an ИУЛ, not a volume of the section', () => {
  const head = ['Информационно\n-\nудостоверяющий лист', 'Номер п/п', 'Обозначение документа', 'Раздел ПД №5 Подраздел ПД№3 ИОС3'];
  assert.deepEqual(typeOf('Раздел ПД №5 Подраздел ПД№ 3 ИОС3-УЛ.pdf', head, 'ИОС3'), ['iul', null, null]);
  assert.deepEqual(typeOf('Раздел ПД №5 Подраздел ПД№ 3 ИОС3-УЛ.pdf', ['Контрольная сумма', 'CRC32 9313AA80'], 'ИОС3'), ['iul', null, null]);
});

test('documents that are not volumes have a type of their own: answers, applications, ТЭП, contracts and schedules, extracts', () => {
  const answers = ['ООО «Проект»', 'Ответы на замечания', 'по разделу 8 «Охрана окружающей среды»', 'Замечание 1. …'];
  assert.deepEqual(typeOf('Ответы ООС.pdf', answers), ['answers', null, null]);
  assert.deepEqual(typeOf('исх. 420-19, ответы на зам-я к ИИ.pdf', ['Исх. № 420/19 от 07.06.2019']), ['answers', null, null]);
  assert.deepEqual(typeOf('Заявление.pdf', ['В ГАУ «Госэкспертиза»', 'ЗАЯВЛЕНИЕ', 'о проведении государственной экспертизы']), ['application', null, null]);
  assert.deepEqual(typeOf('Опросный лист.pdf', ['ОПРОСНЫЙ ЛИСТ', 'на проектирование очистных сооружений']), ['application', null, null]);
  assert.deepEqual(typeOf('ТЭП.docx', ['Технико-экономические показатели', 'Площадь участка 10 600 м²']), ['tep', null, null]);
  assert.deepEqual(typeOf('Приложение 2.pdf', ['Календарный план', 'выполнения работ по договору № 15']), ['contract', null, null]);
  assert.deepEqual(typeOf('Выписка.pdf', ['Выписка из Единого государственного реестра недвижимости', 'об объекте недвижимости']), ['extract', null, null]);
});

test('a file of answers to remarks is the answers, whatever titles of the documents it answers about its table quotes', () => {
  const letter = [
    'Общество с ограниченной ответственностью «Проектная мастерская»',
    '№163 от 11 октября 2018 г.',
    'Направляем Вам ответы на замечания проверки достоверности определения сметной стоимости объекта',
    'Замечания, вопросы. Ответы',
    'Сводный',
    'сметный расчет стоимости строительства. Откорректированный сводный сметный расчет согласовать заказчиком',
  ];
  assert.deepEqual(typeOf('Ответы на замечания_11.10.2018.pdf', letter), ['answers', null, null]);
  assert.deepEqual(typeOf('ССР.pdf', letter.slice(3)), ['estimate', 'ССР', null]);
});

test('a workbook is a volume of ПД only when its title says so; a section guessed from its words is a calculation’s subject', () => {
  const quantities = docFacts(1, 'fasad-zdaniya.xlsx', 'АР', ['Пушкино. Здание ОПУ. Ввод данных\nРазмер здания\nH (высота лицевой стороны фасада), м'], {
    format: 'xlsx',
  });
  assert.equal(typeOfDocument(quantities).type, 'other');
  const volume = docFacts(1, 'Раздел 3 АР.xlsx', 'АР', ['ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 3. Объемно-планировочные и архитектурные решения\n24-017-АР'], {
    format: 'xlsx',
  });
  assert.deepEqual([typeOfDocument(volume).type, typeOfDocument(volume).code], ['pd_section', 'АР']);
  // the same words in a PDF keep the section its name gives
  assert.equal(typeOfDocument(docFacts(1, 'fasad-zdaniya.pdf', 'АР', ['Фасады здания'])).type, 'pd_section');
});
