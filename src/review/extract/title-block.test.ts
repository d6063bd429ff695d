import { test } from 'node:test';
import assert from 'node:assert/strict';
import { joinFragments } from './title-block.mjs';

const piece = (text: string, x: number, y: number, w: number, h = 9) => ({ x, y, w, h, text });

test('pieces of a CAD label written per font change are one line again', () => {
  // as a real РД sheet exported from CAD gives them: «Н» «. » «контроль», the cipher in five pieces
  const joined = joinFragments([
    piece('Н', 1147, 1150, 4),
    piece('. ', 1152, 1147, 3, 13),
    piece('контроль', 1155, 1150, 33),
    piece('133/23-', 1582, 1024, 37, 19),
    piece('ГК', 1620, 1029, 12, 13),
    piece('-', 1632, 1024, 5, 19),
    piece(' АР', 1638, 1029, 16, 13),
    piece('6', 1654, 1024, 5, 19),
  ]);
  assert.deepEqual(joined.map((l) => l.text.trim()).sort(), ['133/23-ГК-АР6', 'Н. контроль']);
});

test('cells of the table of changes and a label with the surname in the next column stay apart', () => {
  const joined = joinFragments([
    piece('Изм', 1153, 1080, 11),
    piece('Кол', 1177, 1080, 11),
    piece('Разработал', 1147, 1094, 43),
    piece('Исаева', 1204, 1094, 25),
  ]);
  assert.equal(joined.length, 4);
});
