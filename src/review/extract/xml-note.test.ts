import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SAMPLE_NOTE } from '../../../test/review/samples.ts';
import { docFacts } from '../../../test/review/facts-builder.ts';
import { noteSummary, parseExplanatoryNote, xmlRoot } from './xml-note.ts';

test('facts of the Минстрой XML explanatory note', () => {
  assert.equal(xmlRoot(SAMPLE_NOTE), 'ExplanatoryNote');
  const f = parseExplanatoryNote(SAMPLE_NOTE)!;
  assert.equal(f.schemaVersion, '01.07');
  assert.equal(f.cipher, '24-017-ПЗ');
  assert.equal(f.objectName, 'Многоквартирный жилой дом с встроенными помещениями');
  assert.equal(f.address, 'г. Москва, ул. Ленина, д. 5');
  assert.deepEqual(f.cadastralNumbers, ['77:01:0001001:1234']);
  assert.deepEqual(
    f.indicators.map((i) => i.value),
    ['10', '1234.5', '120'],
  );
  assert.deepEqual(
    f.sections.map((s) => [s.code, s.notDeveloped, s.documents.flatMap((d) => d.files)]),
    [
      ['ПЗУ', null, ['24-017-ПЗУ.pdf']],
      ['АР', null, ['24-017-АР.pdf']],
      ['ИОС1', 'Раздел не разрабатывался', []],
    ],
  );
});

test('other XML roots are not taken for an explanatory note', () => {
  assert.equal(xmlRoot('<?xml version="1.0"?><DesignAssignment/>'), 'DesignAssignment');
  assert.equal(parseExplanatoryNote('<DesignAssignment><Name>x</Name></DesignAssignment>'), null);
});

test('characteristics of the object: responsibility level, energy class and climate conditions', () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><ExplanatoryNote SchemaVersion="01.07"><ExplanatoryNoteNumber>24-017-ПЗ</ExplanatoryNoteNumber>
    <NonIndustrialObject><Name>Жилой дом</Name><EnergyEfficiency><EnergyEfficiencyClass>B</EnergyEfficiencyClass></EnergyEfficiency>
    <FireDangerCategory>не устанавливается</FireDangerCategory><ResponsibilityLevel>нормальный</ResponsibilityLevel>
    <ClimateConditions><ClimateDistrict>IIВ</ClimateDistrict><SnowDistrict>III</SnowDistrict><WindDistrict>I</WindDistrict></ClimateConditions>
    </NonIndustrialObject></ExplanatoryNote>`;
  const f = parseExplanatoryNote(xml)!;
  assert.deepEqual(f.characteristics, {
    ResponsibilityLevel: 'нормальный',
    EnergyEfficiencyClass: 'B',
    ClimateDistrict: 'IIВ',
    SnowDistrict: 'III',
    WindDistrict: 'I',
    // read as written; «не устанавливается» is no category and takes no part in the comparison
    FireDangerCategory: 'не устанавливается',
  });
  assert.deepEqual(
    parseExplanatoryNote('<ExplanatoryNote SchemaVersion="01.07"><NonIndustrialObject><Name>x</Name></NonIndustrialObject></ExplanatoryNote>')!.characteristics,
    {},
  );
});

const CONTENT_NOTE = `<?xml version="1.0" encoding="UTF-8"?><ExplanatoryNote SchemaVersion="01.07">
  <ExplanatoryNoteNumber>24-017-ПЗ</ExplanatoryNoteNumber><ExplanatoryNoteYear>2024</ExplanatoryNoteYear>
  <ExplanatoryNoteModifications><Modification><ModificationNumber>1</ModificationNumber><ModificationDate>2025-02-03</ModificationDate></Modification></ExplanatoryNoteModifications>
  <UsedNorms><UsedNorm>СП 20.13330.2016 «Нагрузки и воздействия»</UsedNorm><UsedNorm>СНиП 23-01-99* «Строительная климатология»</UsedNorm></UsedNorms>
  <ProjectDecisionDocuments><Document><DocType>05.03</DocType><DocName>Задание на проектирование</DocName><DocNumber>б/н</DocNumber><DocDate>2023-11-15</DocDate></Document></ProjectDecisionDocuments>
  <ProjectInitialDocuments>
    <Document><DocType>03.02</DocType><DocName>ГПЗУ</DocName><DocNumber>РФ-77-4-53-3-72-2023-1234</DocNumber><DocDate>2023-10-01</DocDate><DocIssueAuthor>Комитет по архитектуре</DocIssueAuthor></Document>
    <Document><DocType>04.01</DocType><DocName>ТУ на водоснабжение</DocName><DocNumber>АО «Мосводоканал»</DocNumber><DocDate>0024-05-12</DocDate><DocIssueAuthor>ТУ-12/345</DocIssueAuthor></Document>
  </ProjectInitialDocuments>
  <NonIndustrialObject><Name>Жилой дом</Name>
    <ProjectDocumentation><Section3><SectionContent><Document><DocName>АР</DocName><DocNumber>24-017-АР</DocNumber><File><FileName>ar.pdf</FileName></File></Document></SectionContent></Section3></ProjectDocumentation>
  </NonIndustrialObject>
  <DesignerNote>Нагрузки приняты по СНиП 2.01.07-85*.</DesignerNote>
  <DesignerAssurance>Документация соответствует заданию на проектирование.</DesignerAssurance>
</ExplanatoryNote>`;

test('texts that may name norms and documents cited as issued carry their element paths', () => {
  const f = parseExplanatoryNote(CONTENT_NOTE)!;
  assert.deepEqual(f.normTexts, [
    { path: 'ExplanatoryNote/UsedNorms/UsedNorm[1]', text: 'СП 20.13330.2016 «Нагрузки и воздействия»' },
    { path: 'ExplanatoryNote/UsedNorms/UsedNorm[2]', text: 'СНиП 23-01-99* «Строительная климатология»' },
    { path: 'ExplanatoryNote/DesignerNote[1]', text: 'Нагрузки приняты по СНиП 2.01.07-85*.' },
    { path: 'ExplanatoryNote/DesignerAssurance', text: 'Документация соответствует заданию на проектирование.' },
  ]);
  // volumes of ProjectDocumentation are the set itself, not documents issued to it
  assert.deepEqual(
    f.issuedDocuments.map((d) => [d.path, d.number, d.date, d.issuer]),
    [
      ['ExplanatoryNote/ProjectDecisionDocuments/Document[1]', 'б/н', '2023-11-15', ''],
      ['ExplanatoryNote/ProjectInitialDocuments/Document[1]', 'РФ-77-4-53-3-72-2023-1234', '2023-10-01', 'Комитет по архитектуре'],
      ['ExplanatoryNote/ProjectInitialDocuments/Document[2]', 'АО «Мосводоканал»', '0024-05-12', 'ТУ-12/345'],
    ],
  );
  assert.deepEqual(f.modificationDates, [{ path: 'ExplanatoryNote/ExplanatoryNoteModifications/Modification[1]/ModificationDate', text: '2025-02-03' }]);
});

test("the note's norms are judged by the one matcher, each citation keeping the element that names it", () => {
  const facts = docFacts(1, 'pz.xml', 'ПЗ', [noteSummary(parseExplanatoryNote(CONTENT_NOTE)!)], { format: 'xml' }, parseExplanatoryNote(CONTENT_NOTE));
  assert.deepEqual(
    [...facts.norms.values()].map((c) => [c.entry.cited, c.pages, c.paths]),
    [
      ['СНиП 23-01-99*', [1], ['ExplanatoryNote/UsedNorms/UsedNorm[2]']],
      ['СНиП 2.01.07-85*', [1], ['ExplanatoryNote/DesignerNote[1]']],
    ],
  );
});

test('kind of the object, its region, the sources of financing and where each section stands', () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?><ExplanatoryNote SchemaVersion="01.07"><ExplanatoryNoteNumber>24-017-ПЗ</ExplanatoryNoteNumber>
    <FinanceSources><BudgetSource><BudgetLevel>Бюджет субъекта Российской Федерации</BudgetLevel><SourceRatio>60</SourceRatio></BudgetSource>
    <PrivateSource><Owner><Name>ООО «Инвест»</Name></Owner></PrivateSource></FinanceSources>
    <IndustrialObject><Name>Цех</Name><Address><RussianAddress><RegionCode>66</RegionCode><OKTMOCode>65701000</OKTMOCode><OKTMOName>Екатеринбург</OKTMOName></RussianAddress></Address>
    <ProjectDocumentation><Section2><NotDeveloped>Раздел не разрабатывался</NotDeveloped></Section2>
    <Section5><SectionContent><GasSupply><NotDeveloped>Раздел не разрабатывался</NotDeveloped></GasSupply></SectionContent></Section5>
    <Section12><NotDeveloped>Раздел не разрабатывался</NotDeveloped></Section12></ProjectDocumentation>
    </IndustrialObject></ExplanatoryNote>`;
  const f = parseExplanatoryNote(xml)!;
  assert.equal(f.objectKind, 'industrial');
  assert.equal(f.regionCode, '66');
  assert.deepEqual(f.financing, { budgetLevels: ['Бюджет субъекта Российской Федерации'], stateCustomer: false, private: true });
  // the official schema puts the subsections of section 5 under SectionContent
  assert.deepEqual(
    f.sections.map((s) => [s.code, s.path, s.notDeveloped]),
    [
      ['ПЗУ', 'ExplanatoryNote/IndustrialObject/ProjectDocumentation/Section2', 'Раздел не разрабатывался'],
      ['ИОС6', 'ExplanatoryNote/IndustrialObject/ProjectDocumentation/Section5/SectionContent/GasSupply', 'Раздел не разрабатывался'],
      ['СМ', 'ExplanatoryNote/IndustrialObject/ProjectDocumentation/Section12', 'Раздел не разрабатывался'],
    ],
  );
});

test('a note without FinanceSources or a Russian address states neither', () => {
  const f = parseExplanatoryNote(SAMPLE_NOTE)!;
  assert.equal(f.objectKind, 'non_industrial');
  assert.equal(f.financing, null);
  const linear = parseExplanatoryNote(
    '<ExplanatoryNote><LinearObject><Name>Газопровод</Name><Address><ForeignAddress><Note>—</Note></ForeignAddress></Address></LinearObject></ExplanatoryNote>',
  )!;
  assert.equal(linear.objectKind, 'linear');
  assert.equal(linear.regionCode, null);
  assert.equal(parseExplanatoryNote('<ExplanatoryNote><Name>—</Name></ExplanatoryNote>')!.objectKind, null);
});

test("a linear object's sections are read by its own composition: its Section3 is not АР, its Section5 is ПОС", () => {
  const doc = (n: string) =>
    `<SectionContent><Document><DocName>${n}</DocName><DocNumber>${n}</DocNumber><File><FileName>${n}.pdf</FileName></File></Document></SectionContent>`;
  const linear = parseExplanatoryNote(
    `<ExplanatoryNote><LinearObject><Name>Водовод</Name><ProjectDocumentation><Section2>${doc('24-1-ППО')}</Section2>
    <Section3>${doc('24-1-ТКР')}</Section3><Section4><NotDeveloped>Раздел не разрабатывался</NotDeveloped></Section4>
    <Section5>${doc('24-1-ПОС')}</Section5><Section9><NotDeveloped>Раздел не разрабатывался</NotDeveloped></Section9></ProjectDocumentation>
    </LinearObject></ExplanatoryNote>`,
  )!;
  assert.deepEqual(
    linear.sections.map((s) => [s.code, s.path.split('/').pop(), s.notDeveloped !== null, s.documents.flatMap((d) => d.files)]),
    [
      ['ППО', 'Section2', false, ['24-1-ППО.pdf']],
      ['ТКР', 'Section3', false, ['24-1-ТКР.pdf']],
      ['ИЛО', 'Section4', true, []],
      ['ПОС', 'Section5', false, ['24-1-ПОС.pdf']],
      ['СМ', 'Section9', true, []],
    ],
  );
  const gas = parseExplanatoryNote(
    `<ExplanatoryNote><LinearObject><Name>Газопровод</Name><GasProjectDocumentation><Section4>${doc('24-2-ПОС')}</Section4>
    <Section6><NotDeveloped>Раздел не разрабатывался</NotDeveloped></Section6></GasProjectDocumentation></LinearObject></ExplanatoryNote>`,
  )!;
  assert.deepEqual(
    gas.sections.map((s) => [s.code, s.path]),
    [
      ['ПОС', 'ExplanatoryNote/LinearObject/GasProjectDocumentation/Section4'],
      ['СМ', 'ExplanatoryNote/LinearObject/GasProjectDocumentation/Section6'],
    ],
  );
  // the volumes of the composition are the set itself, never documents cited as issued
  assert.deepEqual(gas.issuedDocuments, []);
});
