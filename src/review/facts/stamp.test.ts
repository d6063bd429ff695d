import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stampLines } from '../../../test/review/facts-builder.ts';
import { parseStamp, StampReader } from './stamp.ts';

const roles = { 'Разраб.': 'Иванов', 'Пров.': 'Петров', ГИП: 'Сидоров', 'Н. контр.': 'Кузнецова' };

test('sheet, sheet count, cipher and filled roles are read from a form-3 title block', () => {
  const s = parseStamp(stampLines({ cipher: '24-017-КР', sheet: 3, sheets: 12, roles }), 4);
  assert.equal(s.sheet, 3);
  assert.equal(s.sheets, 12);
  assert.equal(s.cipher, '24-017-КР');
  assert.equal(s.hasRoleRows, true);
  assert.deepEqual(s.roles, { 'Разраб.': 'filled', 'Пров.': 'filled', 'Н. контр.': 'filled', ГИП: 'filled' });
});

test('a role printed without a surname is empty, a role not printed is absent', () => {
  const s = parseStamp(stampLines({ cipher: '24-017-КР', sheet: 1, roles: { 'Разраб.': 'Иванов', 'Пров.': '', ГИП: 'Сидоров' } }), 1);
  assert.equal(s.roles['Пров.'], 'empty');
  assert.equal(s.roles['Н. контр.'], 'absent');
  assert.equal(s.sheets, null);
});

test('the «Лист» column of the table of changes is not the sheet number; inline «Лист 5» is', () => {
  const lines = stampLines({ cipher: '24-017-АР' }).filter((l) => !['Стадия', 'Лист', 'Листов', 'П'].includes(l.text) || l.y === 700);
  lines.push({ x: 110, y: 712, w: 5, h: 8, text: '2' }); // a changed sheet listed under the changes header
  assert.equal(parseStamp(lines, 1).sheet, null);
  assert.equal(parseStamp([{ x: 540, y: 800, w: 30, h: 8, text: 'Лист 5' }], 1).sheet, 5);
});

test('a page without a title block has no roles', () => {
  const s = parseStamp([{ x: 400, y: 800, w: 60, h: 8, text: 'Формат А4' }], 1);
  assert.equal(s.hasRoleRows, false);
  assert.equal(s.sheet, null);
});

test('a single signature line near a form-6 stamp is not a signature block', () => {
  const lines = [
    { x: 71, y: 363, w: 300, h: 8, text: 'Главный инженер проекта ____________ Я.Е. Козлова' },
    { x: 341, y: 390, w: 60, h: 11, text: '7746-25-П-ПЗ' },
    { x: 545, y: 394, w: 15, h: 6, text: 'Лист' },
    { x: 550, y: 405, w: 5, h: 8, text: '4' },
  ];
  const s = parseStamp(lines, 5);
  assert.equal(s.hasRoleRows, false);
  assert.equal(s.sheet, 4);
  // «Лист» without signature rows, «Стадия» or «Листов»: the small block of a text document's next sheets
  assert.equal(s.form, 6);
});

test('role labels wrapped in a narrow cell or run into the surname are recognised', () => {
  const lines = [
    { x: 58, y: 760, w: 25, h: 7, text: 'РазработалКовалев' },
    { x: 58, y: 775, w: 20, h: 7, text: 'Проверил' },
    { x: 106, y: 775, w: 30, h: 7, text: 'Козлова' },
    { x: 58, y: 803, w: 12, h: 7, text: 'ГИП' },
    { x: 106, y: 803, w: 30, h: 7, text: 'Иванов' },
    { x: 58, y: 814, w: 40, h: 7, text: 'Нормоконтро' },
    { x: 58, y: 821, w: 8, h: 7, text: 'ль' },
    { x: 106, y: 817, w: 30, h: 7, text: 'Макаров' },
  ];
  assert.deepEqual(parseStamp(lines, 1).roles, { 'Разраб.': 'filled', 'Пров.': 'filled', 'Н. контр.': 'filled', ГИП: 'filled' });
});

test('one reader over a document: each sheet keeps its own number, a changed block is read afresh', () => {
  const reader = new StampReader();
  const first = reader.read(stampLines({ cipher: '24-017-КР', sheet: 1, sheets: 12, roles }), 1);
  const second = reader.read(stampLines({ cipher: '24-017-КР', sheet: 2, roles }), 2);
  assert.deepEqual([first.sheet, first.sheets, second.sheet, second.sheets], [1, 12, 2, null]);
  assert.equal(second.roles.ГИП, 'filled');
  // a sheet whose block lost its checker's name and has another cipher
  const third = reader.read(stampLines({ cipher: '24-017-АР', sheet: 3, roles: { ...roles, 'Пров.': '' } }), 3);
  assert.deepEqual([third.sheet, third.cipher, third.roles['Пров.']], [3, '24-017-АР', 'empty']);
  // and back: what is read does not depend on the sheets before
  const fourth = reader.read(stampLines({ cipher: '24-017-КР', sheet: 4, roles }), 4);
  assert.deepEqual(fourth, parseStamp(stampLines({ cipher: '24-017-КР', sheet: 4, roles }), 4));
  // facts of one sheet are its own: changing them does not change another sheet's
  second.roles.ГИП = 'absent';
  assert.equal(reader.read(stampLines({ cipher: '24-017-КР', sheet: 5, roles }), 5).roles.ГИП, 'filled');
});

test('a long label that runs under the surname of the next column still has its surname', () => {
  const lines = [
    { x: 58, y: 760, w: 36, h: 7, text: 'Разработал' },
    { x: 84, y: 760, w: 20, h: 7, text: 'Ким' },
    { x: 58, y: 775, w: 48, h: 7, text: 'Нормоконтроль' },
    { x: 84, y: 775, w: 20, h: 7, text: 'Пак' },
    { x: 58, y: 790, w: 12, h: 7, text: 'ГИП' },
    { x: 58, y: 805, w: 30, h: 7, text: 'Проверил' },
  ];
  // «ГИП» and «Проверил» have nothing beside them: empty; a signature date is not a surname
  lines.push({ x: 150, y: 805, w: 20, h: 7, text: '03.25' });
  assert.deepEqual(parseStamp(lines, 1).roles, { 'Разраб.': 'filled', 'Пров.': 'empty', 'Н. контр.': 'filled', ГИП: 'empty' });
});

test('the form «Разрешение на внесение изменений» bound into a volume is told apart from a sheet stamp', () => {
  const l = (text: string, x: number, y: number) => ({ x, y, w: text.length * 4, h: 11, text });
  const permission = [
    l('Изм. внес', 58, 764),
    l('Алексеева', 114, 766),
    l('Составил', 58, 779),
    l('Алексеева', 114, 780),
    l('ГИП', 58, 793),
    l('Якубовский', 114, 794),
    l('Утв.', 58, 807),
    l('Лист', 515, 772),
    l('Листов', 545, 772),
    l('1', 523, 798),
    l('2', 558, 798),
  ];
  assert.equal(parseStamp(permission, 3).changePermission, true);
  assert.equal(parseStamp(stampLines({ cipher: '24-017-КР', sheet: 1, roles }), 1).changePermission, false);
});

/** Lines as the PDF reader gives them: x, y, w, h, text. */
const placed = (rows: [number, number, number, number, string][]) => rows.map(([x, y, w, h, text]) => ({ x, y, w, h, text }));

test('the sheet title of a drawing (form 3) is read from the cell below «Стадия | Лист | Листов»', () => {
  const a3 = placed([
    [655, 704, 12, 6, 'Изм.'],
    [675, 704, 20, 6, 'Кол.уч.'],
    [707, 704, 13, 6, 'Лист'],
    [732, 704, 19, 6, '№ док.'],
    [652, 717, 23, 6, 'Разраб.'],
    [701, 717, 18, 6, 'Белов'],
    [805, 718, 15, 6, '08.25'],
    [652, 732, 17, 6, 'Пров.'],
    [701, 732, 26, 6, 'Лебедев'],
    [805, 732, 15, 6, '08.25'],
    [652, 760, 12, 6, 'ГИП'],
    [701, 760, 19, 6, 'Орлов'],
    [805, 760, 15, 6, '08.25'],
    [964, 679, 83, 12, '1204-25-П-КР1'],
    [840, 713, 332, 8, 'Многоквартирный жилой дом с подземной автостоянкой по адресу: г. Санкт-Петербург,'],
    [969, 721, 72, 8, 'б-р Кленовый, д. 45'],
    [861, 759, 148, 8, 'Конструктивные решения. Фундаменты'],
    [1045, 746, 21, 6, 'Стадия'],
    [1091, 746, 13, 6, 'Лист'],
    [1137, 746, 20, 6, 'Листов'],
    [1053, 766, 5, 8, 'П'],
    [1096, 766, 4, 8, '4'],
    [854, 802, 162, 8, 'Схема расположения'],
    [870, 812, 100, 8, 'фундаментной плиты'],
    [1070, 802, 70, 8, 'ООО «ПБ «Вектор»'],
  ]);
  const s = parseStamp(a3, 5);
  assert.equal(s.sheet, 4);
  assert.equal(s.sheetTitle, 'Схема расположения фундаментной плиты');
  assert.equal(s.form, 3);
});

test('a cipher a CAD program wrote in spaced pieces is read, and the labels under the frame are not the sheet title', () => {
  // an A2 drawing of a heating-network book, its cell «МЕС -БМК -04/24– ИОС 4.2» as the text layer gives it
  const a2 = placed([
    [1415, 1028, 166, 18, 'МЕС -БМК -04/24– ИОС 4.2'],
    [1345, 1060, 307, 9, 'Строительство БМК на 3,5 МВт по адресу: Московская область, г.о. Луховицы'],
    [1151, 1081, 16, 9, 'Изм .'],
    [1207, 1081, 17, 9, 'Лист'],
    [1149, 1094, 39, 9, 'Разработал'],
    [1206, 1094, 28, 9, 'Цыганов'],
    [1536, 1095, 24, 9, 'Стадия'],
    [1582, 1095, 17, 9, 'Лист'],
    [1628, 1095, 24, 9, 'Листов'],
    [1395, 1108, 59, 9, 'Наружные тепловые сети'],
    [1149, 1109, 13, 9, 'ГИП'],
    [1205, 1109, 23, 9, 'Козлов'],
    [1545, 1116, 6, 9, 'П'],
    [1588, 1116, 5, 9, '2'],
    [1551, 1146, 94, 18, 'Мосевросервис'],
    [1364, 1150, 127, 9, 'План трассы. Часть 1'],
    [1357, 1179, 61, 11, 'Копировал'],
    [1556, 1179, 61, 11, 'Формат A2'],
  ]);
  const s = parseStamp(a2, 12);
  assert.equal(s.cipher, 'МЕС-БМК-04/24-ИОС4.2');
  assert.equal(s.sheet, 2);
  assert.equal(s.form, 3);
  assert.equal(s.sheetTitle, 'План трассы. Часть 1');
  // prose keeps its spaces: a sentence with a hyphenated word is no cipher
  const prose = parseStamp(placed([[100, 100, 200, 9, 'Узел 2 - см. лист 5 КЖ - 1']]), 1);
  assert.equal(prose.cipher, null);
});

test("a text volume's first sheet (form 5) has no sheet title: its document title stands in that place", () => {
  const form5 = placed([
    [60, 746, 12, 6, 'Изм.'],
    [80, 746, 20, 6, 'Кол.уч.'],
    [112, 746, 13, 6, 'Лист'],
    [57, 760, 23, 6, 'Разраб.'],
    [105, 760, 18, 6, 'Белов'],
    [210, 760, 15, 6, '08.25'],
    [57, 774, 17, 6, 'Пров.'],
    [105, 774, 26, 6, 'Лебедев'],
    [210, 774, 15, 6, '08.25'],
    [369, 729, 83, 12, '1204-25-П-КР1'],
    [260, 787, 159, 8, 'Конструктивные решения. Фундаменты'],
    [450, 760, 21, 6, 'Стадия'],
    [496, 760, 13, 6, 'Лист'],
    [542, 760, 20, 6, 'Листов'],
    [458, 774, 5, 8, 'П'],
    [500, 774, 4, 8, '1'],
    [550, 774, 4, 8, '5'],
    [475, 802, 70, 8, 'ООО «ПБ «Вектор»'],
  ]);
  const s = parseStamp(form5, 2);
  assert.equal(s.sheet, 1);
  assert.equal(s.sheetTitle, undefined);
  assert.equal(s.form, 5);
});

test('the «Лист» column head of a drawing register just above a Word stamp is not the sheet number', () => {
  const lines = placed([
    [76, 112, 22, 9, 'Лист'],
    [136, 112, 71, 9, 'Наименование'],
    [473, 112, 61, 9, 'Примечание'],
    [76, 125, 5, 9, '3'],
    [136, 125, 151, 9, 'Строительный генеральный план'],
    [68, 164, 14, 6, 'Изм.'],
    [129, 164, 22, 6, 'Кол.уч.'],
    [198, 164, 15, 6, 'Лист'],
    [458, 159, 86, 12, '7412-24-П-ПОС'],
    [55, 176, 23, 6, 'Разраб.'],
    [107, 176, 25, 6, 'Егорова'],
    [433, 176, 22, 6, 'Стадия'],
    [480, 176, 15, 6, 'Лист'],
    [527, 176, 22, 6, 'Листов'],
    [58, 189, 17, 6, 'Пров.'],
    [110, 189, 19, 6, 'Попов'],
    [441, 188, 5, 8, 'П'],
    [485, 188, 4, 8, '1'],
    [536, 188, 4, 8, '3'],
  ]);
  const s = parseStamp(lines, 2);
  assert.equal(s.sheet, 1);
  assert.equal(s.sheets, 3);
});

test('the stage under «Стадия» and the dates of the signature rows are read', () => {
  const s = parseStamp(stampLines({ cipher: '24-017-АР', sheet: 1, roles, stage: 'Р', date: '05.24' }), 1);
  assert.equal(s.stage, 'Р');
  assert.deepEqual(s.dates, ['05.24', '05.24', '05.24', '05.24']);
  assert.equal(parseStamp(stampLines({ cipher: '24-017-АР', stage: 'РД' }), 1).stage, 'РД');
  // inline, and a merged «Стадия Лист Листов» cell over «П 5 12»
  assert.equal(parseStamp([{ x: 430, y: 720, w: 40, h: 8, text: 'Стадия П' }], 1).stage, 'П');
  const merged = parseStamp(
    [
      { x: 430, y: 720, w: 80, h: 8, text: 'Стадия Лист Листов' },
      { x: 432, y: 733, w: 60, h: 8, text: 'РП 5 12' },
    ],
    1,
  );
  assert.deepEqual([merged.stage, merged.sheet, merged.sheets], ['РП', 5, 12]);
  // a Latin «P» typed for the Cyrillic letter is the same stage
  assert.equal(parseStamp(stampLines({ cipher: '24-017-АР', stage: 'P' }), 1).stage, 'Р');
  assert.equal(parseStamp([{ x: 400, y: 800, w: 60, h: 8, text: 'Формат А4' }], 1).stage, null);
});

test('an inserted sheet «5.1» is read as sheet 5, part 1, under its label or written after it', () => {
  const s = parseStamp(stampLines({ cipher: '57/19-ПС-АР3', sheet: '5.1', roles }), 9);
  assert.equal(s.sheet, 5);
  assert.equal(s.sheetInsert, 1);
  const inline = parseStamp(
    placed([
      [300, 680, 60, 8, '57/19-ПС-АР3'],
      [470, 720, 30, 6, 'Лист 12.2'],
    ]),
    3,
  );
  assert.deepEqual([inline.sheet, inline.sheetInsert], [12, 2]);
  const plain = parseStamp(stampLines({ cipher: '57/19-ПС-АР3', sheet: 6, roles }), 10);
  assert.deepEqual([plain.sheet, plain.sheetInsert], [6, undefined]);
});

test('role labels of other forms: «Исполнил» is the developer, «Н.контроль» and the cut-off «Н.контрол» are normocontrol, «Провер.» the checker', () => {
  const s = parseStamp(
    stampLines({ cipher: '24-017-ИОС4', sheet: 1, roles: { Исполнил: 'Чаплина', 'Провер.': 'Орлов', 'Н.контрол': 'Лаврентьева', ГИП: 'Козлов' } }),
    1,
  );
  assert.deepEqual(s.roles, { 'Разраб.': 'filled', 'Пров.': 'filled', 'Н. контр.': 'filled', ГИП: 'filled' });
  const t = parseStamp(stampLines({ cipher: '24-017-ИОС4', sheet: 1, roles: { Разработал: 'Цыганов', 'Н.контроль': 'Козлов', ГИП: 'Козлов' } }), 1);
  assert.equal(t.roles['Н. контр.'], 'filled');
  // a survey report's performer signs by trade: «Геодезист», «Гидролог» are the developer's row
  for (const trade of ['Геодезист', 'Гидролог', 'Геолог']) {
    const r = parseStamp(stampLines({ cipher: '820.17-ИИ', sheet: 2, roles: { [trade]: 'Евдокимов', 'Нач.отд.': 'Кислухин', 'Н.Контр': 'Хагай' } }), 1);
    assert.equal(r.roles['Разраб.'], 'filled', trade);
  }
});

test('a cipher printed with an en dash before its mark is read as the cipher', () => {
  const s = parseStamp(stampLines({ cipher: 'МЕС-БМК-04/24\u2013ИОС4.2.ПЗ', sheet: 2 }), 4);
  assert.equal(s.cipher, 'МЕС-БМК-04/24-ИОС4.2.ПЗ');
  assert.equal(s.sheet, 2);
});

test('without a «Лист» label (drawn as lines, recognised badly) the cells right of the stage under «Стадия» give sheet and count', () => {
  const lines = stampLines({ cipher: '24-017-ИОС2', sheet: 2, sheets: 8, roles }).filter((l) => l.text !== 'Лист' || l.y !== 720);
  lines.push({ x: 470, y: 720, w: 14, h: 8, text: '/lucm' });
  const s = parseStamp(lines, 1);
  assert.deepEqual([s.stage, s.sheet, s.sheets], ['П', 2, 8]);
  // with no stage under «Стадия» the row is nobody's: no number is guessed
  const noStage = lines.filter((l) => l.text !== 'П');
  assert.equal(parseStamp(noStage, 1).sheet, null);
});
