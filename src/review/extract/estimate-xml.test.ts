import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { findEstimateForm } from '../facts/estimate-form.ts';
import { normalizeText } from '../text/normalize.ts';
import { estimateXmlForm } from './estimate-xml.ts';
import { xmlRoot } from './xml-note.ts';
import { readXmlDocument } from '../../../test/helpers/xml-document.ts';

const dir = await mkdtemp(join(tmpdir(), 'drs-estimate-xml-'));
after(() => rm(dir, { recursive: true, force: true }));
const read = (name: string, xml: string) => readXmlDocument(dir, name, xml, null);

const meta = (type: string, schema: string) =>
  `<?xml version="1.0" encoding="utf-8"?>
<Construction xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="${schema}">
  <Meta><Soft><Name>Сметная программа</Name></Soft><File><Type>${type}</Type><Version>3.01</Version></File></Meta>`;

/** A local estimate of the schema's shape: its fields in Object/Estimate, its positions in sections of items. */
const local = (o: { reason?: string; composer?: string; verifier?: string } = {}) => `${meta('ЛС', 'LocalEstimateResourceIndexMethod-3_01.xsd')}
  <Num>02-01-01</Num>
  <Name>Капитальный ремонт здания школы, г. Тверь, ул. Садовая, д. 4</Name>
  <Object>
    <Num>02-01</Num>
    <Name>Здание школы</Name>
    <Estimate>
      <Legal><Main><Name>Приказ Минстроя России от 30.12.2021 № 1046/пр</Name></Main></Legal>
      <Num>ЛСР № 02-01-01</Num>
      <Name>Внутренние сети канализации</Name>
      <Date><Year>2024</Year><Month>3</Month><Day>5</Day></Date>
      <PriceLevelBase><Year>2022</Year><Month>1</Month></PriceLevelBase>
      <PriceLevelCur><Year>2024</Year><Quarter>1</Quarter></PriceLevelCur>
      <Reason>${o.reason ?? 'Ведомость объёмов работ № 02-01-01'}</Reason>
      <Signatures><ComposeFIO>${o.composer ?? 'Иванова А.Б.'}</ComposeFIO><VerifyFIO>${o.verifier ?? ''}</VerifyFIO></Signatures>
      <Sections>
        <Section><Code>1</Code><Name>Трубопроводы</Name><Items>
          <Item><Work><Num>1</Num><Code>ГЭСН16-04-001-01</Code><Name>Прокладка трубопроводов по ГОСТ 32414-2013</Name><Unit>100 м</Unit><Quantity>0,25</Quantity></Work></Item>
          <Item><Material><Num>2</Num><Code>ФСБЦ-23.3.01.01</Code><Name>Трубы канализационные</Name><Unit>м</Unit><Consumption>25</Consumption></Material></Item>
        </Items></Section>
      </Sections>
    </Estimate>
  </Object>
</Construction>`;

const summary = `${meta('ССР', 'SummaryEstimate-3_01.xsd')}
  <Num>ССР-1</Num>
  <Name>Строительство моста через р. Волгу</Name>
  <Customer>ГКУ «Дороги»</Customer>
  <Created>2025-11-27</Created>
  <PriceLevel><Year>2023</Year><Quarter>4</Quarter><BasicPrice>false</BasicPrice></PriceLevel>
  <Chapter1><ChapterName><ConstantNameChapter>Подготовка территории строительства</ConstantNameChapter></ChapterName>
    <LocalEstimate><Num>1</Num><Name>Вырубка леса</Name><Reason>ЛСР-01-01-01</Reason></LocalEstimate>
    <Calculation><Num>2</Num><Name>Вынос сетей по СП 119.13330.2024</Name><Reason>Расчёт 1</Reason></Calculation>
  </Chapter1>
  <Signatures><ChiefProjectEngineer><Name>ООО «Мостпроект» П.П. Петров</Name></ChiefProjectEngineer></Signatures>
</Construction>`;

test('an estimate of the Минстрой schemas is told by its own type or schema: local, object, summary; other Construction roots are not', () => {
  assert.equal(estimateXmlForm(local(), 'Construction'), 'local');
  assert.equal(estimateXmlForm(summary, 'Construction'), 'summary');
  assert.equal(estimateXmlForm(`${meta('ОСР', 'ObjectEstimate-3_01.xsd')}</Construction>`, 'Construction'), 'object');
  // the schema alone, without Meta
  assert.equal(estimateXmlForm('<Construction xsi:noNamespaceSchemaLocation="ObjectEstimate-3_01.xsd"/>', 'Construction'), 'object');
  assert.equal(estimateXmlForm('<Construction><Name>Стройка</Name></Construction>', 'Construction'), null);
  assert.equal(estimateXmlForm(local(), 'Document'), null);
});

test('a local estimate is read as its printed form: number, basis, date, level of prices, positions, signatures', async () => {
  const doc = await read('ЛСР 02-01-01.gge', local());
  assert.deepEqual(doc.res.warnings, [], 'no «not an explanatory note» warning: it is an estimate');
  const text = doc.pages[0]!.text;
  assert.equal(xmlRoot(local()), 'Construction');
  for (const line of [
    'ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ № ЛСР № 02-01-01',
    'на Внутренние сети канализации',
    'Основание: Ведомость объёмов работ № 02-01-01',
    'Составлен(а) в текущих ценах по состоянию на 1 квартал 2024 г.',
    'Дата составления: 05.03.2024',
    'Сметные нормативы: Приказ Минстроя России от 30.12.2021 № 1046/пр',
    'Раздел 1. 1. Трубопроводы',
    '1\tГЭСН16-04-001-01\tПрокладка трубопроводов по ГОСТ 32414-2013\t100 м\t0,25',
    '2\tФСБЦ-23.3.01.01\tТрубы канализационные\tм\t25',
    'Составил: ________________ Иванова А.Б.',
  ])
    assert.ok(text.split('\n').includes(line), `${line}\n---\n${text}`);
  // the estimate's own form is read from it as from a PDF one: «Составил» named, «Проверил» blank
  const form = findEstimateForm(normalizeText(text), 1)!;
  assert.deepEqual(
    form.signatures.map((s) => [s.role, s.name !== null]),
    [
      ['Составил', true],
      ['Проверил', false],
    ],
  );
});

test('a summary estimate prints its chapters with each estimate’s number, basis and name, and its own signatures, not a local one’s', async () => {
  const text = (await read('ССР.gge', summary)).pages[0]!.text;
  for (const line of [
    'СВОДНЫЙ СМЕТНЫЙ РАСЧЕТ СТОИМОСТИ СТРОИТЕЛЬСТВА № ССР-1',
    'Составлен(а) в текущих ценах по состоянию на 4 квартал 2023 г.',
    'Дата составления: 27.11.2025',
    'Заказчик: ГКУ «Дороги»',
    'Главный инженер проекта: ООО «Мостпроект» П.П. Петров',
    'Раздел 1. Подготовка территории строительства',
    '1\tЛСР-01-01-01\tВырубка леса',
    '2\tРасчёт 1\tВынос сетей по СП 119.13330.2024',
  ])
    assert.ok(text.split('\n').includes(line), `${line}\n---\n${text}`);
  // its form has no «Основание», «Составил» or «Проверил» to leave blank
  assert.doesNotMatch(text, /^(?:Основание|Составил|Проверил):/m);
});

test('a broken estimate XML is said unread, never read as text', async () => {
  const cut = await read('cut.gge', local().slice(0, 900));
  assert.deepEqual(cut.pages, []);
  assert.match(cut.res.warnings[0]!.message, /Смета в формате XML Минстроя «cut\.gge» не прочитана/);
});

test('entities a DOCTYPE declares are not expanded: a «billion laughs» file stays as small as it was written', async () => {
  let decl = '<!DOCTYPE lolz [<!ENTITY lol "lol">';
  for (let i = 1; i < 10; i++) decl += `<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`;
  const xml = `<?xml version="1.0"?>${decl}]><Construction><Meta><File><Type>ЛС</Type></File></Meta><Name>&lol9;</Name></Construction>`;
  const doc = await read('laughs.gge', xml);
  const text = doc.pages.map((p) => p.text).join('\n');
  assert.ok(text.length < 2_000, `${text.length} characters`);
  assert.doesNotMatch(text, /(?:lol){20}/);
});
