import { test } from 'node:test';
import assert from 'node:assert/strict';
import { docFacts, stampLines } from '../../../test/review/facts-builder.ts';
import type { TitleBlockForm } from '../facts/types.ts';
import { deriveSetModel } from './derive.ts';
import { publishSetModel } from './summary.ts';
import { numberingsOf, volumeStructureOf, type VolumeStructure } from './volume-parts.ts';

interface Sheet {
  sheet?: number | string;
  sheets?: number;
  cipher?: string;
  /** The form the title block has (set on the fact: the stamp reader's own tests read the forms from real layouts). */
  form?: TitleBlockForm;
  text?: string;
  /** Recognised from the sheet's picture (drawn as lines): set on the fact, as the reader sets it. */
  recognised?: true;
}

const TITLE = 'ООО «Проект»\nЖилой дом\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 4. Конструктивные решения\n24-017-КР\n2024';

/** A volume: a title page without a title block, then its sheets. */
function volume(sheets: (Sheet | string)[], title = TITLE) {
  const pages = [title, ...sheets].map((p) =>
    typeof p === 'string'
      ? p
      : { text: p.text ?? 'текст', stamp: stampLines({ cipher: p.cipher ?? '24-017-КР', sheet: p.sheet, ...(p.sheets ? { sheets: p.sheets } : {}) }) },
  );
  const d = docFacts(1, 'kr.pdf', 'КР', pages);
  const withStamp = sheets.filter((s): s is Sheet => typeof s !== 'string');
  d.stamps.forEach((s, i) => {
    s.form = withStamp[i]?.form ?? 6;
    if (withStamp[i]?.recognised) Object.assign(s, { recognised: true, cipher: null });
  });
  return d;
}

const run = (from: number, to: number, o: Omit<Sheet, 'sheet'> = {}): Sheet[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ ...o, sheet: from + i, ...(i === 0 && o.sheets ? { sheets: o.sheets } : { sheets: undefined }) }));

/** kind/cue/first–last sheet/numbering of each part, for compact assertions. */
const shape = (v: VolumeStructure) =>
  v.parts.map((p) => {
    const n = p.stamps.filter((s) => s.sheet !== null).map((s) => s.sheet!);
    return `${p.kind}/${p.cue}/${n.length ? `${n[0]}-${n.at(-1)}` : '-'}/${p.numbering ?? 'x'}`;
  });

test('cipher suffix: «…-КР.ТЧ» and «…-КР.ГЧ» are the text and the graphic part, each numbered from 1', () => {
  const d = volume([...run(1, 3, { cipher: '24-017-КР.ТЧ', sheets: 3 }), ...run(1, 4, { cipher: '24-017-КР.ГЧ', sheets: 4, form: 3 })]);
  const v = volumeStructureOf(d);
  assert.deepEqual(shape(v), ['text/start/1-3/1', 'drawings/cipher/1-4/2']);
  assert.deepEqual(
    v.parts.map((p) => p.declared?.sheets),
    [3, 4],
  );
  assert.equal(v.ownCipher?.base, '24-017');
});

test('cipher suffix: «…-КР1» text and «…-КР» drawings are one volume in two numberings, not another set', () => {
  const d = volume([...run(1, 2, { cipher: '24-017-КР1', sheets: 2 }), ...run(1, 3, { cipher: '24-017-КР', form: 3 })]);
  assert.deepEqual(shape(volumeStructureOf(d)), ['text/start/1-2/1', 'drawings/cipher/1-3/2']);
});

test('form change with restart at 1: text sheets (forms 5, 6) and drawings (form 3) each from 1, no «Листов» on the drawings', () => {
  const d = volume([{ sheet: 1, sheets: 3, form: 5 }, ...run(2, 3), ...run(1, 4, { form: 3 })]);
  const v = volumeStructureOf(d);
  assert.deepEqual(shape(v), ['text/start/1-3/1', 'drawings/form/1-4/2']);
  assert.deepEqual(
    v.parts.map((p) => [p.form, p.pageFrom, p.pageTo]),
    [
      [6, 1, 4],
      [3, 5, 8],
    ],
  );
});

test('form change without restart: the graphic part goes on with the text part’s numbers', () => {
  const d = volume([{ sheet: 1, sheets: 6, form: 5 }, ...run(2, 3), ...run(4, 6, { form: 3 })]);
  const v = volumeStructureOf(d);
  assert.deepEqual(shape(v), ['text/start/1-3/1', 'drawings/form/4-6/1']);
  assert.equal(numberingsOf(v).length, 1);
});

test('restart at 1 with its own «Листов» begins a part; sheet 1 printed twice after one sheet does not', () => {
  const d = volume([...run(1, 3, { sheets: 3 }), ...run(1, 2, { sheets: 2 })]);
  assert.deepEqual(shape(volumeStructureOf(d)), ['text/start/1-3/1', 'text/restart/1-2/2']);
  const twice = volume([{ sheet: 1, sheets: 3 }, { sheet: 1 }, { sheet: 2 }]);
  assert.deepEqual(shape(volumeStructureOf(twice)), ['text/start/1-2/1']);
});

test('appendix: «Приложение А» opens a part — its own numbering from 1, or the volume’s numbers going on', () => {
  const own = volume([...run(1, 3, { sheets: 5 }), { sheet: 1, sheets: 2, text: 'Приложение А\nТехнические условия' }, { sheet: 2 }]);
  const v = volumeStructureOf(own);
  assert.deepEqual(shape(v), ['text/start/1-3/1', 'appendix/appendix/1-2/2']);
  assert.equal(v.parts[1]!.label, 'Приложение А');
  const on = volume([...run(1, 3, { sheets: 5 }), { sheet: 4, text: 'ПРИЛОЖЕНИЕ Б\nРасчёт' }, { sheet: 5 }]);
  assert.deepEqual(shape(volumeStructureOf(on)), ['text/start/1-3/1', 'appendix/appendix/4-5/1']);
  // a letter bound without a title block after the last sheet is still an appendix of the volume
  const letter = volume([...run(1, 3, { sheets: 3 }), 'Приложение В\nПисьмо заказчика']);
  assert.deepEqual(shape(volumeStructureOf(letter)), ['text/start/1-3/1', 'appendix/appendix/-/1']);
});

test('foreign base: drawings of another object bound in are a part of their own; the title page keeps the volume’s cipher', () => {
  const d = volume([...run(1, 2, { sheets: 2 }), ...run(5, 7, { cipher: '25-101-КЖ', form: 3 })]);
  const v = volumeStructureOf(d);
  assert.deepEqual(shape(v), ['text/start/1-2/1', 'foreign/foreign_cipher/5-7/x']);
  assert.equal(v.ownCipher?.cipher, '24-017-КР');
  assert.equal(v.parts[1]!.cipher, '25-101-КЖ');
});

test('another album of the same base («…-АР» in a «…-КР» volume) is bound in, not the volume', () => {
  const d = volume([...run(1, 3, { sheets: 3 }), ...run(12, 13, { cipher: '24-017-АР', form: 3 })]);
  assert.deepEqual(shape(volumeStructureOf(d)), ['text/start/1-3/1', 'foreign/foreign_cipher/12-13/x']);
});

test('a single sheet with a mistyped cipher whose number continues the numbering is the volume’s own sheet', () => {
  const d = volume([{ sheet: 1, sheets: 4 }, { sheet: 2, cipher: '24-071-КР' }, ...run(3, 4)]);
  assert.deepEqual(shape(volumeStructureOf(d)), ['text/start/1-4/1']);
});

test('foreign high sheet number: one drawing keeping sheet 47 of its album is bound in, not the volume’s sheet 47', () => {
  const d = volume([...run(1, 6, { sheets: 7 }), { sheet: 47, form: 3 }]);
  const v = volumeStructureOf(d);
  assert.deepEqual(shape(v), ['text/start/1-6/1', 'foreign/foreign_number/47-47/x']);
  // a gap of a sheet or two is the volume's own gap
  const gap = volume([...run(1, 6, { sheets: 8 }), { sheet: 8 }]);
  assert.deepEqual(shape(volumeStructureOf(gap)), ['text/start/1-8/1']);
});

test('the contents list on the first sheets is a part; the text after it numbered from 1 is a numbering of its own', () => {
  const contents = 'Содержание тома\nОбозначение\nНаименование\nПримечание\n24-017-КР.С\nСодержание тома\n1\n24-017-КР.ТЧ\nТекстовая часть\n1-3';
  const d = volume([{ sheet: 1, sheets: 1, form: 5, text: contents }, { sheet: 1, sheets: 3, form: 5 }, ...run(2, 3)]);
  assert.deepEqual(shape(volumeStructureOf(d)), ['contents/contents/1-1/1', 'text/start/1-3/2']);
  const through = volume([{ sheet: 1, sheets: 4, form: 5, text: contents }, ...run(2, 4)]);
  assert.deepEqual(shape(volumeStructureOf(through)), ['contents/contents/1-1/1', 'text/start/2-4/1']);
});

test('the set model holds each volume’s parts and the published result carries them with the document', () => {
  const d = volume([{ sheet: 1, sheets: 3, form: 5 }, ...run(2, 3), ...run(1, 2, { form: 3 }), ...run(14, 15, { cipher: '23-555-КЖ', form: 3 })]);
  const published = publishSetModel(deriveSetModel([d])).documents[0]!;
  assert.deepEqual(published.parts, [
    { kind: 'text', cue: 'start', cipher: '24-017-КР', page_from: 1, page_to: 4, sheet_from: 1, sheet_to: 3, sheets_declared: 3, form: 6, numbering: 1 },
    { kind: 'drawings', cue: 'form', cipher: '24-017-КР', page_from: 5, page_to: 6, sheet_from: 1, sheet_to: 2, sheets_declared: null, form: 3, numbering: 2 },
    {
      kind: 'foreign',
      cue: 'foreign_cipher',
      cipher: '23-555-КЖ',
      page_from: 7,
      page_to: 8,
      sheet_from: 14,
      sheet_to: 15,
      sheets_declared: null,
      form: 3,
      numbering: null,
    },
  ]);
});

test('a title page of another cipher base gives way to the set’s base its sheets carry: no bound sheets, no gap', () => {
  const title = 'ООО «Проект»\nШкола\nПРОЕКТНАЯ ДОКУМЕНТАЦИЯ\nРаздел 4. Конструктивные решения\n24-077-КР\n2024';
  const d = volume([{ sheet: 1, sheets: 5, cipher: '24-077-КР' }, ...run(2, 5, { cipher: '24-017-КР' })], title);
  // alone, the title page decides: the sheets of the set's base look bound in
  assert.equal(volumeStructureOf(d).ownCipher?.base, '24-077');
  const v = volumeStructureOf(d, '24-017');
  assert.equal(v.ownCipher?.cipher, '24-017-КР');
  assert.deepEqual(
    v.parts.map((p) => p.kind),
    ['text'],
    'the cover’s sheet with the other base is the volume’s sheet 1 with a wrong cipher',
  );
});

test('«…-ПБ-ПЗ» text sheets 1–4 and «…-ПБ» drawings 2–4: two numberings, no repeats', () => {
  const d = volume([...run(1, 4, { cipher: '24-017-ПБ-ПЗ', sheets: 4 }), ...run(2, 4, { cipher: '24-017-ПБ', form: 3 })]);
  assert.deepEqual(shape(volumeStructureOf(d)), ['text/start/1-4/1', 'drawings/cipher/2-4/2']);
});

test('first sheets of another base give way to the set’s base most sheets carry; a volume mostly of another base keeps its own', () => {
  const d = volume([...run(1, 2, { cipher: '24-077-КР', sheets: 8 }), ...run(3, 8, { cipher: '24-017-КР' })], 'Школа\nРаздел 4. Конструктивные решения');
  assert.equal(volumeStructureOf(d).ownCipher?.cipher, '24-077-КР', 'alone, the first sheets decide');
  assert.equal(volumeStructureOf(d, '24-017').ownCipher?.cipher, '24-017-КР');
  const other = volume([...run(1, 6, { cipher: '24-077-КР', sheets: 8 }), ...run(7, 8, { cipher: '24-017-КР' })], 'Школа\nРаздел 4. Конструктивные решения');
  assert.equal(volumeStructureOf(other, '24-017').ownCipher?.cipher, '24-077-КР');
});

test('a text part named «…-ИОС4.2.ПЗ» 1–7 and drawings 1–7 whose title blocks give no cipher: two numberings', () => {
  const d = volume([
    ...run(1, 7, { cipher: '24-017-ИОС4.2.ПЗ', sheets: 7, form: 5 }),
    ...Array.from({ length: 7 }, (_, i) => ({ sheet: i + 1, cipher: '', form: 5 as const })),
  ]);
  d.stamps.forEach((s) => {
    if (s.docPage > 8) s.cipher = null;
  });
  assert.deepEqual(
    volumeStructureOf(d).parts.map((p) => p.numbering),
    [1, 2],
  );
});

test('drawings whose title blocks were recognised from their pictures after a text part: their own numbering from 1, or the text part’s going on', () => {
  const drawn = (sheet?: number): Sheet => ({ ...(sheet ? { sheet } : {}), form: 5, recognised: true });
  // sheets 1 and 4 not made out: «—, 2, 3, —, 5» is a numbering of its own, never sheets 2, 3 and 5 printed twice
  const own = volumeStructureOf(volume([...run(1, 6, { cipher: '24-017-КР.ТЧ', sheets: 8, form: 5 }), drawn(), drawn(2), drawn(3), drawn(), drawn(5)]));
  assert.deepEqual(
    own.parts.map((p) => [p.numbering, p.pageFrom, p.pageTo]),
    [
      [1, 1, 7],
      [2, 8, 12],
    ],
  );
  assert.equal(own.parts[0]!.declared?.sheets, 8);
  // a plan of a survey's appendix, sheet 3 of its own album, after a report numbered up to 4: not sheet 3 twice
  const appendix = volumeStructureOf(volume([...run(1, 4, { sheets: 4, form: 5 }), { ...drawn(3), text: 'Приложение Б\nПлан М 1:500' }]));
  assert.deepEqual(shape(appendix), ['text/start/1-4/1', 'appendix/appendix/3-3/2']);
  // «7, 8» after sheets 1–6 goes on with them
  const through = volumeStructureOf(volume([...run(1, 6, { sheets: 8, form: 5 }), drawn(7), drawn(8)]));
  assert.deepEqual(
    through.parts.map((p) => p.numbering),
    [1, 1],
  );
});
