import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DocModel, Page, Stamp } from './model.ts';
import { bindForeignAlbum, drawingRegister, FOREIGN_BASE, numberInParts } from './volume-parts.ts';

const stamp = (form: 3 | 5 | 6, sheet: number, sheetTitle = ''): Stamp => ({
  form,
  cipher: '24-017-КР',
  stage: 'П',
  sheet: String(sheet),
  sheets: form === 5 ? '5' : null,
  roles: [],
  docTitle: 'Конструктивные решения',
  objectName: 'Жилой дом',
  sheetTitle,
  organization: 'ООО «Проект»',
});
const page = (s: Stamp | null, text = 'текст', tags?: string[]): Page => ({
  size: s?.form === 3 ? 'A3' : 'A4',
  title: null,
  blocks: [{ t: 'p', text, ...(tags ? { tags } : {}) }],
  stamp: s,
});

/** Title page, contents (sheet 1), two text sheets citing sheet 4 and 5 (drawings), two drawings: sheet N is page N + 1. */
function model(): DocModel {
  return {
    code: 'КР',
    cipher: '24-017-КР',
    fileName: '24-017-КР.pdf',
    format: 'pdf',
    title: 'Конструктивные решения',
    pages: [
      page(null, 'ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ'),
      page(stamp(5, 1)),
      page(stamp(6, 2), 'Расчетная схема приведена на листе 4, планы — на листах 4–5.', ['ref:sheet']),
      page(stamp(6, 3), 'СП 20.13330.2016, лист 4 ничего не значит здесь'),
      page(stamp(3, 4, 'Схема фундаментов')),
      page(stamp(3, 5, 'План плиты')),
    ],
  };
}

test('numbering in parts: text sheets and drawings each from 1 with their «Листов»; the volume’s own sheet references follow', () => {
  const m = model();
  numberInParts(m);
  assert.deepEqual(
    m.pages.map((p) => p.stamp && [p.stamp.sheet, p.stamp.sheets]),
    [null, ['1', '3'], ['2', null], ['3', null], ['1', '2'], ['2', null]],
  );
  assert.equal((m.pages[2]!.blocks[0] as { text: string }).text, 'Расчетная схема приведена на листе 1, планы — на листах 1–2.');
  // only sheet references are rewritten
  assert.equal((m.pages[3]!.blocks[0] as { text: string }).text, 'СП 20.13330.2016, лист 4 ничего не значит здесь');
  drawingRegister(m);
  const table = m.pages[1]!.blocks[1];
  assert.ok(table?.t === 'table');
  assert.deepEqual(table.rows, [
    ['1', 'Схема фундаментов', ''],
    ['2', 'План плиты', ''],
  ]);
});

test('another object’s album bound at the end: its cipher and its own sheet numbers 14, 15', () => {
  const m = model();
  bindForeignAlbum(m);
  assert.equal(m.pages.length, 8);
  assert.deepEqual(
    m.pages.slice(-2).map((p) => [p.stamp!.cipher, p.stamp!.sheet, p.stamp!.form]),
    [
      [`${FOREIGN_BASE}-КЖ`, '14', 3],
      [`${FOREIGN_BASE}-КЖ`, '15', 3],
    ],
  );
});
