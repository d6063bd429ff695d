import { test } from 'node:test';
import assert from 'node:assert/strict';
import { continuesRow, pageText } from './row-pieces.mjs';

/** A run of a row as a PDF places it: its text at x, on a line of height 12 at y. */
const run = (text: string, x: number, w: number, y = 100, h = 12) => ({ text, bbox: [x, y, x + w, y + h] });

test('the runs Word writes one number in are one line again; a word gap keeps its space', () => {
  // «614,13 м2» as a Word table cell reaches the reader: «6» «14» «,» «13» « м» and a raised «2»
  const cell = [run('6', 300, 6), run('14', 306, 12), run(',', 318, 3), run('13', 321, 12), run(' м', 333, 10), run('2', 343, 5, 98, 10)];
  assert.equal(pageText([cell]), '614,13 м2\n\n');
  assert.equal(pageText([[run('Площадь', 100, 48), run('участка', 151, 42)]]), 'Площадь участка\n\n');
});

test('cells of a table, columns and lines below stay apart', () => {
  const row = [run('Размер участка (площадь)', 60, 140), run('585м2', 260, 30), run('614,13 м2', 400, 50)];
  assert.equal(pageText([row]), 'Размер участка (площадь)\n585м2\n614,13 м2\n\n');
  assert.equal(pageText([[run('Первая строка', 60, 80), run('Вторая строка', 60, 80, 114)]]), 'Первая строка\nВторая строка\n\n');
  // blocks keep their empty line between them, an empty block its own
  assert.equal(pageText([[run('А', 60, 8)], [], [run('Б', 60, 8, 200)]]), 'А\n\n\nБ\n\n');
  assert.equal(continuesRow({ x: 0, y: 0, w: 10, h: 12 }, { x: 30, y: 0, w: 10, h: 12 }), false);
});
