import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTsvWords, type RecognisedWord } from './ocr.ts';
import { mergeReadings, placedLines, wantsStampPicture } from './stamp-picture.ts';

const MM = 72 / 25.4;
const word = (text: string, left: number, top: number, o: Partial<RecognisedWord> = {}): RecognisedWord => ({
  text,
  left,
  top,
  width: 40,
  height: 20,
  confidence: 90,
  block: 1,
  paragraph: 1,
  line: 1,
  ...o,
});

test('the words of tesseract’s TSV are read with their boxes, lines and confidence; other levels and blanks are skipped', () => {
  const tsv = [
    'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
    '1\t1\t0\t0\t0\t0\t0\t0\t2480\t826\t-1\t',
    '4\t1\t2\t1\t1\t0\t100\t50\t300\t30\t-1\t',
    '5\t1\t2\t1\t1\t1\t100\t50\t120\t30\t91.5\tСтадия',
    '5\t1\t2\t1\t1\t2\t240\t50\t20\t30\t12\t ',
    '5\t1\t3\t1\t2\t1\t400\t90\t30\t28\t88\t3',
  ].join('\n');
  assert.deepEqual(parseTsvWords(tsv), [
    { text: 'Стадия', left: 100, top: 50, width: 120, height: 30, confidence: 91.5, block: 2, paragraph: 1, line: 1 },
    { text: '3', left: 400, top: 90, width: 30, height: 28, confidence: 88, block: 3, paragraph: 1, line: 2 },
  ]);
});

test('recognised words become lines of the page in points; borders, unsure words, unsure numbers and logos are dropped', () => {
  const at = { x0: 600, y0: 1000, scale: 300 / 72 };
  const lines = placedLines(
    [
      word('(Стадия', 0, 0),
      word('п', 0, 100, { line: 2 }),
      word('Иванов|', 300, 0, { block: 2 }),
      word('Петров', 300, 100, { block: 3, confidence: 30 }),
      word('7', 600, 100, { block: 4, confidence: 70 }),
      word('8', 800, 100, { block: 5, confidence: 95 }),
      // a company's logo under «Лист», 20 mm tall, read as «9»: no letter of a title block is that tall
      word('9', 900, 100, { block: 6, confidence: 96, height: Math.round(20 * MM * at.scale) }),
    ],
    at,
  );
  const texts = lines.map((l) => l.text).sort();
  assert.deepEqual(texts, ['8', 'Иванов', 'П', 'Стадия']);
  const stage = lines.find((l) => l.text === 'Стадия')!;
  assert.ok(Math.abs(stage.x - 600) < 0.01 && Math.abs(stage.y - 1000) < 0.01);
  assert.ok(Math.abs(stage.w - 40 / at.scale) < 0.01);
});

test('numbers of the reading with English replace the words they cover in the Russian reading; words are kept', () => {
  const russian = [word('Лист', 0, 0), word('Е', 0, 100, { line: 2 })];
  const withEnglish = [word('/lucm', 0, 0), word('3', 5, 102, { block: 7 }), word('12', 400, 100)];
  const merged = mergeReadings(russian, withEnglish);
  assert.deepEqual(
    merged.map((w) => [w.text, w.block, w.line]),
    [
      ['Лист', 1, 1],
      ['3', 1, 2],
      ['12', 1, 1],
    ],
  );
});

test('only a drawing’s sheet without title-block text is drawn for OCR: never an A4 sheet, never a corner read as text', () => {
  const a3 = [420 * MM, 297 * MM] as const;
  const a4 = [210 * MM, 297 * MM] as const;
  assert.equal(wantsStampPicture(...a3, []), true);
  assert.equal(wantsStampPicture(...a4, []), false);
  assert.equal(wantsStampPicture(297 * MM, 210 * MM, []), false);
  assert.equal(wantsStampPicture(...a3, [{ x: 1000, y: 800, w: 40, h: 8, text: 'Лист' }]), false);
});
