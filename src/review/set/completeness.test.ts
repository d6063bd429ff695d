import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docFacts } from '../../../test/review/facts-builder.ts';
import { SAMPLE_NOTE } from '../../../test/review/samples.ts';
import { parseExplanatoryNote } from '../extract/xml-note.ts';
import type { DocFacts } from '../facts/types.ts';
import { deriveSetModel } from './derive.ts';

const profile = ['ПЗ', 'ПЗУ', 'АР', 'КР', 'ИОС1', 'ПОС', 'ПБ'].map((code) => ({ code, required: true }));
const title = (section: string, cipher: string, volume: number) =>
  `ООО «Проект»\nЖилой дом\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\n${section}\nТом ${volume}\n${cipher}\nМосква\n2024`;
const pz = () => docFacts(1, '24-017-ПЗ.pdf', null, [title('Раздел 1. Пояснительная записка', '24-017-ПЗ', 1)]);
const ar = (i = 2) => docFacts(i, '24-017-АР.pdf', null, [title('Раздел 3. Объемно-планировочные и архитектурные решения', '24-017-АР', 3)]);
const kr = (i = 3) => docFacts(i, '24-017-КР.pdf', null, [title('Раздел 4. Конструктивные решения', '24-017-КР', 4)]);
const pb = (i = 4) => docFacts(i, '24-017-ПБ.pdf', null, [title('Раздел 9. Мероприятия по обеспечению пожарной безопасности', '24-017-ПБ', 9)]);
const pos = (i = 5) => docFacts(i, '24-017-ПОС.pdf', null, [title('Раздел 7. Проект организации строительства', '24-017-ПОС', 7)]);
const completeness = (docs: DocFacts[], userRequest: string | null = null) => deriveSetModel(docs, { userRequest, profile }).completeness;

test('a set with its explanatory note and other sections is complete; the required sections it lacks are named', () => {
  const c = completeness([pz(), ar(), kr(), pb()]);
  assert.equal(c.kind, 'complete');
  assert.deepEqual(c.absent, ['ПЗУ', 'ИОС1', 'ПОС']);
  assert.match(c.basis, /пояснительной запиской/);
});

test('survey reports, estimates or a ГПЗУ alone are a part of a set', () => {
  const igi = docFacts(1, 'ИГИ.pdf', null, ['ТЕХНИЧЕСКИЙ ОТЧЕТ\nпо результатам инженерно-геологических изысканий']);
  const lsr = docFacts(1, 'ЛСР 02-01.pdf', null, ['ЛОКАЛЬНЫЙ СМЕТНЫЙ РАСЧЕТ (СМЕТА) № 02-01-01']);
  const gpzu = docFacts(1, 'ГПЗУ.pdf', null, ['ГРАДОСТРОИТЕЛЬНЫЙ ПЛАН ЗЕМЕЛЬНОГО УЧАСТКА\n№ РФ-77-4-53-3-05-2019-0001\nДата выдачи 20.06.2019']);
  for (const [doc, what] of [
    [igi, /инженерных изысканий/],
    [lsr, /сметная/],
    [gpzu, /исходно-разрешительные/],
  ] as const) {
    const c = completeness([doc]);
    assert.equal(c.kind, 'partial', doc.doc.name);
    assert.match(c.basis, what);
  }
});

test('one volume on its own is a part of a set, and names the sections it lacks', () => {
  const c = completeness([ar()]);
  assert.deepEqual([c.kind, c.absent], ['partial', ['ПЗ', 'ПЗУ', 'КР', 'ИОС1', 'ПОС', 'ПБ']]);
  assert.match(c.basis, /один том \(АР\)/);
});

test('an XML note listing files of sections that were not uploaded makes the upload a part, naming the sections and files', () => {
  const xml = docFacts(1, '24-017-ПЗ.xml', null, ['x'], { format: 'xml', pdfPath: null }, parseExplanatoryNote(SAMPLE_NOTE));
  const c = completeness([xml, ar()]);
  assert.equal(c.kind, 'partial');
  assert.match(c.basis, /XML пояснительная записка перечисляет файлы разделов ПЗУ/);
  assert.ok(c.absent.includes('ПЗУ') && c.absent.includes('24-017-ПЗУ.pdf'), c.absent.join(', '));
  // ИОС1 is NotDeveloped in the note: not absent
  assert.ok(!c.absent.includes('ИОС1'));
  // a listed file of a section that was uploaded under another name is the note's own error, not a part of the set
  const renamed = docFacts(3, 'Том 2 ПЗУ.pdf', null, [title('Раздел 2. Схема планировочной организации земельного участка', '24-017-ПЗУ', 2)]);
  assert.equal(completeness([xml, ar(), renamed]).kind, 'complete');
});

test('a task naming only the sections uploaded makes the upload a part; the same set without it is complete', () => {
  const docs = [pz(), ar(), kr(), pb()];
  const c = completeness(docs, 'Проверьте разделы АР, КР и пожарную безопасность.');
  assert.equal(c.kind, 'partial');
  assert.match(c.basis, /в задании названы разделы АР, КР, ПБ/);
  assert.equal(completeness(docs, 'Проверьте раздел КР.').kind, 'complete');
  assert.equal(completeness(docs).kind, 'complete');
});

test('volumes with gaps in their numbers and no explanatory note are a part, even four sections of them', () => {
  const c = completeness([ar(1), kr(2), pos(3), pb(4)]);
  assert.equal(c.kind, 'partial');
  assert.match(c.basis, /тома 3, 4, 7, 9 без пояснительной записки; томов 1, 2, 5, 6, 8 нет/);
  // with the explanatory note the same volumes are a set lacking sections
  assert.equal(completeness([pz(), ar(), kr(), pos(), pb(6)]).kind, 'complete');
});

test('attestation sheets of volumes not uploaded, beside one survey task, are told as what they are; the stage is not decided', () => {
  const iul = (i: number, name: string) =>
    docFacts(i, `${name}-УЛ.pdf`, null, [`Информационно-удостоверяющий лист\n${name}\nКонтрольная сумма\nCRC32\n87A7480A\nРазмер файла, байт\n8 374 160`]);
  const task = docFacts(4, 'ИГДИ ТЗ.pdf', null, ['ТЕХНИЧЕСКИЙ ОТЧЕТ\nпо результатам инженерно-геодезических изысканий']);
  const m = deriveSetModel([iul(1, 'Раздел ПД №3 АР'), iul(2, 'Раздел ПД №4 КР'), iul(3, 'Раздел ПД №7 ПОС'), task], { userRequest: null, profile });
  assert.equal(m.stage, 'unknown');
  assert.equal(m.completeness.kind, 'partial');
  assert.match(m.completeness.basis, /информационно-удостоверяющие листы \(3\) без самих томов/);
  assert.equal(
    deriveSetModel([iul(1, 'Раздел ПД №3 АР'), task], { userRequest: null, profile }).stage,
    'survey',
    'a survey document with one ИУЛ is still a survey set',
  );
});
