import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { noteSummary, parseExplanatoryNote, type XmlNoteFacts } from '../extract/xml-note.ts';
import { supersededNorms } from './superseded-norms.ts';
import { dateFaults, fieldFaults, fundingFaults, numberFaults, xmlDate, xmlNoteContent } from './xml-note-content.ts';

const TODAY = '2026-11-26';

/** A small note: its year, modification dates and initial documents as [DocName, DocNumber, DocDate, DocIssueAuthor]. */
function note(o: { year?: string; modified?: string[]; docs?: [string, string, string, string?][]; norms?: string[] }): string {
  const doc = ([name, number, date, issuer]: [string, string, string, string?]) =>
    `<Document><DocType>04.01</DocType><DocName>${name}</DocName><DocNumber>${number}</DocNumber><DocDate>${date}</DocDate>${issuer ? `<DocIssueAuthor>${issuer}</DocIssueAuthor>` : ''}</Document>`;
  return `<?xml version="1.0" encoding="UTF-8"?><ExplanatoryNote SchemaVersion="01.07">
    <ExplanatoryNoteNumber>24-017-ПЗ</ExplanatoryNoteNumber><ExplanatoryNoteYear>${o.year ?? '2024'}</ExplanatoryNoteYear>
    ${o.modified ? `<ExplanatoryNoteModifications>${o.modified.map((m, i) => `<Modification><ModificationNumber>${i + 1}</ModificationNumber><ModificationDate>${m}</ModificationDate></Modification>`).join('')}</ExplanatoryNoteModifications>` : ''}
    <UsedNorms>${(o.norms ?? ['СП 54.13330.2022 «Здания жилые многоквартирные»']).map((n) => `<UsedNorm>${n}</UsedNorm>`).join('')}</UsedNorms>
    <ProjectInitialDocuments>${(o.docs ?? []).map(doc).join('')}</ProjectInitialDocuments>
    <NonIndustrialObject><Name>Жилой дом</Name></NonIndustrialObject></ExplanatoryNote>`;
}
const facts = (xml: string): XmlNoteFacts => parseExplanatoryNote(xml)!;

test('xs:date and dd.mm.yyyy are read as dates; anything else is not', () => {
  assert.equal(xmlDate('2024-03-12'), '2024-03-12');
  assert.equal(xmlDate('2024-03-12+03:00'), '2024-03-12');
  assert.equal(xmlDate('12.03.2024'), '2024-03-12');
  assert.equal(xmlDate('0024-03-12'), '0024-03-12');
  assert.equal(xmlDate('2024-13-01'), null);
  assert.equal(xmlDate('март 2024'), null);
});

test('a date of an issued document before 1900, in the future or after the note is reported with its element path', () => {
  const faults = dateFaults(
    facts(
      note({
        docs: [
          ['ТУ на водоснабжение', 'ТУ-12/345', '0024-05-12'],
          ['ТУ на электроснабжение', '55-ТУ', '2027-01-10'],
          ['ТУ на теплоснабжение', 'Т-7', '2025-06-01'],
          ['ГПЗУ', 'РФ-77-4-53-3-72-2023-1234', '2023-10-01'],
        ],
      }),
    ),
    TODAY,
  );
  assert.equal(faults.length, 3);
  assert.match(faults[0]!.essence, /невозможна: 0024-05-12/);
  assert.match(faults[0]!.evidence, /ProjectInitialDocuments\/Document\[1\]\/DocDate/);
  assert.match(faults[1]!.essence, /ещё не наступила: 10\.01\.2027/);
  assert.match(faults[2]!.essence, /«ТУ на теплоснабжение» № Т-7 датирован 01\.06\.2025 — позже года составления XML пояснительной записки \(2024\)/);
  assert.ok(faults.every((f) => f.importance === 'significant'));
});

test("a document issued for a corrected edition of the note is not later than the note; the note's own year is judged", () => {
  const corrected = facts(note({ modified: ['2025-07-01'], docs: [['ТУ на теплоснабжение', 'Т-7', '2025-06-01']] }));
  assert.deepEqual(dateFaults(corrected, TODAY), []);
  const sameYear = facts(note({ docs: [['ТУ на теплоснабжение', 'Т-7', '2024-12-31']] }));
  assert.deepEqual(dateFaults(sameYear, TODAY), []);
  const badYear = dateFaults(facts(note({ year: '0024' })), TODAY);
  assert.equal(badYear.length, 1);
  assert.match(badYear[0]!.essence, /Год составления XML пояснительной записки указан неверно: «0024»/);
  const future = dateFaults(facts(note({ modified: ['2030-01-01'] })), TODAY);
  assert.match(future[0]!.essence, /Дата внесения изменений .* ещё не наступила/);
  const unreadable = dateFaults(facts(note({ docs: [['ТУ', 'Т-7', 'июнь 2024']] })), TODAY);
  assert.equal(unreadable[0]!.importance, 'minor');
});

test('an organisation in DocNumber and the number in DocIssueAuthor is one finding naming both elements', () => {
  const faults = fieldFaults(facts(note({ docs: [['ТУ на водоснабжение', 'АО «Мосводоканал»', '2024-02-01', 'ТУ-12/345']] })));
  assert.equal(faults.length, 1);
  assert.match(faults[0]!.essence, /номер и выдавшая организация записаны в полях друг друга/);
  assert.match(faults[0]!.evidence, /Document\[1\]\/DocNumber: «АО «Мосводоканал»».*Document\[1\]\/DocIssueAuthor: «ТУ-12\/345»/);
  const networks = fieldFaults(facts(note({ docs: [['ТУ на теплоснабжение', 'Тепловые сети', '2024-02-01', 'Т-12/3']] })));
  assert.match(networks[0]!.essence, /записаны в полях друг друга/);
});

test('a number with no digit is a minor finding; «б/н» and a proper number with an organisation as issuer are not', () => {
  const faults = fieldFaults(
    facts(
      note({
        docs: [
          ['Задание на проектирование', 'б/н', '2023-11-15'],
          ['ТУ на электроснабжение', 'ПАО «Россети»', '2024-02-01', 'ПАО «Россети»'],
          ['ГПЗУ', 'РФ-77-4-53-3-72-2023-1234', '2023-10-01', 'Комитет по архитектуре'],
          ['Технические условия', 'без номера', '2023-10-01'],
        ],
      }),
    ),
  );
  assert.equal(faults.length, 1);
  assert.equal(faults[0]!.importance, 'minor');
  assert.match(faults[0]!.essence, /не содержит ни одной цифры: «ПАО «Россети»»/);
});

test('the check places its findings on the XML note; a context note and a set without one get none', () => {
  const xml = note({ docs: [['ТУ на водоснабжение', 'ТУ-1', '0024-05-12']] });
  const f = facts(xml);
  const d = docFacts(1, 'pz.xml', 'ПЗ', [noteSummary(f)], { format: 'xml' }, f);
  const found = xmlNoteContent.run(context([d])).findings!;
  assert.equal(found.length, 1);
  assert.equal(found[0]!.checkId, 'xml.explanatory_note_content');
  assert.deepEqual(
    found[0]!.places.map((p) => [p.doc, p.page]),
    [[d, 1]],
  );
  const ctxNote = docFacts(1, 'pz.xml', 'ПЗ', [noteSummary(f)], { format: 'xml', role: 'context' }, f);
  assert.deepEqual(xmlNoteContent.run(context([ctxNote])).findings ?? [], []);
  assert.deepEqual(xmlNoteContent.run(context([docFacts(1, 'kr.pdf', 'КР', ['текст'])])).findings ?? [], []);
});

test('a superseded norm in UsedNorms is a norms.superseded finding on the note, quoting the element', () => {
  const f = facts(note({ norms: ['СП 54.13330.2022 «Здания жилые многоквартирные»', 'СНиП 23-01-99* «Строительная климатология»'] }));
  const d = docFacts(1, 'pz.xml', 'ПЗ', [noteSummary(f)], { format: 'xml' }, f);
  const found = supersededNorms.run(context([d])).findings!;
  assert.equal(found.length, 1);
  assert.match(found[0]!.essence, /СНиП 23-01-99\*/);
  assert.match(found[0]!.evidence, /^В XML пояснительной записке «pz\.xml» \(элемент ExplanatoryNote\/UsedNorms\/UsedNorm\[2\]\) указано: СНиП 23-01-99\*/);
  assert.deepEqual(
    found[0]!.places.map((p) => p.page),
    [1],
  );
});

/** A section of the note marked «Раздел не разрабатывался». */
const notDevelopedSection = (code: string, element: string) => ({
  code,
  element,
  path: `ExplanatoryNote/NonIndustrialObject/ProjectDocumentation/${element}`,
  notDeveloped: 'Раздел не разрабатывался',
  documents: [],
});

/** A note holding that one section, funded from the budget level named. */
const fundedBy = (section: ReturnType<typeof notDevelopedSection>, budgetLevel: string) => ({
  ...facts(note({})),
  sections: [section],
  financing: { budgetLevels: [budgetLevel], stateCustomer: false, private: false },
});

test('the estimate marked «не разрабатывался» is a finding where the funding is budgetary, and nothing where it is private', () => {
  const estimate = notDevelopedSection('СМ', 'Section12');
  const budget = fundedBy(estimate, 'Бюджет субъекта Российской Федерации');
  const [fault, ...rest] = fundingFaults(budget, 'from_2022_09_01');
  assert.equal(rest.length, 0);
  assert.equal(fault!.importance, 'significant');
  assert.match(fault!.essence, /«Смета на строительство» отмечен как неразрабатываемый, а объект финансируется из бюджета/);
  assert.match(fault!.evidence, /BudgetLevel «Бюджет субъекта Российской Федерации»[\s\S]*Section12\/NotDeveloped/);
  assert.deepEqual(fundingFaults({ ...budget, financing: { budgetLevels: [], stateCustomer: false, private: true } }, 'from_2022_09_01'), []);
  assert.deepEqual(fundingFaults({ ...budget, sections: [{ ...estimate, notDeveloped: null }] }, 'from_2022_09_01'), []);
  assert.deepEqual(fundingFaults({ ...budget, financing: null }, 'from_2022_09_01'), []);
});

test('the construction organisation project marked «не разрабатывался» under budget funding is a finding for a set of the 2021 edition only', () => {
  const organisation = notDevelopedSection('ПОС', 'Section7');
  const budget = fundedBy(organisation, 'Федеральный бюджет');
  const [fault, ...rest] = fundingFaults(budget, 'before_2022_09_01');
  assert.equal(rest.length, 0);
  assert.equal(fault!.importance, 'significant');
  assert.match(fault!.essence, /«Проект организации строительства» отмечен как неразрабатываемый/);
  assert.match(fault!.norm, /ред\. от 09\.04\.2021\), п\. 7/);
  assert.match(fault!.evidence, /BudgetLevel «Федеральный бюджет»[\s\S]*Section7\/NotDeveloped/);
  // the current edition's text is not at hand: nothing is claimed for it
  assert.deepEqual(fundingFaults(budget, 'from_2022_09_01'), []);
  // the customer decides where the funding is not budgetary — the legal persons of ГрК ст. 48 ч. 12 included
  assert.deepEqual(fundingFaults({ ...budget, financing: { budgetLevels: [], stateCustomer: true, private: false } }, 'before_2022_09_01'), []);
  assert.deepEqual(fundingFaults({ ...budget, financing: { budgetLevels: [], stateCustomer: false, private: true } }, 'before_2022_09_01'), []);
  assert.deepEqual(fundingFaults({ ...budget, sections: [{ ...organisation, notDeveloped: null }] }, 'before_2022_09_01'), []);
});

test('a section document numbered with a base one character off the others is reported; another project’s base is not', () => {
  const section = (code: string, numbers: string[]) => ({
    code,
    element: 'Section4',
    path: `ExplanatoryNote/NonIndustrialObject/ProjectDocumentation/${code}`,
    notDeveloped: null,
    documents: numbers.map((number) => ({ name: `Документ ${number}`, number, files: [], checksums: [] })),
  });
  const base = facts(note({}));
  const sections = [
    section('АР', ['МКД-0109-2024-ПИР-АР']),
    section('КР', ['МКД-0109-2024-ПИР-КР', 'МКД-0109-2025-ПИР-КР.РР']),
    section('ПБ', ['МКД-0109-2024-ПИР-ПБ', 'МКД-0109-2024-ПИР-ПБ.РР']),
    section('ИОС5', ['ТС-17/2023-ИОС5']),
  ];
  const faults = numberFaults({ ...base, sections });
  assert.deepEqual(
    faults.map((f) => f.essence),
    [
      'В XML пояснительной записке обозначение документа «Документ МКД-0109-2025-ПИР-КР.РР» (МКД-0109-2025-ПИР-КР.РР) отличается по базе шифра от остальных документов (МКД-0109-2024-ПИР).',
    ],
  );
  assert.deepEqual(numberFaults({ ...base, sections: sections.slice(1, 2) }), []);
});

test('the off number of a document uploaded with that cipher is left to the volume’s own finding', () => {
  const base = facts(note({}));
  const doc = (number: string) => ({ name: number, number, files: [], checksums: [] });
  const sections = [
    { code: 'КР', element: 'Section4', path: 'P', notDeveloped: null, documents: ['24-017-АР', '24-017-КР', '24-017-ПБ', '24-018-ПОС'].map(doc) },
  ];
  assert.equal(numberFaults({ ...base, sections }).length, 1);
  assert.deepEqual(numberFaults({ ...base, sections }, new Set(['24-018-ПОС'])), []);
});
