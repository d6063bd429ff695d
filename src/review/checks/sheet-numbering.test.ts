import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { sheetNumbering } from './sheet-numbering.ts';

const s = (n: number, sheets?: number, cipher = '24-017-АР') => ({ text: 'план', stamp: stampLines({ cipher, sheet: n, ...(sheets ? { sheets } : {}) }) });

test('a gap, a repeated sheet and a wrong «Листов» are reported', () => {
  const gap = docFacts(1, 'ar.pdf', 'АР', [s(1, 4), s(2), s(4), s(5)]);
  const f1 = sheetNumbering.run(context([gap])).findings!;
  assert.equal(f1.length, 1);
  assert.match(f1[0]!.essence, /пропущены лист\(ы\) 3/);
  const dup = docFacts(1, 'ar.pdf', 'АР', [s(1, 3), s(2), s(2)]);
  assert.match(sheetNumbering.run(context([dup])).findings![0]!.essence, /номер листа 2 повторяется/);
  const count = docFacts(1, 'ar.pdf', 'АР', [s(1, 9), s(2), s(3)]);
  assert.match(sheetNumbering.run(context([count])).findings![0]!.essence, /Листов 9/);
});

test('continuous numbering, a title page without a stamp and separately numbered parts are fine', () => {
  const ok = docFacts(1, 'ar.pdf', 'АР', ['Титульный лист', s(1, 3), s(2), s(3)]);
  assert.deepEqual(sheetNumbering.run(context([ok])).findings, []);
  const parts = docFacts(1, 'kr.pdf', 'КР', [s(1, 2, '24-017-КР.ТЧ'), s(2, undefined, '24-017-КР.ТЧ'), s(1, 2, '24-017-КР'), s(2, undefined, '24-017-КР')]);
  assert.deepEqual(sheetNumbering.run(context([parts])).findings, []);
});

test('a single sheet with a mistyped cipher keeps its place in the numbering', () => {
  const d = docFacts(1, 'ios.pdf', 'ИОС1', [s(1, 4, '24-081-ИОС1'), s(2, undefined, '24-801-ИОС1'), s(3, undefined, '24-081-ИОС1'), s(4, undefined, '24-081-ИОС1')]);
  assert.deepEqual(sheetNumbering.run(context([d])).findings, []);
});
