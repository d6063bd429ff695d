import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { parseExplanatoryNote } from '../extract/xml-note.ts';
import { fireSafetyConsistency } from './consistency-fire-safety.ts';

const run = (docs: Parameters<typeof context>[0]) => fireSafetyConsistency.run(context(docs)).findings!;

test('a degree of fire resistance stated differently in ПБ is reported with both quotes and pages', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['титул', 'Степень огнестойкости здания — II. Класс конструктивной пожарной опасности — С0.']),
    docFacts(2, 'ar.pdf', 'АР', ['Проектируемое здание II степени огнестойкости, класс конструктивной пожарной опасности С0.']),
    docFacts(3, 'pb.pdf', 'ПБ', ['титул', 'x', 'Степень огнестойкости — III. Класс конструктивной пожарной опасности — С0.']),
  ];
  const f = run(docs);
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[2]);
  assert.deepEqual(
    f[0]!.places.map((p) => [p.doc.doc.index, p.page]),
    [
      [3, 3],
      [1, 2],
    ],
  );
  assert.match(f[0]!.essence, /степень огнестойкости.*III.*II/);
  assert.match(f[0]!.evidence, /Степень огнестойкости - III/);
  assert.match(f[0]!.evidence, /Степень огнестойкости здания - II/);
});

test('clean traps: norm quotes, neighbours, a commercial ground floor Ф4.3 and Latin look-alikes raise nothing', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', [
      'Класс функциональной пожарной опасности — Ф1.3. Степень огнестойкости здания — II. Класс конструктивной пожарной опасности — C0. Уровень ответственности — нормальный.',
    ]),
    docFacts(2, 'pb.pdf', 'ПБ', [
      'Класс функциональной пожарной опасности здания — Ф1.3, встроенных помещений — Ф4.3. Степень огнестойкости — II, класс конструктивной пожарной опасности — С0.',
      'Для зданий I и II степени огнестойкости класса С0–С1 допускается применять… Соседнее здание (гараж): степень огнестойкости — V, класс конструктивной пожарной опасности — С3.',
      'Встроенные помещения: класс функциональной пожарной опасности — Ф4.3.',
    ]),
    docFacts(3, 'ar.pdf', 'АР', ['Класс функциональной пожарной опасности: Ф1.3, Ф4.3 (нежилые помещения первого этажа).']),
    docFacts(4, 'kr.pdf', 'КР', ['Уровень ответственности здания — II (нормальный), класс сооружения КС-2.']),
  ];
  assert.deepEqual(run(docs), []);
});

test('a document stating two degrees for the building is ambiguous and takes no part', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Степень огнестойкости здания — II.']),
    docFacts(2, 'pb.pdf', 'ПБ', ['Степень огнестойкости здания — II.', 'Степень огнестойкости — I.']),
  ];
  assert.deepEqual(run(docs), []);
});

test('a functional class no statement of the others shares is a conflict', () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Класс функциональной пожарной опасности здания — Ф1.3, встроенных помещений — Ф4.3.']),
    docFacts(2, 'ar.pdf', 'АР', ['Класс функциональной пожарной опасности здания — Ф1.3.']),
    docFacts(3, 'pb.pdf', 'ПБ', ['Класс функциональной пожарной опасности здания — Ф1.4.']),
  ];
  const f = run(docs);
  assert.deepEqual(
    f.map((x) => x.about!.doc.index),
    [3],
  );
});

test('the XML responsibility level is compared with the documents', () => {
  const xml = parseExplanatoryNote(
    '<ExplanatoryNote SchemaVersion="01.07"><NonIndustrialObject><Name>Жилой дом</Name><ResponsibilityLevel>повышенный</ResponsibilityLevel></NonIndustrialObject></ExplanatoryNote>',
  );
  const docs = [
    docFacts(1, 'pz.xml', 'ПЗ', ['XML'], {}, xml),
    docFacts(2, 'pz.pdf', 'ПЗ', ['Уровень ответственности здания — нормальный.']),
    docFacts(3, 'kr.pdf', 'КР', ['Здание относится к нормальному уровню ответственности.']),
  ];
  const f = run(docs);
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[0]);
  assert.match(f[0]!.evidence, /ResponsibilityLevel: повышенный/);
});

test("two sets naming the same shops Ф4.3 still disagree on the building's own class", () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Класс функциональной пожарной опасности: Ф1.3, Ф4.3.']),
    docFacts(2, 'pb.pdf', 'ПБ', ['Класс функциональной пожарной опасности здания — Ф1.3.']),
    docFacts(3, 'ar.pdf', 'АР', ['Класс функциональной пожарной опасности: Ф1.4, Ф4.3 (встроенные помещения).']),
  ];
  assert.deepEqual(
    run(docs).map((x) => x.about!.doc.index),
    [3],
  );
});

test("a К-class written as the building's class of structural fire hazard conflicts with С0 and is explained", () => {
  const docs = [
    docFacts(1, 'ar1.pdf', 'АР', ['титул', 'Степень огнестойкости здания — I. Класс конструктивной пожарной опасности здания — С0.']),
    docFacts(2, 'ar2.pdf', 'АР', ['Класс конструктивной пожарной опасности: С0']),
    docFacts(3, 'ar3.pdf', 'АР', ['титул', 'Класс конструктивной пожарной опасности здания - К0. Степень огнестойкости здания — I.']),
  ];
  const f = fireSafetyConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about?.doc.name, 'ar3.pdf');
  assert.match(f[0]!.essence, /К0 в «ar3\.pdf» и С0/);
  assert.match(f[0]!.essence, /классы пожарной опасности строительных конструкций.*С0–С3/);
  // a К-class of constructions under its own label is not the building's class
  const own = docFacts(4, 'kr.pdf', 'КР', ['Класс пожарной опасности строительных конструкций — К0.']);
  assert.equal(fireSafetyConsistency.run(context([docs[0]!, docs[1]!, own])).findings!.length, 0);
});

test('the XML note’s fire category against the one the design assignment sets is a finding on the note', () => {
  const task = docFacts(2, 'ТЗ.xml', null, ['Задание на проектирование\nКатегория по пожарной и взрывопожарной опасности: В'], { role: 'context' });
  const xml = parseExplanatoryNote(
    '<ExplanatoryNote SchemaVersion="01.05"><NonIndustrialObject><Name>Школа</Name><FireDangerCategory>Б</FireDangerCategory></NonIndustrialObject></ExplanatoryNote>',
  )!;
  const note = docFacts(1, 'ПЗ.xml', null, ['x'], { format: 'xml', pdfPath: null }, xml);
  const found = fireSafetyConsistency.run(context([note, task])).findings!;
  assert.deepEqual(
    found.map((f) => [f.about?.doc.index, /Б/.test(f.essence) && /В/.test(f.essence)]),
    [[1, true]],
  );
});
