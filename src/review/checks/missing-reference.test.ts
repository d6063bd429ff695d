import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { missingReference } from './missing-reference.ts';

const sheet = (cipher: string, n: number, text = 'текст') => ({ text, stamp: stampLines({ cipher, sheet: n }) });

test('a reference past the last sheet and one to a cipher absent from the set are findings and reference problems', () => {
  const pz = docFacts(1, '24-017-ПЗ.pdf', 'ПЗ', [sheet('24-017-ПЗ', 1, 'Узел см. лист 12.'), sheet('24-017-ПЗ', 2, 'Армирование см. 24-017-КР2.')]);
  const kr = docFacts(2, '24-017-КР1.pdf', 'КР', [sheet('24-017-КР1', 1)]);
  const out = missingReference.run(context([pz, kr]));
  assert.deepEqual(out.findings!.map((f) => f.essence), [
    'Ссылка на лист 12: в документе 2 листа, листа 12 нет.',
    'Ссылка на документ 24-017-КР2: документа с таким шифром в комплекте нет.',
  ]);
  assert.deepEqual(out.referenceProblems!.map((r) => [r.reference, r.doc_index, r.page]), [['лист 12', 1, 100], ['документ 24-017-КР2', 1, 101]]);
});

test('existing sheets, parts of a named volume and other projects are not reported', () => {
  const pz = docFacts(1, '24-017-ПЗ.pdf', 'ПЗ', [sheet('24-017-ПЗ', 1, 'см. лист 2; см. 24-017-КР; см. лист 1 документа 24-017-КР1'), sheet('24-017-ПЗ', 2, 'согласно 23-101-КР соседнего здания')]);
  const kr = docFacts(2, '24-017-КР1.pdf', 'КР', [sheet('24-017-КР1', 1)]);
  const out = missingReference.run(context([pz, kr]));
  assert.deepEqual(out.findings, []);
  assert.deepEqual(out.referenceProblems, []);
});

test('a Word file read without conversion: its sheet references are judged only when typed title blocks number its sheets', () => {
  const word = { format: 'docx' as const, pdfPath: null };
  const plain = docFacts(1, 'pz.docx', 'ПЗ', ['Текст, см. лист 9', 'Продолжение'], word);
  assert.deepEqual(missingReference.run(context([plain])).findings, []);
  const sheet = (n: number, text: string) => ({ text, stamp: stampLines({ cipher: '24-017-ПЗ', sheet: n, ...(n === 1 ? { sheets: 2 } : {}) }) });
  const stamped = docFacts(1, 'pz.docx', 'ПЗ', [sheet(1, 'Текст, см. лист 9'), sheet(2, 'Продолжение, см. лист 2')], word);
  assert.deepEqual(missingReference.run(context([stamped])).findings!.map((f) => f.essence), ['Ссылка на лист 9: в документе 2 листа, листа 9 нет.']);
});

test('a volume named by number that the set lacks is reported; volumes and their parts in the set are not', () => {
  const vol = (i: number, name: string, kind: string, volume: string, text: string) => docFacts(i, name, kind, [`ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nТом ${volume}`, text]);
  const docs = [
    vol(1, '24-017-ПЗ.pdf', 'ПЗ', '1', 'Сети связи см. том 5.5. Электроснабжение см. том 5. Благоустройство см. том 2.'),
    vol(2, '24-017-ПЗУ.pdf', 'ПЗУ', '2', 'Текст'),
    vol(3, '24-017-ИОС1.pdf', 'ИОС1', '5.1', 'Текст, см. том 1'),
  ];
  const out = missingReference.run(context(docs));
  assert.deepEqual(out.findings!.map((f) => f.essence), ['Ссылка на том 5.5: тома 5.5 в комплекте нет (тома комплекта: 1, 2, 5.1).']);
  assert.equal(out.referenceProblems![0]!.reference, 'том 5.5');
  // a set whose volumes are not numbered gives no judgement
  const plain = [docFacts(1, 'pz.pdf', 'ПЗ', ['см. том 9']), docFacts(2, 'ar.pdf', 'АР', ['Текст'])];
  assert.deepEqual(missingReference.run(context(plain)).findings, []);
});

test('a document with an unnumbered title page: the finding counts the sheets by the title blocks and names the pages', () => {
  const kr = docFacts(1, '24-017-КР.pdf', 'КР', ['ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ', sheet('24-017-КР', 1, 'Армирование см. лист 14.'), sheet('24-017-КР', 2)]);
  assert.deepEqual(missingReference.run(context([kr])).findings!.map((f) => f.essence), ['Ссылка на лист 14: в документе 2 листа по основным надписям (3 стр.), листа 14 нет.']);
});
