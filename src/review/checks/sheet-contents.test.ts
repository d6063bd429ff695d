import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, type FakePage } from '../../../test/review/facts-builder.ts';
import type { PlacedLine } from '../types.ts';
import { sameTitle, sheetContents } from './sheet-contents.ts';

const CIPHER = '24-017-П-АР';
const l = (x: number, y: number, w: number, text: string): PlacedLine => ({ x, y, w, h: 8, text });

/** A title block as the PDF reader gives it: form 6 for text sheets, form 5 for the first, form 3 with a sheet title for drawings. */
function stamp(sheet: number, title?: string, sheets?: number): PlacedLine[] {
  if (title === undefined && sheets === undefined) return [l(341, 790, 60, CIPHER), l(545, 794, 15, 'Лист'), l(550, 805, 5, String(sheet))];
  const out = [
    l(655, 704, 12, 'Изм.'),
    l(675, 704, 20, 'Кол.уч.'),
    l(652, 717, 23, 'Разраб.'),
    l(701, 717, 18, 'Белов'),
    l(652, 732, 17, 'Пров.'),
    l(701, 732, 26, 'Лебедев'),
    l(964, 679, 83, CIPHER),
    l(1045, 746, 21, 'Стадия'),
    l(1091, 746, 13, 'Лист'),
    l(1137, 746, 20, 'Листов'),
    l(1053, 766, 5, 'П'),
    l(1096, 766, 4, String(sheet)),
    l(1070, 802, 70, 'ООО «Вектор»'),
  ];
  if (sheets !== undefined) out.push(l(1140, 766, 4, String(sheets)), l(861, 770, 148, 'Архитектурные решения'));
  if (title !== undefined)
    out.push(l(840, 713, 332, 'Жилой дом по адресу: г. Тверь, ул. Лесная, д. 5'), l(861, 759, 148, 'Архитектурные решения'), l(854, 802, 162, title));
  return out;
}

function contentsPage(rows: string[][]): string {
  return ['Содержание тома', 'Обозначение', 'Наименование', 'Примечание', ...rows.flat(), 'Изм.', 'Кол.уч.'].join('\n');
}

const ROWS = [
  [`${CIPHER}.С`, 'Содержание тома', 'л. 1'],
  [CIPHER, 'Текстовая часть', 'л. 2'],
  [CIPHER, 'Графическая часть. План 1-го этажа', 'л. 4'],
  [CIPHER, 'Графическая часть. Фасад 1-10', 'л. 5'],
];

function volume(rows: string[][], drawings: string[]): ReturnType<typeof docFacts> {
  const pages: FakePage[] = [
    { text: 'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ' },
    { text: contentsPage(rows), stamp: stamp(1, undefined, 3 + drawings.length) },
    { text: 'Текст', stamp: stamp(2) },
    { text: 'Текст', stamp: stamp(3) },
    ...drawings.map((t, i) => ({ text: t, stamp: stamp(4 + i, t) })),
  ];
  return docFacts(1, `${CIPHER}.pdf`, 'АР', pages);
}

const run = (d: ReturnType<typeof docFacts>) => sheetContents.run(context([d])).findings ?? [];

test('a list that matches the sheets gives nothing, also with quotes, case and «и» in titles', () => {
  assert.deepEqual(run(volume(ROWS, ['План 1-го этажа', 'Фасад 1-10'])), []);
  assert.deepEqual(run(volume(ROWS, ['ПЛАН 1-ГО ЭТАЖА', '«Фасад в осях 1-10»'])), []);
  assert.ok(sameTitle('Планы подвала и кровли', 'План подвала, кровли'));
  assert.ok(sameTitle('План 1 эт.', 'План 1-го этажа'));
  assert.ok(!sameTitle('План 1-го этажа', 'План 2-го этажа'));
  assert.ok(!sameTitle('План кровли', 'План типового этажа (2–9 этажи)'));
});

test('a listed sheet past the last one is significant, placed on the list', () => {
  const f = run(volume([...ROWS, [CIPHER, 'Графическая часть. Разрез 1-1', 'л. 6']], ['План 1-го этажа', 'Фасад 1-10']));
  assert.equal(f.length, 1);
  assert.equal(f[0]!.importance, 'significant');
  assert.equal(f[0]!.places[0]!.page, 2);
  assert.match(f[0]!.essence, /указан лист 6/);
  assert.match(f[0]!.evidence, /Разрез 1-1/);
});

test('a drawing the list leaves out is significant, placed on the drawing', () => {
  const f = run(volume(ROWS, ['План 1-го этажа', 'Фасад 1-10', 'Разрез 1-1']));
  assert.equal(f.length, 1);
  assert.equal(f[0]!.importance, 'significant');
  assert.equal(f[0]!.places[0]!.page, 7);
  assert.match(f[0]!.essence, /Лист 6 «Разрез 1-1»/);
});

test('a drawing listed under another title is minor', () => {
  const f = run(volume(ROWS, ['План кровли', 'Фасад 1-10']));
  assert.equal(f.length, 1);
  assert.equal(f[0]!.importance, 'minor');
  assert.match(f[0]!.evidence, /План 1-го этажа/);
  assert.match(f[0]!.evidence, /План кровли/);
});

test('ranges and a «Графическая часть» entry cover their sheets', () => {
  const rows = [
    [`${CIPHER}.С`, 'Содержание тома', '1'],
    [CIPHER, 'Текстовая часть', '2-3'],
    [CIPHER, 'Графическая часть', '4'],
  ];
  assert.deepEqual(run(volume(rows, ['План 1-го этажа', 'Фасад 1-10', 'Разрез 1-1'])), []);
  const ranged = [
    [`${CIPHER}.С`, 'Содержание тома', '1'],
    [CIPHER, 'Текстовая часть — листы 2–3', ''],
    [CIPHER, 'Графическая часть. Планы', 'л. 4-5'],
  ];
  assert.deepEqual(run(volume(ranged, ['План 1-го этажа', 'План 2-го этажа'])), []);
});

test('a list numbered by pages (title page counted) is not a mismatch; an unconfident list or unnumbered sheets give nothing', () => {
  const byPage = [
    [`${CIPHER}.С`, 'Содержание тома', '2'],
    [CIPHER, 'Текстовая часть', '3'],
    [CIPHER, 'Графическая часть. План 1-го этажа', '5'],
    [CIPHER, 'Графическая часть. Фасад 1-10', '6'],
  ];
  assert.deepEqual(run(volume(byPage, ['План 1-го этажа', 'Фасад 1-10'])), []);
  const noSheets = [
    [`${CIPHER}.С`, 'Содержание тома', ''],
    [CIPHER, 'Текстовая часть', ''],
    [CIPHER, 'Графическая часть. Разрез', 'л. 9'],
  ];
  assert.deepEqual(run(volume(noSheets, ['План 1-го этажа'])), []);
  const d = volume([...ROWS, [CIPHER, 'Графическая часть. Разрез 1-1', 'л. 6']], ['План 1-го этажа', 'Фасад 1-10']);
  d.stamps = [];
  assert.deepEqual(run(d), []);
});

test('a gap inside the numbering is left to sheets.numbering_gap', () => {
  const d = volume(ROWS, ['План 1-го этажа', 'Фасад 1-10']);
  d.stamps = d.stamps.filter((s) => s.sheet !== 4);
  assert.deepEqual(run(d), []);
});

test('a missing last sheet is not taken for a list numbered by pages when the shifted list does not fit either', () => {
  const rows = [
    [`${CIPHER}.С`, 'Содержание тома', 'л. 1'],
    [CIPHER, 'Текстовая часть', 'л. 2-3'],
    [CIPHER, 'Графическая часть. Стройгенплан', 'л. 4'],
  ];
  const f = run(volume(rows, []));
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /указан лист 4/);
});

test('numbers shifted after a gap in the title blocks are left to sheets.numbering_gap', () => {
  const d = volume(ROWS, ['План 1-го этажа', 'Фасад 1-10', 'Разрез 1-1']);
  for (const s of d.stamps) if (s.sheet !== null && s.sheet >= 4) s.sheet += 1;
  assert.deepEqual(run(d), []);
});

/** A volume numbering its text part and its graphic part each from 1, with a drawing register on its first sheet. */
function twoNumberings(register: [number, string][], drawings: string[]): ReturnType<typeof docFacts> {
  const list = ['Ведомость чертежей основного комплекта', 'Лист', 'Наименование', 'Примечание', ...register.flatMap(([n, t]) => [String(n), t]), 'Изм.'];
  return docFacts(1, `${CIPHER}.pdf`, 'АР', [
    { text: 'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ' },
    { text: list.join('\n'), stamp: stamp(1, undefined, 3) },
    { text: 'Текст', stamp: stamp(2) },
    { text: 'Текст', stamp: stamp(3) },
    ...drawings.map((t, i) => ({ text: t, stamp: stamp(1 + i, t) })),
  ]);
}

test('drawings listed in the volume’s contents that are not in the volume: one finding on the list naming them all', () => {
  const register: [number, string][] = [
    [1, 'План 1-го этажа'],
    [2, 'Фасад 1-10'],
    [3, 'Разрез 1-1'],
    [4, 'План кровли'],
  ];
  const f = run(twoNumberings(register, ['План 1-го этажа', 'Фасад 1-10']));
  assert.equal(f.length, 1);
  assert.equal(f[0]!.importance, 'significant');
  assert.equal(
    f[0]!.essence,
    `В «Ведомость чертежей основного комплекта» документа «${CIPHER}.pdf» указаны листы 3, 4, которых в документе нет (последний лист графической части по основным надписям — 2).`,
  );
  assert.match(f[0]!.evidence, /Разрез 1-1[\s\S]*План кровли/);
  assert.deepEqual(
    f[0]!.places.map((p) => p.page),
    [2],
  );
});

test('a volume with text and graphic parts each from 1 is judged against its graphic part: a matching register gives nothing', () => {
  const register: [number, string][] = [
    [1, 'План 1-го этажа'],
    [2, 'Фасад 1-10'],
  ];
  assert.deepEqual(run(twoNumberings(register, ['План 1-го этажа', 'Фасад 1-10'])), []);
  // a drawing of the graphic part the register leaves out is still told
  const f = run(twoNumberings(register, ['План 1-го этажа', 'Фасад 1-10', 'Разрез 1-1']));
  assert.deepEqual(
    f.map((x) => x.essence),
    [`Лист 3 «Разрез 1-1» документа «${CIPHER}.pdf» не указан в «Ведомость чертежей основного комплекта».`],
  );
});
