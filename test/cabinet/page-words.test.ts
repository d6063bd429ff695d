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

test('without a place in the evidence, every quoted span; names of documents in quotes are not quotes', () => {
  const evidence = 'Основная надпись «Лист 5» на стр. 3–4 документа «24-017-АР.pdf»; листа с номером 4 нет.';
  assert.deepEqual(words.quotesFor(evidence, { doc_index: 2, doc_page: 3 }), ['Лист 5']);
  assert.deepEqual(words.quotesFor('док. 2 «Том «Первый».pdf», с. 1: «Ф1.3»', { doc_index: 2, doc_page: 1 }), ['Ф1.3'], 'a name with quotes in it');
  assert.deepEqual(words.quotesFor('док. 2 «АР.pdf», с. 1: «д. 2»', { doc_index: 2, doc_page: 1 }), [], 'too short to look for');
  assert.deepEqual(words.quotesFor('Разраб. — строки нет: стр. 1–3', { doc_index: 1, doc_page: 1 }), []);
});

test("the service's own words are never quoted: what it concludes after a place, the set's value, another page's quote", () => {
  // after the place, the first «…» span is what the sheet prints; the object of the set beside it is the service's
  const stage =
    'док. 2 «24-017-АР.pdf», с. 5: «Стадия Р» (так на 3 листах); объект в основной надписи — «Склад готовой продукции», объект комплекта — «Многоквартирный жилой дом».';
  assert.deepEqual(words.quotesFor(stage, { doc_index: 2, doc_page: 5 }), ['Стадия Р']);
  // a sheet of contents named by what it is: «…, с. 2, ведомость листов: «…»»
  assert.deepEqual(words.quotesFor('док. 2 «АР.pdf», с. 2, ведомость листов: «Лист 7 Фасад 1-8»; листа 7 нет.', { doc_index: 2, doc_page: 2 }), [
    'Лист 7 Фасад 1-8',
  ]);
  // the request's address is not on any page of the set; the places of other pages are not this page's
  const address = 'док. 3 «24-017-КР.pdf», с. 1: «г. Казань, ул. Чистопольская, д. 22»\nАдрес объекта в запросе: «г. Казань, ул. Чистопольская, д. 20»';
  assert.deepEqual(words.quotesFor(address, { doc_index: 3, doc_page: 1 }), ['г. Казань, ул. Чистопольская, д. 22']);
  assert.deepEqual(words.quotesFor(address, { doc_index: 3, doc_page: 2 }), [], 'a page the evidence does not quote');
  // a page named in the place's parentheses has the same snippet
  assert.deepEqual(words.quotesFor('док. 2 «АР.pdf», с. 4 (также с. 6–8): …принята по СНиП 2.01.07-85*…', { doc_index: 2, doc_page: 7 }), [
    'принята по СНиП 2.01.07-85*',
  ]);
});

test("a sentence of the service's after a place is sought whole: words of it elsewhere on the page are no highlight", () => {
  const evidence =
    'док. 3 «24-017-КР.pdf», с. 1: шифр 24-017-КР указывает на раздел КР, тогда как документ относится к разделу АР (определено по титульному листу).';
  const quotes = words.quotesFor(evidence, { doc_index: 3, doc_page: 1 });
  const lines = page('Проектная документация разработана в соответствии', 'с заданием. Раздел 4. Конструктивные решения', 'Шифр 24-017-КР');
  assert.deepEqual(words.highlightBoxes(lines, quotes), []);
  // the cipher alone, as a quote, is found where the page prints it
  assert.deepEqual(words.highlightBoxes(lines, ['шифр 24-017-КР']), [[0.1, 0.16, 0.28, 0.18]]);
  assert.deepEqual(
    words.highlightBoxes(lines, ['документация разработана с нарушением задания и действующих норм']),
    [],
    'less than half of a quote is not its place',
  );
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

test("a norm's snippet that ran to the page's end: its sentences are found, the service's sentences after it are not", () => {
  const evidence =
    'В документе «24-017-ПЗ.pdf» (с. 2) указано: Нагрузки приняты по СНиП 2.01.07-85*. Площадь застройки 1 250,5 м2. По реестру нормативов сервиса (версия 3) СНиП 2.01.07-85* заменён; замена — СП 20.13330.2016. На дату оценки документ уже не действовал.';
  const quotes = words.quotesFor(evidence, { doc_index: 1, doc_page: 2 });
  assert.ok(!quotes.some((q: string) => /pdf/.test(q)), JSON.stringify(quotes));
  // the page cites the replacement too, elsewhere: the service's «замена — СП 20.13330.2016» is not marked there
  const lines = page('Нагрузки приняты по СНиП 2.01.07-85*. Площадь застройки 1 250,5 м2.', 'Расчёт по СП 20.13330.2016 выполнен в томе КР.');
  assert.deepEqual(words.highlightBoxes(lines, quotes), [[0.1, 0.1, 1.08, 0.12]]);
});

test('a quote only partly on the page: its longest run of words that is; nothing for a quote that is not there', () => {
  const lines = page('Площадь застройки 1 250,5 м2. Этажность 9');
  assert.deepEqual(words.highlightBoxes(lines, ['Площадь застройки 1 250,5 м² по ГПЗУ']), [[0.1, 0.1, 0.48, 0.12]]);
  assert.deepEqual(words.highlightBoxes(lines, ['Снеговая нагрузка']), []);
  assert.deepEqual(words.highlightBoxes(lines, ['застройки']), [[0.2, 0.1, 0.28, 0.12]], 'one word long enough to stand alone');
  assert.deepEqual(words.highlightBoxes(lines, ['9 м2']), [], 'short scraps are not looked for alone');
  assert.deepEqual(words.highlightBoxes([], ['Площадь застройки']), []);
});

test('the cabinet folds text one way: lower case, «ё» as «е»', () => {
  assert.equal(words.fold('Расчёт ЁМКОСТИ'), 'расчет емкости');
  assert.equal(words.fold(null), '');
});
