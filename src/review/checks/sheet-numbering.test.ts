import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import { sheetNumbering } from './sheet-numbering.ts';

const s = (n: number, sheets?: number, cipher = '24-017-АР') => ({ text: 'план', stamp: stampLines({ cipher, sheet: n, ...(sheets ? { sheets } : {}) }) });

test('a gap, a repeated sheet and a wrong «Листов» are reported', () => {
  const gap = docFacts(1, 'ar.pdf', 'АР', [s(1, 4), s(2), s(4), s(5)]);
  const f1 = sheetNumbering.run(context([gap])).findings!;
  assert.equal(f1.length, 1);
  assert.match(f1[0]!.essence, /пропущены лист\(ы\) 3/);
  const dup = docFacts(1, 'ar.pdf', 'АР', [s(1, 3), s(2), s(2)]);
  assert.match(sheetNumbering.run(context([dup])).findings![0]!.essence, /номер листа 2 повторяется/);
  const count = docFacts(1, 'ar.pdf', 'АР', [s(1, 9), s(2), s(3)]);
  assert.match(sheetNumbering.run(context([count])).findings![0]!.essence, /Листов 9/);
});

test('continuous numbering, a title page without a stamp and separately numbered parts are fine', () => {
  const ok = docFacts(1, 'ar.pdf', 'АР', ['Титульный лист', s(1, 3), s(2), s(3)]);
  assert.deepEqual(sheetNumbering.run(context([ok])).findings, []);
  const parts = docFacts(1, 'kr.pdf', 'КР', [s(1, 2, '24-017-КР.ТЧ'), s(2, undefined, '24-017-КР.ТЧ'), s(1, 2, '24-017-КР'), s(2, undefined, '24-017-КР')]);
  assert.deepEqual(sheetNumbering.run(context([parts])).findings, []);
});

test('a single sheet with a mistyped cipher keeps its place in the numbering', () => {
  const d = docFacts(1, 'ios.pdf', 'ИОС1', [
    s(1, 4, '24-081-ИОС1'),
    s(2, undefined, '24-801-ИОС1'),
    s(3, undefined, '24-081-ИОС1'),
    s(4, undefined, '24-081-ИОС1'),
  ]);
  assert.deepEqual(sheetNumbering.run(context([d])).findings, []);
});

const p = (n: number | string, o: { sheets?: number; cipher?: string; text?: string } = {}) => ({
  text: o.text ?? 'план',
  stamp: stampLines({ cipher: o.cipher ?? '57/19-ПС-АР4', sheet: n, ...(o.sheets ? { sheets: o.sheets } : {}) }),
});
const run = (d: ReturnType<typeof docFacts>) => sheetNumbering.run(context([d])).findings!.map((f) => f.essence);

test('inserted sheets «5.1», «9.1», «9.2» are sheets of the count, not gaps or repeats', () => {
  const d = docFacts(1, 'ar4.pdf', 'АР', [p(1, { sheets: 13 }), ...[2, 3, 4, 5, '5.1', 6, 7, 8, 9, '9.1', '9.2', 10].map((n) => p(n))]);
  assert.deepEqual(run(d), []);
  const wrong = docFacts(1, 'ar4.pdf', 'АР', [p(1, { sheets: 12 }), ...[2, 3, '3.1', 4, 5, 6].map((n) => p(n))]);
  assert.match(run(wrong)[0]!, /Листов 12/);
  const twice = docFacts(1, 'ar4.pdf', 'АР', [p(1, { sheets: 5 }), ...[2, '2.1', '2.1', 3, 4].map((n) => p(n))]);
  assert.deepEqual(run(twice), ['В документе «ar4.pdf» номер листа 2.1 повторяется на 2 страницах.']);
});

test('a specification bound after the drawings: its own cipher, or its own numbering from 1 with a heading or «Листов»', () => {
  const cipher = docFacts(1, 'ov2.pdf', 'ИОС4', [
    p(1, { sheets: 3, cipher: '57/19-ПС-ОВ2' }),
    p(2, { cipher: '57/19-ПС-ОВ2' }),
    p(3, { cipher: '57/19-ПС-ОВ2' }),
    p(1, { sheets: 1, cipher: '57/19-ПС-ОВ2.СО' }),
  ]);
  assert.deepEqual(run(cipher), []);
  const building = docFacts(1, 'ar.pdf', 'АР', [
    p(1, { sheets: 2, cipher: '22ЛК-Р-АР2.1-Б2' }),
    p(2, { cipher: '22ЛК-Р-АР2.1-Б2' }),
    p(1, { sheets: 1, cipher: '22ЛК-Р-АР2.1-Б2.СО' }),
  ]);
  assert.deepEqual(run(building), []);
  const spec = 'Поз. Наименование и техническая характеристика Тип, марка Кол.';
  const restart = docFacts(1, 'ios.pdf', 'ИОС4', [
    p(1, { sheets: 4 }),
    p(2),
    p(3),
    p(4),
    p(1, { text: spec }),
    p(2),
    p(3),
    p(1, { sheets: 1, text: 'Опросный лист' }),
  ]);
  assert.deepEqual(run(restart), []);
});

test('a sheet repeated inside a run, or a restart without a heading or in the middle of the run, is still a repeat', () => {
  const spec = 'Спецификация оборудования';
  const inside = docFacts(1, 'ar.pdf', 'АР', [p(1, { sheets: 5 }), p(2), p(3), p(3), p(4)]);
  assert.match(run(inside)[0]!, /номер листа 3 повторяется/);
  // numbering begun again without anything to show a part: one finding for the one cause, not one per number
  const plain = docFacts(1, 'ar.pdf', 'АР', [p(1, { sheets: 3 }), p(2), p(3), p(1), p(2)]);
  assert.deepEqual(run(plain), ['В документе «ar.pdf» номера листов 1, 2 повторяются.']);
  const middle = docFacts(1, 'ar.pdf', 'АР', [p(1, { sheets: 5 }), p(2), p(4), p(1, { text: spec }), p(2), p(3), p(5)]);
  assert.ok(run(middle).some((e) => /номера листов 1, 2 повторяются/.test(e)));
  const broken = docFacts(1, 'ar.pdf', 'АР', [p(1, { sheets: 4 }), p(2), p(3), p(4), p(1, { text: spec }), p(3)]);
  assert.ok(run(broken).some((e) => /номера листов 1, 3 повторяются/.test(e)));
});

test('a page without a readable sheet number where the missing sheet belongs is not a gap; adjacent numbers are', () => {
  const unread = docFacts(1, 'ar.pdf', 'АР', [p(1, { sheets: 5 }), p(2), 'Фасад в осях 1–8', p(4), p(5)]);
  assert.deepEqual(run(unread), []);
  const gap = docFacts(1, 'ar.pdf', 'АР', [p(1, { sheets: 5 }), p(2), 'Фасад в осях 1–8', p(5), p(6)]);
  assert.match(run(gap)[0]!, /пропущены лист\(ы\) 3, 4/);
});

/** A volume whose title blocks have the given forms (text 5/6, drawings 3), as the stamp reader sets them. */
function withForms(d: ReturnType<typeof docFacts>, forms: (3 | 5 | 6)[]) {
  d.stamps.forEach((s, i) => {
    s.form = forms[i] ?? 6;
  });
  return d;
}
const warningsOf = (d: ReturnType<typeof docFacts>) => sheetNumbering.run(context([d])).warnings ?? [];

test('three false repeats for one cause: text part and graphic part each numbered from 1 are two numberings', () => {
  const d = withForms(docFacts(1, 'kr.pdf', 'КР', [s(1, 3), s(2), s(3), s(1), s(2), s(3), s(4)]), [5, 6, 6, 3, 3, 3, 3]);
  assert.deepEqual(run(d), []);
  // a real repeat inside the graphic part is still one, named with its part
  const dup = withForms(docFacts(1, 'kr.pdf', 'КР', [s(1, 3), s(2), s(3), s(1), s(2), s(2), s(3)]), [5, 6, 6, 3, 3, 3, 3]);
  assert.deepEqual(run(dup), ['В документе «kr.pdf» (графическая часть, с. 4–7) номер листа 2 повторяется на 2 страницах.']);
});

test('«Листов N» called wrong where the text part had exactly N sheets: the count is the text part’s', () => {
  const d = withForms(docFacts(1, 'kr.pdf', 'КР', [s(1, 4), s(2), s(3), s(4), s(1), s(2), s(3), s(4), s(5)]), [5, 6, 6, 6, 3, 3, 3, 3, 3]);
  assert.deepEqual(run(d), []);
  // «Листов 7» would count the whole volume (4 text sheets and 3 drawings): also right; 9 counts nothing
  const whole = withForms(docFacts(1, 'kr.pdf', 'КР', [s(1, 7), s(2), s(3), s(4), s(1), s(2), s(3)]), [5, 6, 6, 6, 3, 3, 3]);
  assert.deepEqual(run(whole), []);
  const wrong = withForms(docFacts(1, 'kr.pdf', 'КР', [s(1, 9), s(2), s(3), s(4), s(1), s(2), s(3)]), [5, 6, 6, 6, 3, 3, 3]);
  assert.match(run(wrong)[0]!, /\(текстовая часть, с\. 1–4\) указано «Листов 9», а листов в этой части 4/);
});

test('a long run of missing sheets because one bound drawing carried a high sheet number of its own album', () => {
  const d = withForms(docFacts(1, 'kr.pdf', 'КР', [s(1, 6), s(2), s(3), s(4), s(5), s(6), s(47)]), [5, 6, 6, 3, 3, 3, 3]);
  assert.deepEqual(run(d), []);
  const w = warningsOf(d);
  assert.equal(w.length, 1);
  assert.match(w[0]!.message, /вложены листы другого комплекта\/объекта: лист 47 \(с\. 7\) — номер не из нумерации тома/);
  assert.equal(w[0]!.page, 7);
});

test('bound drawings of another set are told once as what they are, never as gaps or repeats of the volume', () => {
  const d = docFacts(1, 'kr.pdf', 'КР', [
    'Титульный лист\n24-017-АР',
    s(1, 3),
    s(2),
    s(3),
    s(1, 3, '23-555-КЖ'),
    s(2, undefined, '23-555-КЖ'),
    s(7, undefined, '23-555-КЖ'),
  ]);
  assert.deepEqual(run(d), []);
  const w = warningsOf(d);
  assert.equal(w.length, 1);
  assert.match(w[0]!.message, /^В том «kr\.pdf» \(шифр 24-017-АР\) вложены листы другого комплекта\/объекта: 23-555-КЖ, листы 1, 2, 7 \(с\. 5–7\)\./);
});

test('a text part numbered «1.2 … 1.5» before drawings «2 … 5»: «Листов» on «1.2» is not counted against anything', () => {
  const d = docFacts(1, 'odi.pdf', 'ОДИ', ['Титульный лист', p('1.2', { sheets: 6 }), ...['1.3', '1.4', '1.5', 2, 3, 4, 5].map((n) => p(n))]);
  assert.deepEqual(run(d), []);
  const plain = docFacts(1, 'odi.pdf', 'ОДИ', ['Титульный лист', p(1, { sheets: 9 }), ...[2, 3, 4, 5].map((n) => p(n))]);
  assert.match(run(plain)[0]!, /Листов 9/, 'a plain numbering is still counted');
});

test('a text part «…-ПБ-ПЗ» 1–4 and drawings «…-ПБ» 2–4 are two numberings: nothing repeats', () => {
  const d = docFacts(1, 'pb.pdf', 'ПБ', [
    'Титульный лист',
    ...[1, 2, 3, 4].map((n) => p(n, { cipher: '24-017-ПБ-ПЗ', ...(n === 1 ? { sheets: 4 } : {}) })),
    ...[2, 3, 4].map((n) => p(n, { cipher: '24-017-ПБ' })),
  ]);
  assert.deepEqual(run(d), []);
});

test('«2» on two sheets and no «3» is one slip: one finding naming both, not a repeat and a gap', () => {
  const d = docFacts(1, 'ar.pdf', 'АР', [p(1, { sheets: 5 }), ...[2, 2, 4, 5].map((n) => p(n))]);
  assert.deepEqual(run(d), ['В документе «ar.pdf» номер листа 2 стоит на двух листах, а листа 3 нет: один из них обозначен неверно.']);
  const apart = docFacts(1, 'ar.pdf', 'АР', [p(1, { sheets: 6 }), ...[2, 2, 3, 4, 6].map((n) => p(n))]);
  assert.equal(run(apart).length, 2, 'a repeat and a gap of no neighbouring numbers stay two findings');
});

test('a volume numbered through holds several documents, each with its own «Листов» on its first sheet', () => {
  // a survey report as bound: the title page, the contents «-С» (sheet 2, one sheet), the list of the set «-СП» (sheets
  // 3–5), then the text part from sheet 6 with «Листов» of the whole volume
  const volume = docFacts(1, '820.17-ИИ.pdf', null, [
    'Титульный лист',
    s(2, 1, '820.17-ИИ-С'),
    s(3, 3, '820.17-СП'),
    s(4, undefined, '820.17-СП'),
    s(5, undefined, '820.17-СП'),
    s(6, 10, '820.17-ИИ.ТЧ'),
    ...[7, 8, 9, 10, 11].map((n) => s(n, undefined, '820.17-ИИ.ТЧ')),
  ]);
  assert.deepEqual(sheetNumbering.run(context([volume])).findings, []);
  // «Листов» of a volume whose appendices at the end carry no title block: the numbering runs on to its last page
  const withTail = docFacts(1, '820.17-ИГМИ.pdf', null, [
    'Титульный лист',
    'Лист регистрации изменений',
    s(2, 1, '820.17-ИГМИ-С'),
    s(3, 13, '820.17-ИГМИ.ТЧ'),
    ...[4, 5, 6, 7, 8, 9, 10, 11].map((n) => s(n, undefined, '820.17-ИГМИ.ТЧ')),
    'Приложение 1. Климатические характеристики',
    'Приложение 2. Карта',
  ]);
  assert.deepEqual(sheetNumbering.run(context([withTail])).findings, []);
  // the same volume whose text part claims a count that is neither its own nor the volume's is still told
  const wrong = docFacts(1, '820.17-ИИ.pdf', null, ['Титульный лист', s(2, 1, '820.17-ИИ-С'), s(3, 7, '820.17-ИИ.ТЧ'), s(4), s(5)]);
  assert.match(sheetNumbering.run(context([wrong])).findings![0]!.essence, /Листов 7/);
});

test('one number on consecutive sheets of a converted Word file is a field printed as stored: a warning, not a finding', () => {
  const pages = [s(1, 3), s(3), s(3), s(3)];
  const word = docFacts(1, 'Титул.doc', 'СМ', pages, { format: 'doc' });
  const out = sheetNumbering.run(context([word]));
  assert.deepEqual(out.findings, []);
  assert.equal(out.warnings!.length, 1);
  assert.equal(out.warnings![0]!.code, 'sheet_numbers_not_counted');
  assert.match(out.warnings![0]!.message, /«Лист 3» стоит на с\. 2–4/);
  // a PDF is printed as its author saw it: the same sheets there are a repeat and a gap
  const pdf = docFacts(1, 'Титул.pdf', 'СМ', pages);
  assert.equal(sheetNumbering.run(context([pdf])).findings!.length, 2);
  // a Word file numbered right is judged as any other
  const gap = docFacts(1, 'Титул.docx', 'СМ', [s(1, 4), s(2), s(4), s(5)], { format: 'docx' });
  assert.match(sheetNumbering.run(context([gap])).findings![0]!.essence, /пропущены лист\(ы\) 3/);
});

test('a contents numbered «Лист 1», «Лист 2» inside a volume numbered through by its pages leaves no gap', () => {
  // title pages 1–3 without a title block; the contents on pages 4–5 as sheets 1 and 2; the text part goes on as sheets 5…8
  const through = docFacts(1, 'ar.pdf', 'АР', ['Титульный лист', 'Состав', 'Изменения', s(1), s(2), s(5), s(6), s(7), s(8)]);
  assert.deepEqual(
    sheetNumbering
      .run(context([through]))
      .findings!.map((f) => f.essence)
      .filter((e) => /пропущены/.test(e)),
    [],
  );
  // the same gap where the later sheets do not follow the pages is one
  const gap = docFacts(1, 'ar.pdf', 'АР', ['Титульный лист', 'Состав', 'Изменения', s(1), s(2), s(5), s(7), s(8), s(9)]);
  assert.ok(sheetNumbering.run(context([gap])).findings!.some((f) => /пропущены лист\(ы\) 3, 4/.test(f.essence)));
});

test('a number repeated on two sheets of a Word file, or followed by other numbers, is the designer’s and is reported', () => {
  const two = docFacts(1, 'pz.docx', 'ПЗ', [s(1, 5), s(2), s(3), s(3), s(4)], { format: 'docx' });
  assert.match(sheetNumbering.run(context([two])).findings![0]!.essence, /номер листа 3 повторяется/);
  const inside = docFacts(1, 'pz.doc', 'ПЗ', [s(1, 6), s(2), s(2), s(2), s(5), s(6)], { format: 'doc' });
  assert.ok(sheetNumbering.run(context([inside])).findings!.length > 0);
});
