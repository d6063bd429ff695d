import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { missingReference } from './missing-reference.ts';

const sheet = (cipher: string, n: number, text = 'текст') => ({ text, stamp: stampLines({ cipher, sheet: n }) });

test('a reference past the last sheet and one to a cipher absent from the set are findings and reference problems', () => {
  const pz = docFacts(1, '24-017-ПЗ.pdf', 'ПЗ', [sheet('24-017-ПЗ', 1, 'Узел см. лист 12.'), sheet('24-017-ПЗ', 2, 'Армирование см. 24-017-КР2.')]);
  const kr = docFacts(2, '24-017-КР1.pdf', 'КР', [sheet('24-017-КР1', 1)]);
  // a whole set (the explanatory note and two more sections): what it refers to must be in it
  const ar = docFacts(3, '24-017-АР.pdf', 'АР', [sheet('24-017-АР', 1)]);
  const out = missingReference.run(context([pz, kr, ar]));
  assert.deepEqual(
    out.findings!.map((f) => f.essence),
    ['Ссылка на лист 12: в документе 2 листа, листа 12 нет.', 'Ссылка на документ 24-017-КР2: документа с таким шифром в комплекте нет.'],
  );
  assert.deepEqual(
    out.referenceProblems!.map((r) => [r.reference, r.doc_index, r.page]),
    [
      ['лист 12', 1, 100],
      ['документ 24-017-КР2', 1, 101],
    ],
  );
});

test('existing sheets, parts of a named volume and other projects are not reported', () => {
  const pz = docFacts(1, '24-017-ПЗ.pdf', 'ПЗ', [
    sheet('24-017-ПЗ', 1, 'см. лист 2; см. 24-017-КР; см. лист 1 документа 24-017-КР1'),
    sheet('24-017-ПЗ', 2, 'согласно 23-101-КР соседнего здания'),
  ]);
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
  assert.deepEqual(
    missingReference.run(context([stamped])).findings!.map((f) => f.essence),
    ['Ссылка на лист 9: в документе 2 листа, листа 9 нет.'],
  );
});

test('a volume named by number that the set lacks is reported; volumes and their parts in the set are not', () => {
  const vol = (i: number, name: string, kind: string, volume: string, text: string) => docFacts(i, name, kind, [`ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nТом ${volume}`, text]);
  const docs = [
    vol(1, '24-017-ПЗ.pdf', 'ПЗ', '1', 'Сети связи см. том 5.5. Электроснабжение см. том 5. Благоустройство см. том 2.'),
    vol(2, '24-017-ПЗУ.pdf', 'ПЗУ', '2', 'Текст'),
    vol(3, '24-017-ИОС1.pdf', 'ИОС1', '5.1', 'Текст, см. том 1'),
  ];
  const out = missingReference.run(context(docs));
  assert.deepEqual(
    out.findings!.map((f) => f.essence),
    ['Ссылка на том 5.5: тома 5.5 в комплекте нет (тома комплекта: 1, 2, 5.1).'],
  );
  assert.equal(out.referenceProblems![0]!.reference, 'том 5.5');
  // a set whose volumes are not numbered gives no judgement
  const plain = [docFacts(1, 'pz.pdf', 'ПЗ', ['см. том 9']), docFacts(2, 'ar.pdf', 'АР', ['Текст'])];
  assert.deepEqual(missingReference.run(context(plain)).findings, []);
});

test('a document with an unnumbered title page: the finding counts the sheets by the title blocks and names the pages', () => {
  const kr = docFacts(1, '24-017-КР.pdf', 'КР', ['ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ', sheet('24-017-КР', 1, 'Армирование см. лист 14.'), sheet('24-017-КР', 2)]);
  assert.deepEqual(
    missingReference.run(context([kr])).findings!.map((f) => f.essence),
    ['Ссылка на лист 14: в документе 2 листа по основным надписям (3 стр.), листа 14 нет.'],
  );
});

test('РД by марка: volumes of other марки are not asked about, absent volumes of the uploaded марка make one question', () => {
  const ar = (i: number, mark: string, text: string) =>
    docFacts(i, `57_19-ПС-${mark}.pdf`, 'АР', [sheet(`57/19-ПС-${mark}`, 1, text), sheet(`57/19-ПС-${mark}`, 2)]);
  const docs = [
    ar(1, 'АР1', 'Отверстия под трубопроводы см. раздел 57/19-ПС-ВК3. Оборудование см. 57/19-ПС-ТХ.Б. Кровля см. 57/19-ПС-АР9.'),
    ar(2, 'АР2', 'Армирование по 57/19-ПС-КЖ4.2; фасады см. 57/19-ПС-АР9, узлы см. 57/19-ПС-АР1.СО'),
  ];
  const out = missingReference.run(context(docs, {}, { stage: 'Р' }));
  assert.deepEqual(out.findings, []);
  assert.deepEqual(out.referenceProblems, []);
  assert.equal(out.questions!.length, 1);
  assert.match(out.questions![0]!.text, /Рабочая документация загружена не полностью: .*57\/19-ПС-АР9\./);
  assert.doesNotMatch(out.questions![0]!.text, /ВК3|ТХ|КЖ4|АР1\.СО/);
  assert.deepEqual(
    out.questions![0]!.places.map((p) => [p.doc.doc.index, p.page]),
    [[1, 1]],
  );
});

test('ПД: a partial upload asks once about the absent volumes; a set with its ПЗ keeps the findings', () => {
  const kr = docFacts(1, '31-08-КР.pdf', 'КР', [sheet('31-08-КР', 1, 'Отверстия см. 31-08-ИОС2. Фундаменты см. 31-08-КР2.'), sheet('31-08-КР', 2)]);
  const ar = docFacts(2, '31-08-АР.pdf', 'АР', [sheet('31-08-АР', 1)]);
  const partial = missingReference.run(context([kr, ar], {}, { stage: 'П' }));
  assert.deepEqual(partial.findings, []);
  assert.match(partial.questions![0]!.text, /^Загружена часть проектной документации: .*31-08-ИОС2, 31-08-КР2\./);
  const pz = docFacts(3, '31-08-ПЗ.pdf', 'ПЗ', [sheet('31-08-ПЗ', 1)]);
  const full = missingReference.run(context([pz, kr, ar], {}, { stage: 'П' }));
  assert.equal(full.findings!.length, 2);
  assert.deepEqual(full.questions, []);
});

test('a cut or longer cipher resolves to the right volume: «ТХ.А» is not «ТХ.Б», «АР1.1» is «АР1.1-К2»', () => {
  const tx = docFacts(1, '57_19-ПС-ТХ.Б.pdf', 'ТХ', [sheet('57/19-ПС-ТХ.Б', 1, 'Узлы см. 57/19-ПС-ТХ.А; см. 57/19-ПС-АР1.1')]);
  const ar = docFacts(2, '57_19-ПС-АР1.1-К2.pdf', 'АР', [sheet('57/19-ПС-АР1.1-К2', 1)]);
  const out = missingReference.run(context([tx, ar], {}, { stage: 'mixed', completeness: { kind: 'complete', basis: '', absent: [] } }));
  assert.deepEqual(
    out.findings!.map((f) => f.essence),
    ['Ссылка на документ 57/19-ПС-ТХ.А: документа с таким шифром в комплекте нет.'],
  );
});

test('«лист N» in a letter, in a sheet named of another document, or in part of an album is judged only where it can be', () => {
  const letter = docFacts(1, 'Ответы на замечания.pdf', null, [
    'Исх. № 420/19 от 07.06.2019\nОтветы на замечания\nЗамечание 1: исправлено, см. лист 9.\nРасчёт приведён на листах 81, 82 раздела ООС.',
  ]);
  const oos = docFacts(2, '24-017-ООС.pdf', 'ООС', [sheet('24-017-ООС', 1), sheet('24-017-ООС', 2)]);
  const ar = docFacts(3, '24-017-АР.pdf', 'АР', [sheet('24-017-АР', 1, 'Узел см. лист 3 тома 8.')]);
  // an upload of sheets 5 and 6 of an album: sheet 12 may well be in the album
  const excerpt = docFacts(4, '24-017-КЖ.pdf', 'КЖ', [sheet('24-017-КЖ', 5, 'см. лист 12'), sheet('24-017-КЖ', 6)]);
  const out = missingReference.run(context([letter, oos, ar, excerpt]));
  // the ООС is in the set, whole, and lacks sheets 81 and 82: that is the one finding
  assert.deepEqual(
    out.findings!.map((f) => f.essence),
    ['Ссылка на лист 81: в документе «24-017-ООС.pdf» 2 листа, листа 81 нет.', 'Ссылка на лист 82: в документе «24-017-ООС.pdf» 2 листа, листа 82 нет.'],
  );
});

test('a section cited by another object’s cipher — called a section, or of a base differing in digits only — is one question', () => {
  const ios = docFacts(1, '24-017-ИОС5.pdf', 'ИОС5', [
    sheet('24-017-ИОС5', 1, 'Учтено в разделе МК0559.2022-ИОС5.4. Питание см. 24-071-ИОС1. Отвод согласно 23-101-КР соседнего здания.'),
  ]);
  const ar = docFacts(2, '24-017-АР.pdf', 'АР', [sheet('24-017-АР', 1)]);
  const out = missingReference.run(context([ios, ar]));
  assert.deepEqual(out.findings, []);
  assert.equal(out.questions!.length, 1);
  assert.match(out.questions![0]!.text, /шифру другого объекта: МК0559\.2022-ИОС5\.4, 24-071-ИОС1 \(шифр комплекта — 24-017\)/);
});

test('an upload of estimates alone refers to what is elsewhere: an absent document is a question, not a finding', () => {
  const title = docFacts(1, 'Титул 24-017-СМ.pdf', null, [
    { text: 'Сметная документация\nСводный сметный расчёт см. 24-017-СМ2', stamp: stampLines({ cipher: '24-017-СМ', sheet: 1 }) },
  ]);
  const out = missingReference.run(context([title]));
  assert.deepEqual(out.findings, []);
  assert.match(out.questions![0]!.text, /24-017-СМ2/);
  // the same upload judged complete holds what it refers to
  const whole = missingReference.run(context([title], {}, { completeness: { kind: 'complete', basis: '', absent: [] } }));
  assert.match(whole.findings![0]!.essence, /24-017-СМ2: документа с таким шифром в комплекте нет/);
});

test('another part of a volume whose own cipher names its part is in the set: «…-ПОС.ГЧ» of a volume «…-ПОС.ТЧ»', () => {
  const pos = docFacts(1, 'ПОС.pdf', 'ПОС', [
    sheet('МЕС-БМК-04/24-ПОС.ТЧ', 1, 'Стройгенплан см. МЕС-БМК-04/24-ПОС.ГЧ, лист 1.'),
    sheet('МЕС-БМК-04/24-ПОС.ТЧ', 2),
  ]);
  const other = docFacts(2, 'АР.pdf', 'АР', [sheet('МЕС-БМК-04/24-АР', 1, 'Фасады'), sheet('МЕС-БМК-04/24-АР', 2)]);
  const out = missingReference.run(context([pos, other]));
  assert.deepEqual(out.questions ?? [], []);
  assert.deepEqual(out.findings, []);
});
