import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assignmentSummary, isDesignAssignment, parseDesignAssignment } from './design-assignment.ts';
import { xmlRoot } from './xml-note.ts';
import { SAMPLE_ASSIGNMENT } from '../../../test/review/samples.ts';

test('a design assignment is told by its root, schema or document type', () => {
  assert.equal(isDesignAssignment(SAMPLE_ASSIGNMENT, xmlRoot(SAMPLE_ASSIGNMENT)), true);
  assert.equal(isDesignAssignment('<DesignAssignment/>', 'DesignAssignment'), true);
  assert.equal(isDesignAssignment('<Document TypeCode="05.01"/>', 'Document'), false);
  assert.equal(isDesignAssignment('<ExplanatoryNote/>', 'ExplanatoryNote'), false);
});

test('indicators keep their bound; the ОКЕИ code becomes a unit and never stands as a number', () => {
  const f = parseDesignAssignment(SAMPLE_ASSIGNMENT)!;
  assert.equal(f.objectName, 'Школа на 1100 мест');
  assert.deepEqual(
    f.indicators.map((i) => [i.name, i.measure, i.value]),
    [
      ['Этажность', '796', 'не более 4 этажей без учёта технического подполья'],
      ['Общая площадь объекта', '055', 'не более 13000'],
      ['Здание школы', '902', '1100'],
    ],
  );
  const text = assignmentSummary(f);
  assert.match(text, /^Задание на проектирование \(XML/);
  assert.match(text, /Общая площадь объекта: не более 13000 м²/);
  assert.match(text, /Этажность: не более 4 этажей без учёта/);
  assert.doesNotMatch(text, /055|796/);
  assert.match(text, /Климатический район: IIВ/);
  assert.match(text, /Категория по пожарной и взрывопожарной опасности: В/);
  assert.match(text, /класс энергоэффективности здания – В/);
});

test('the assignment as a document: what it lists, its parties and its empty required values, each with its element path', () => {
  const f = parseDesignAssignment(`<Document TypeCode="05.03" SchemaVersion="01.00" VersionNumber="1">
  <Requisites><Date>2025-03-10</Date><Number></Number></Requisites>
  <Content>
    <DecisionDocuments>
      <DocumentInfo Id="a" Type="03.02"><Name>ГПЗУ</Name><Number>РФ-50-1</Number><Date>2024-11-20</Date><AuthorNote>Администрация г.о. Серпухов</AuthorNote></DocumentInfo>
      <DocumentInfo Id="b" Type="04.01"><Name>ТУ на водоснабжение</Name><Number>55</Number><Date>2025-04-14</Date><AuthorNote>АО «Водоканал»</AuthorNote></DocumentInfo>
    </DecisionDocuments>
    <Designers><Designer IsGeneral="true"><Organization><FullName>ООО «Проект»</FullName><OGRN>1027700132195</OGRN><INN>7707083893</INN><KPP>773601001</KPP><Email>office@example.com</Email></Organization></Designer></Designers>
  </Content>
  <Object><Name>Склад</Name><Address><RegionCode>50</RegionCode><City>г. Серпухов</City><Street>ул. Ворошилова</Street></Address></Object>
</Document>`)!.form;
  assert.deepEqual(f.date, { value: '2025-03-10', path: 'Document/Requisites/Date' });
  assert.deepEqual(
    f.listed.map((l) => [l.path, l.type, l.date, l.issuer]),
    [
      ['Document/Content/DecisionDocuments/DocumentInfo[1]', '03.02', '2024-11-20', 'Администрация г.о. Серпухов'],
      ['Document/Content/DecisionDocuments/DocumentInfo[2]', '04.01', '2025-04-14', 'АО «Водоканал»'],
    ],
  );
  assert.deepEqual(
    f.parties.map((p) => [p.role, p.name, p.inn, p.ogrn, p.path]),
    [['designer', 'ООО «Проект»', '7707083893', '1027700132195', 'Document/Content/Designers/Designer[1]/Organization']],
  );
  assert.deepEqual(f.designers, { path: 'Document/Content/Designers', count: 1 });
  assert.deepEqual(f.address, { value: 'г. Серпухов, ул. Ворошилова', path: 'Document/Object[1]/Address' });
  assert.deepEqual(
    f.placeholders.map((p) => [p.kind, p.raw, p.path]),
    [
      ['empty', '', 'Document/Requisites/Number'],
      ['example_domain', 'office@example.com', 'Document/Content/Designers/Designer[1]/Organization/Email'],
    ],
  );
});
