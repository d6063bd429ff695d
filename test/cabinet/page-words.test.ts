/** The quoted words of a finding found among the words of its page (the cabinet's page-words.js, pure enough for Node). */
import { test } from 'node:test';
import assert from 'node:assert/strict';

const words: any = await import('../../src/cabinet/static/page-words.js' as string);

type Box = [number, number, number, number];
/** Words laid out in lines: each line 0.02 high, words 0.1 apart, as the service's boxes. */
function page(...lines: string[]): { t: string; b: Box }[] {
  const r = (x: number) => Math.round(x * 100) / 100;
  return lines.flatMap((line, l) =>
    line.split(' ').map((t, i): { t: string; b: Box } => ({ t, b: [r(0.1 + i * 0.1), r(0.1 + l * 0.03), r(0.18 + i * 0.1), r(0.12 + l * 0.03)] })),
  );
}

test('the quote of the cited page: the text after its place, not the other pages quoted beside it', () => {
  const evidence = 'док. 3 «24-017-КР.pdf», с. 1: «г. Казань, ул. Чистопольская, д. 22»\nдок. 1 «24-017-ПЗ.pdf», с. 1: «г. Казань, ул. Чистопольская, д. 20»';
  assert.deepEqual(words.quotesFor(evidence, { doc_index: 3, doc_page: 1 }), ['г. Казань, ул. Чистопольская, д. 22']);
  assert.deepEqual(words.quotesFor(evidence, { doc_index: 1, doc_page: 1 }), ['г. Казань, ул. Чистопольская, д. 20']);
  // a snippet quoted bare, cut at its ellipses; a place with more pages in parentheses
  assert.deepEqual(words.quotesFor('док. 2 «АР.pdf», с. 4 (также с. 5): …принята по СНиП 2.01.07-85*. Площадь…', { doc_index: 2, doc_page: 4 }), [
    'принята по СНиП 2.01.07-85*. Площадь',
  ]);
});

test('without its place in the evidence, every quoted span; names of documents in quotes are not quotes', () => {
  const evidence = 'Основная надпись «Лист 5» на стр. 3–4 документа «24-017-АР.pdf»; листа с номером 4 нет.';
  assert.deepEqual(words.quotesFor(evidence, { doc_index: 2, doc_page: 3 }), ['Лист 5', '24-017-АР.pdf']);
  assert.deepEqual(words.quotesFor('док. 2 «Том «Первый».pdf», с. 1: «Ф1.3»', { doc_index: 2, doc_page: 1 }), ['Ф1.3'], 'a name with quotes in it');
  assert.deepEqual(words.quotesFor('док. 2 «АР.pdf», с. 1: «д. 2»', { doc_index: 2, doc_page: 1 }), [], 'too short to look for');
  assert.deepEqual(words.quotesFor('Разраб. — строки нет: стр. 1–3', { doc_index: 1, doc_page: 1 }), []);
});

test('a quote is found whatever its case, «ё», spaces, dashes, line-end hyphens and look-alike letters', () => {
  const lines = page('Адрес объекта: г. Казань, ул. Чистопольская,', 'д. 22. Расчёт выполнен по СНиП 52-01-2003 и', 'проек- тированию 24-017-KP');
  // one rectangle per line the quote runs over, in page order
  assert.deepEqual(words.highlightBoxes(lines, ['г. казань,  ул. ЧИСТОПОЛЬСКАЯ, д. 22']), [
    [0.3, 0.1, 0.68, 0.12],
    [0.1, 0.13, 0.28, 0.15],
  ]);
  assert.deepEqual(words.highlightBoxes(lines, ['Расчет выполнен по СНиП 52–01–2003']), [[0.3, 0.13, 0.78, 0.15]]);
  assert.deepEqual(words.highlightBoxes(lines, ['проектированию 24-017-КР']), [[0.1, 0.16, 0.38, 0.18]], 'a hyphenated word, a Latin «KP»');
});

test('a citation of a norm: the snippet of what was written is found on the page, the words after it are not sought', () => {
  const evidence =
    'В документе «24-017-ПЗ.pdf» (стр. 2) указано: …Лист 2. Нагрузки приняты по СНиП 2.01.07-85*. Площадь застройки… По реестру нормативов сервиса (версия 3) СНиП 2.01.07-85* заменён; замена — СП 20.13330.2016.';
  const quotes = words.quotesFor(evidence, { doc_index: 1, doc_page: 2 });
  assert.ok(quotes.includes('Лист 2. Нагрузки приняты по СНиП 2.01.07-85*. Площадь застройки'), JSON.stringify(quotes));
  const lines = page('Пояснительная записка 24-017-ПЗ. Лист 2. Нагрузки приняты', 'по СНиП 2.01.07-85*. Площадь застройки 1 250,5 м2.');
  assert.deepEqual(words.highlightBoxes(lines, quotes), [
    [0.4, 0.1, 0.78, 0.12],
    [0.1, 0.13, 0.58, 0.15],
  ]);
});

test('a quote only partly on the page: its longest run of words that is; nothing for a quote that is not there', () => {
  const lines = page('Площадь застройки 1 250,5 м2. Этажность 9');
  assert.deepEqual(words.highlightBoxes(lines, ['Площадь застройки 1 250,5 м² по ГПЗУ']), [[0.1, 0.1, 0.48, 0.12]]);
  assert.deepEqual(words.highlightBoxes(lines, ['Снеговая нагрузка']), []);
  assert.deepEqual(words.highlightBoxes(lines, ['застройки']), [[0.2, 0.1, 0.28, 0.12]], 'one word long enough to stand alone');
  assert.deepEqual(words.highlightBoxes(lines, ['9 м2']), [], 'short scraps are not looked for alone');
  assert.deepEqual(words.highlightBoxes([], ['Площадь застройки']), []);
});

test('large sheets are A3 and larger, in either orientation', () => {
  assert.equal(words.isLargeSheet({ width: 595.3, height: 841.9 }), false, 'A4');
  assert.equal(words.isLargeSheet({ width: 841.9, height: 595.3 }), false, 'A4 landscape');
  assert.equal(words.isLargeSheet({ width: 1190.6, height: 841.9 }), true, 'A3 landscape');
  assert.equal(words.isLargeSheet({ width: 2383.9, height: 1683.8 }), true, 'A1');
  assert.equal(words.isLargeSheet({ width: 841.9, height: 1785.8 }), true, 'A4×3');
});

test('the cabinet folds text one way: lower case, «ё» as «е»', () => {
  assert.equal(words.fold('Расчёт ЁМКОСТИ'), 'расчет емкости');
  assert.equal(words.fold(null), '');
});
