import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { decodeXml } from '../../ingest/xml-encoding.ts';
import { findEstimateForm } from '../facts/estimate-form.ts';
import { normalizeText } from '../text/normalize.ts';
import { grandSmetaText, isGrandSmeta, MAX_DEPTH, MAX_POSITIONS, parseGrandSmeta } from './grand-smeta.ts';
import { readXmlDocument } from '../../../test/helpers/xml-document.ts';
import { xmlRoot } from './xml-note.ts';

const FIXTURE = new URL('../../../test/fixtures/estimate/02-01-03 Канализация.xml', import.meta.url);
const dir = await mkdtemp(join(tmpdir(), 'drs-grand-smeta-'));
after(() => rm(dir, { recursive: true, force: true }));

const read = (name: string, bytes: Buffer | string) => readXmlDocument(dir, name, bytes, null);

const fixtureText = async () => {
  const decoded = decodeXml(await readFile(FIXTURE));
  assert.ok(decoded.ok);
  assert.equal(decoded.encoding, 'windows-1251');
  return decoded.text;
};

const grand = (body: string, open = 'Generator="GrandSmeta"') => `<?xml version="1.0" encoding="UTF-8"?>\n<Document ${open}>${body}</Document>`;

test('the export is told by its root’s markers, not by a file name', () => {
  for (const open of [
    'Generator="GrandSmeta"',
    "Generator='GrandSmeta' ProgramVersion='12.3'",
    'GrandSmetaSign="RHAAAAM7"',
    'DocumentType="{2B0470FD-477C-4359-9F34-EEBE36B7D340}"',
  ]) {
    const xml = grand('<Chapters/>', open);
    assert.equal(isGrandSmeta(xml, xmlRoot(xml)), true, open);
  }
  // a design assignment is a Document too; another program's root is not the export
  const assignment = '<Document SchemaVersion="01.00" TypeCode="05.03"><Requisites/></Document>';
  assert.equal(isGrandSmeta(assignment, xmlRoot(assignment)), false);
  assert.equal(isGrandSmeta('<Smeta Generator="GrandSmeta"/>', 'Smeta'), false);
  // the marker in a later element is not the root's
  assert.equal(isGrandSmeta('<Document><Note Generator="GrandSmeta"/></Document>', 'Document'), false);
});

test('the fixture reads as its printed form: heading, basis, level of prices, index, positions, totals, signatures', async () => {
  const text = grandSmetaText(parseGrandSmeta(await fixtureText()));
  const lines = text.split('\n');
  for (const line of [
    '«Капитальный ремонт здания МАОУ «Средняя общеобразовательная школа № 7» г. Тобольска»',
    'Здание школы по ул. Садовой, д. 14',
    'ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ № 02-01-03',
    'на внутренние системы водоотведения К1, К2',
    'Основание: ________________',
    'Составлен(а) в текущих ценах по состоянию на 01.01.2000',
    'Дата составления: 14.03.2018',
    'Индекс к СМР 8,52 (Индекс изменения сметной стоимости СМР на I квартал 2018 года)',
    'Раздел 2. Сантехнические работы',
    'Канализация К1, К2',
    // the computed quantity, not the formula «86 / 100»
    '2\tФЕР16-04-004-02 (Приказ Минстроя России от 30.12.2016 № 1039/пр)\tПрокладка трубопроводов канализации из полипропиленовых труб диаметром: 110 мм\t100 м\t0,86',
    '3\tФССЦ-24.3.02.02-0007 (Приказ Минстроя России от 30.12.2016 № 1039/пр)\tТрубы безнапорные канализационные из полипропилена диаметром 110 мм\tм\t86',
    'Итого по разделу 2 «Сантехнические работы»: позиций — 3',
    'ВСЕГО по смете: позиций — 4, разделов — 2',
    'Составил: ________________',
    'Проверил: ________________',
  ])
    assert.ok(lines.includes(line), `no line «${line}» in:\n${text}`);
  // resources and the price book's catalogue are the book's wording, not the estimate's: a ГОСТ in a material's name is not printed
  assert.doesNotMatch(text, /ГОСТ 6942|МДС81-33|Затраты труда/);
  // the facts reader of every estimate reads it unchanged
  const form = findEstimateForm(normalizeText(text), 1)!;
  assert.deepEqual(
    form.priceLevels.map((s) => [s.level, s.date, s.heading]),
    [['current', '2000-01-01', true]],
  );
  assert.deepEqual(
    form.signatures.map((s) => [s.role, s.name]),
    [
      ['Составил', null],
      ['Проверил', null],
    ],
  );
});

test('names the export holds stand on their lines; an item’s value may be its text; other fields keep their captions', () => {
  const xml = grand(`<Properties LocNum="5-1"/><DocDates BasePriceDate="2000-01-01"/>
    <GsDocSignatures>
      <Item Caption="Основание" ID="100" Value="чертежи 24-017-ВК"/>
      <Item Caption="Смета составлена в ценах по состоянию на:" ID="102" Value="01.01.2022"/>
      <Item Caption="Составил" ID="300" Value="Котова М.Г."/>
      <Item Caption="Проверил" ID="310">Дорощенко Т.Н.</Item>
    </GsDocSignatures>`);
  const text = grandSmetaText(parseGrandSmeta(xml));
  const lines = text.split('\n');
  for (const line of [
    'Основание: чертежи 24-017-ВК',
    'Составлен(а) в базисных ценах по состоянию на 01.01.2000',
    'Смета составлена в ценах по состоянию на: 01.01.2022',
    'Составил: ________________ Котова М.Г.',
    'Проверил: ________________ Дорощенко Т.Н.',
  ])
    assert.ok(lines.includes(line), `no line «${line}» in:\n${text}`);
  assert.deepEqual(
    findEstimateForm(text, 1)!.signatures.map((s) => [s.role, s.name]),
    [
      ['Составил', 'Котова М.Г.'],
      ['Проверил', 'Дорощенко Т.Н.'],
    ],
  );
});

test('the review reads the export as one page of text, with no Минстроя schema warning', async () => {
  const { res, pages } = await read('смета.xml', await readFile(FIXTURE));
  assert.equal(res.failure, null);
  assert.deepEqual(res.warnings, []);
  assert.equal(res.schema, null);
  assert.equal(res.pagesTotal, 1);
  assert.equal(pages.length, 1);
  assert.match(pages[0]!.text, /^ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ № 02-01-03$/m);
});

test('hostile exports: entities refused, deep nesting stopped, positions bounded, broken markup explained', async () => {
  const lol = `<!DOCTYPE Document [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]>`;
  const laughs = `<?xml version="1.0"?>${lol}<Document Generator="GrandSmeta"><Properties LocNum="&lol9;"/></Document>`;
  const started = Date.now();
  const bomb = await read('laughs.xml', laughs);
  assert.ok(Date.now() - started < 2000);
  assert.deepEqual(bomb.pages, []);
  assert.equal(bomb.res.warnings.length, 1);
  assert.equal(bomb.res.warnings[0]!.code, 'document_unreadable');
  assert.match(bomb.res.warnings[0]!.message, /«laughs\.xml» не прочитана: в файле есть объявление типа документа/);

  const deep = grand(`<Chapters>${'<Chapter>'.repeat(100_000)}${'</Chapter>'.repeat(100_000)}</Chapters>`);
  const nested = await read('deep.xml', deep);
  assert.deepEqual(nested.pages, []);
  assert.match(nested.res.warnings[0]!.message, new RegExp(`вложенность элементов глубже ${MAX_DEPTH} уровней`));

  const many = MAX_POSITIONS + 500;
  const big = grand(
    `<Chapters><Chapter Caption="Монтажные работы">${'<Position Number="1" Code="ФЕР16-04-004-02" Caption="Прокладка трубопроводов" Units="100 м" Quantity="1"/>'.repeat(many)}</Chapter></Chapters>`,
  );
  const bounded = await read('big.xml', big);
  const text = bounded.pages[0]!.text;
  assert.equal(text.match(/^1\tФЕР16-04-004-02/gm)!.length, MAX_POSITIONS);
  assert.match(text, new RegExp(`позиции после ${MAX_POSITIONS}-й не выведены: всего их ${many}`));
  assert.match(text, new RegExp(`ВСЕГО по смете: позиций — ${many}, разделов — 1`));

  const cut = await read('cut.xml', grand('<Chapters><Chapter Caption="Демонтаж"><Position').slice(0, -11));
  assert.deepEqual(cut.pages, []);
  assert.match(cut.res.warnings[0]!.message, /«cut\.xml» не прочитана: разметка XML нарушена \(файл повреждён или обрезан\)/);
  assert.match(cut.res.failure!.detail, /estimate XML not read/);
});
