import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { parseExplanatoryNote } from '../extract/xml-note.ts';
import { SAMPLE_NOTE } from '../../../test/review/samples.ts';
import { implausibleDateFindings } from './implausible-dates.ts';

const NOW = '2026-11-26';
const roles = { 'Разраб.': 'Иванов', 'Пров.': 'Петров', ГИП: 'Сидоров' };
const sheet = (text: string, date = '05.26') => ({ text, stamp: stampLines({ cipher: '24-017-ПЗ', sheet: 1, roles, date }) });
const judge = (pages: ReturnType<typeof sheet>[]) => implausibleDateFindings(context([docFacts(1, '24-017-ПЗ.pdf', 'ПЗ', pages)]), NOW);

test('correct dates of laws, decrees and earlier documents are no finding', () => {
  assert.deepEqual(
    judge([
      sheet(
        'Федеральный закон от 30.12.2009 № 384-ФЗ «Технический регламент о безопасности зданий и сооружений»\nГрадостроительный кодекс Российской Федерации от 29.12.2004 № 190-ФЗ\nПостановление Правительства РФ от 16.02.2008 № 87 «О составе разделов проектной документации и требованиях к их содержанию»\nТУ № 12 от 03.04.2025\nФедеральный закон № 96-ФЗ от 04.05.99 г. «Об охране атмосферного воздуха»',
      ),
    ]),
    [],
  );
});

test('a law cited with a date not its own is one significant finding listing every page it stands on', () => {
  const wrong = 'Федеральный закон от 30.12.2019 № 384-ФЗ «Технический регламент о безопасности зданий и сооружений»';
  const f = judge([sheet(wrong), sheet('текст'), sheet(wrong)]);
  assert.equal(f.length, 1);
  assert.equal(f[0]!.importance, 'significant');
  assert.match(f[0]!.essence, /указан с датой 30\.12\.2019, а принят 30\.12\.2009 \(с\. 1, 3\)/);
  assert.deepEqual(
    f[0]!.places.map((p) => p.page),
    [1, 3],
  );
  // the same number without the title may be another law of that number: not judged
  assert.deepEqual(judge([sheet('согласно Федеральному закону от 30.12.2019 № 384-ФЗ')]), []);
});

test('a date not yet come is significant; a typed year before 1900 is minor and names the year meant', () => {
  const f = judge([sheet('ГПЗУ № РФ-77-1 от 12.03.2027.\nТУ № 5 от 15.04.0024.')]);
  assert.deepEqual(
    f.map((x) => [x.importance, x.essence]),
    [
      ['significant', 'Дата «12.03.2027» ещё не наступила: проверка выполнена 26.11.2026.'],
      ['minor', 'В дате «15.04.0024» указан год 0024 — опечатка, вероятно, имелся в виду 2024 год.'],
    ],
  );
});

test('a cited document dated after the citing document is minor; stamps dated ahead of the review are significant', () => {
  const later = judge([sheet('ТУ № 5 от 15.09.2026.', '05.26')]);
  assert.deepEqual(
    later.map((x) => [x.importance, /датирован раньше \(дата в основной надписи 05\.26\)/.test(x.essence)]),
    [['minor', true]],
  );
  // several later dates cited by one document: one cause (its own date), one finding naming them all
  const several = judge([sheet('ТУ № 5 от 15.09.2026.', '05.26'), sheet('письмо от 20.10.2026 и ТУ № 5 от 15.09.2026', '05.26')]);
  assert.equal(several.length, 1);
  assert.match(several[0]!.essence, /ссылается на документы от 15\.09\.2026 и 20\.10\.2026, а сам датирован раньше \(.*\) \(с\. 1, 2\)/);
  const stamped = judge([sheet('текст', '03.29')]);
  assert.deepEqual(
    stamped.map((x) => [x.importance, x.essence]),
    [['significant', 'Дата «03.29» ещё не наступила: проверка выполнена 26.11.2026.']],
  );
});

test('the XML note’s dates are left to xml.explanatory_note_content: one finding per cause', () => {
  const xml = parseExplanatoryNote(SAMPLE_NOTE.replace('<ExplanatoryNoteYear>2025</ExplanatoryNoteYear>', '<ExplanatoryNoteYear>0025</ExplanatoryNoteYear>'))!;
  const doc = docFacts(1, '24-017-ПЗ.xml', null, ['x'], { format: 'xml', pdfPath: null }, xml);
  assert.deepEqual(implausibleDateFindings(context([doc]), NOW), []);
});

test('a ГПЗУ citing a date after its date of issue is no finding: its pages carry its signing and registration', () => {
  const gpzu = docFacts(1, 'ГПЗУ.pdf', null, ['ГРАДОСТРОИТЕЛЬНЫЙ ПЛАН ЗЕМЕЛЬНОГО УЧАСТКА\nДата выдачи 15.01.2025', 'Выписка от 17.01.2025 № 5']);
  assert.deepEqual(implausibleDateFindings(context([gpzu]), NOW), []);
});

test('a date the XML note’s free text cites, glued to «г.», is judged as a page’s: one finding, on the note', () => {
  const xml = parseExplanatoryNote(SAMPLE_NOTE)!;
  xml.normTexts = [
    {
      path: 'ExplanatoryNote/DesignerAssurance/Text',
      text: 'Проектная документация подготовлена в соответствии с требованиями, указанными в пункте 5 Положения, утвержденного постановлением Правительства Российской Федерации от 16.02.2088г. №87, градостроительным планом земельного участка.',
    },
  ];
  const doc = docFacts(1, 'ПЗ.xml', null, ['x'], { format: 'xml', pdfPath: null }, xml);
  const f = implausibleDateFindings(context([doc]), NOW);
  assert.deepEqual(
    f.map((x) => [x.importance, x.essence]),
    [['significant', 'Дата «16.02.2088» ещё не наступила: проверка выполнена 26.11.2026.']],
  );
  xml.normTexts[0]!.text = xml.normTexts[0]!.text.replace('16.02.2088', '16.02.2008');
  const right = docFacts(1, 'ПЗ.xml', null, ['x'], { format: 'xml', pdfPath: null }, xml);
  assert.deepEqual(implausibleDateFindings(context([right]), NOW), []);
});

test('a ministry order of the acts registry cited with another date is a minor finding; its own date, or another body’s order, none', () => {
  const cite = (date: string, body = 'Минэкономразвития РФ') =>
    `Стоимость материалов определена по п. 3.21 Методических рекомендаций по применению методов определения начальной (максимальной) цены контракта, цены контракта, заключаемого с единственным поставщиком (подрядчиком, исполнителем), утвержденных Приказом ${body} от ${date} №567.`;
  const f = judge([sheet(cite('2 октября 2016 г.'))]);
  assert.deepEqual(
    f.map((x) => x.importance),
    ['minor'],
  );
  assert.match(f[0]!.essence, /\(№ 567\) указан с датой 2 октября 2016, а издан 02\.10\.2013/);
  assert.deepEqual(judge([sheet(cite('02.10.2013'))]), []);
  assert.deepEqual(judge([sheet(cite('2 октября 2016 г.', 'Минстроя России'))]), []);
});
