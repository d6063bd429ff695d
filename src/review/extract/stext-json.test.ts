import { test } from 'node:test';
import assert from 'node:assert/strict';
import { StextPageSplitter, stextPageLines } from './stext-json.ts';

const page = (text: string, y: number) => ({
  blocks: [
    { type: 'text', bbox: { x: 10, y, w: 100, h: 10 }, lines: [{ wmode: 0, bbox: { x: 10, y, w: 100, h: 10 }, text }] },
    { type: 'image', bbox: { x: 0, y: 0, w: 5, h: 5 } },
  ],
});
const output = (pages: unknown[]) => JSON.stringify({ file: 'a {[weird]} "name".pdf', pages });

test('pages come out one by one however the output is cut, brackets and quotes inside strings included', () => {
  const pages = [page('Раздел {1} "ПЗ" [см. лист 2] \\ конец', 10), page('}}]]', 20), page('третья', 30)];
  const whole = output(pages);
  for (const size of [1, 2, 7, 64, whole.length]) {
    const s = new StextPageSplitter();
    const got: string[] = [];
    for (let i = 0; i < whole.length; i += size) got.push(...s.push(whole.slice(i, i + size)));
    assert.deepEqual(
      got.map((j) => JSON.parse(j)),
      pages,
      `chunks of ${size}`,
    );
    assert.equal(s.pending, false);
  }
});

test('output that stops inside a page leaves it pending', () => {
  const whole = output([page('первая', 10), page('вторая', 20)]);
  const s = new StextPageSplitter();
  const got = s.push(whole.slice(0, whole.indexOf('вторая')));
  assert.equal(got.length, 1);
  assert.equal(s.pending, true);
});

test('a page is laid out as plain text with line boxes; image blocks are skipped', () => {
  const { text, lines } = stextPageLines(
    JSON.stringify({
      blocks: [
        {
          type: 'text',
          lines: [
            { bbox: { x: 1, y: 2, w: 3, h: 4 }, text: 'Строка 1' },
            { bbox: { x: 1, y: 7, w: 3, h: 4 }, text: 'Строка 2' },
          ],
        },
        { type: 'image', bbox: { x: 0, y: 0, w: 1, h: 1 } },
        { type: 'text', lines: [{ bbox: { x: 5, y: 20, w: 10, h: 4 }, text: 'Блок 2' }] },
      ],
    }),
  );
  assert.equal(text, 'Строка 1\nСтрока 2\n\nБлок 2\n\n');
  assert.deepEqual(lines, [
    { text: 'Строка 1', bbox: [1, 2, 4, 6] },
    { text: 'Строка 2', bbox: [1, 7, 4, 11] },
    { text: 'Блок 2', bbox: [5, 20, 15, 24] },
  ]);
});

test('lines in the shape mutool writes them are read without a full parse, escapes and odd font names included', () => {
  const line = (x: number, text: string, font = 'ABCDEF+DejaVuSans') => ({
    wmode: 0,
    bbox: { x, y: 10, w: 50.5, h: 8 },
    font: { name: font, family: 'serif', weight: 'normal', style: 'normal', size: 10 },
    x,
    y: 17,
    text,
  });
  const json = JSON.stringify({
    blocks: [
      { type: 'text', bbox: { x: 1, y: 10, w: 200, h: 8 }, lines: [line(1, 'Лист "1" \\ {}'), line(60, 'второй', 'Odd"Font}Name')] },
      { type: 'image', bbox: { x: 0, y: 0, w: 5, h: 5 } },
      { type: 'text', bbox: { x: 1, y: 30, w: 200, h: 8 }, lines: [line(1.25, 'Блок 2')] },
    ],
  });
  const { text, lines } = stextPageLines(json);
  assert.equal(text, 'Лист "1" \\ {}\nвторой\n\nБлок 2\n\n');
  assert.deepEqual(
    lines.map((l) => l.bbox),
    [
      [1, 10, 51.5, 18],
      [60, 10, 110.5, 18],
      [1.25, 10, 51.75, 18],
    ],
  );
});
