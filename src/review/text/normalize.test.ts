import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixLookalikes, normalizeText, parseNumber, printedSnippet, snippet, unitsToSymbols } from './normalize.ts';
import { pageList, sheetsWord } from './pages.ts';

test('Latin look-alikes are fixed only inside Cyrillic words; «№» and dashes survive normalisation', () => {
  assert.equal(fixLookalikes('CНиП и SNiP, ГOCT'), 'СНиП и SNiP, ГОСТ');
  assert.equal(normalizeText('лист № 5 — 7\u00a0м²'), 'лист № 5 - 7 м2');
});

test('a page of plain Cyrillic and ASCII skips NFKC with the same result; compatibility characters are still folded', () => {
  const plain = 'Этажность – 9; общая площадь здания – 1 234,5 м2 (см. лист № 4) «ПЗ» 20°C\n';
  assert.equal(normalizeText(plain), plain.replaceAll('–', '-'));
  // a decomposed «й», a ligature, a superscript and an ellipsis are not in the plain set and go through NFKC
  assert.equal(normalizeText('и\u0306ﬁ м³ …'), 'йfi м3 ...');
});

test('numbers in Russian formats and units written with digits', () => {
  assert.equal(parseNumber('1 234,5'), 1234.5);
  assert.equal(parseNumber('1234.5'), 1234.5);
  assert.equal(unitsToSymbols('площадь, м2 120; объем, м3 300; 50 кв.м'), 'площадь, м² 120; объем, м³ 300; 50 м²');
});

test('page lists and sheet counts read naturally', () => {
  assert.equal(pageList([9, 3, 4, 5, 1]), 'с. 1, 3–5, 9');
  assert.equal(pageList([2, 3]), 'с. 2, 3');
  assert.deepEqual([1, 3, 5, 11, 22].map(sheetsWord), ['1 лист', '3 листа', '5 листов', '11 листов', '22 листа']);
});

test('a snippet of upper-cased matcher text is given back in the document letter case', () => {
  const text = 'Перечень нормативных документов:\n1 СНиП 3.05.06-85 «Электротехнические устройства»';
  assert.equal(
    printedSnippet('…НОРМАТИВНЫХ ДОКУМЕНТОВ: 1 СНИП 3.05.06-85 «ЭЛЕКТРОТЕХНИЧЕСКИЕ…', text),
    '…нормативных документов: 1 СНиП 3.05.06-85 «Электротехнические…',
  );
  // the matcher joined spaces around separators: the quote is found again as the document prints it
  assert.equal(printedSnippet('СП 20.13330.2016', 'см. СП 20. 13330. 2016'), 'СП 20. 13330. 2016');
  assert.equal(
    printedSnippet('…ПЛОЩАДЬ ЗАСТРОЙКИ-1210,5 М2. СП 42.13330.2011…', 'Площадь застройки - 1210,5 м2. СП 42.13330.2011'),
    '…Площадь застройки - 1210,5 м2. СП 42.13330.2011…',
  );
  // transliterated or otherwise rewritten text is not found: the snippet stays as the matcher read it
  assert.equal(printedSnippet('СНИП 2.01.07-85', 'SNiP 2.01.07-85'), 'СНИП 2.01.07-85');
});

test('a quote stops before the title block that follows the text', () => {
  const page = 'Работы вести с соблюдением СНиП 12-03-2001.\nИзм. Кол.уч. Лист №док. Подп. Дата\nРазраб. Смирнова';
  const at = page.indexOf('СНиП');
  assert.equal(snippet(page, at, at + 15), 'Работы вести с соблюдением СНиП 12-03-2001.…');
});
