import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { assignmentSummary, parseDesignAssignment } from '../extract/design-assignment.ts';
import { SAMPLE_ASSIGNMENT } from '../../../test/review/samples.ts';
import { parseExplanatoryNote } from '../extract/xml-note.ts';
import { energyClassConsistency } from './consistency-energy-class.ts';
import { assignmentRequirements } from './assignment-requirements.ts';

const task = (pages: string[], index = 9) => docFacts(index, 'Задание на проектирование.pdf', null, pages, { role: 'context' });
const run = (...docs: ReturnType<typeof task>[]) => assignmentRequirements.run(context(docs)).findings ?? [];

const xmlNote = (teis: [string, string, string][], energy?: string) =>
  parseExplanatoryNote(`<ExplanatoryNote SchemaVersion="01.05"><ExplanatoryNoteNumber>24-017-ПЗ</ExplanatoryNoteNumber>
<NonIndustrialObject><Name>Школа</Name>${teis.map(([n, m, v]) => `<TEI><Name>${n}</Name><Measure>${m}</Measure><Value>${v}</Value></TEI>`).join('')}
${energy ? `<EnergyEfficiency><EnergyEfficiencyClass>${energy}</EnergyEfficiencyClass></EnergyEfficiency>` : ''}</NonIndustrialObject></ExplanatoryNote>`)!;

test('the XML assignment read as text: the XML note exceeding its area limit is a significant finding quoting both sides', () => {
  const assignment = docFacts(2, 'ТЗ.xml', null, [assignmentSummary(parseDesignAssignment(SAMPLE_ASSIGNMENT)!)], { role: 'context', format: 'xml' });
  const note = xmlNote(
    [
      ['Общая площадь объекта', '055', '13070,15'],
      ['Этажность', '796', '4'],
    ],
    'A',
  );
  const xml = docFacts(1, 'Раздел ПД1-ПЗ.xml', 'ПЗ', ['Пояснительная записка (XML)'], { format: 'xml' }, note);
  const findings = assignmentRequirements.run(context([xml, assignment])).findings!;
  assert.equal(findings.length, 1, findings.map((f) => f.essence).join('\n'));
  const [f] = findings;
  assert.equal(f!.importance, 'significant');
  assert.equal(f!.about, xml);
  assert.match(
    f!.essence,
    /Общая площадь здания в проекте \(13 070,15 м²\) превышает предельное значение, установленное заданием на проектирование \(не более 13 000 м²/,
  );
  assert.match(f!.evidence, /ТЗ\.xml.*не более 13000 м²/);
  assert.match(f!.evidence, /13070,15/);
  // class A is above the required B: no finding here, and the equality check does not compare the assignment either
  assert.deepEqual(energyClassConsistency.run(context([xml, assignment])).findings, []);
});

test('a limit met is silent; one exceeded within the rounding of the less precise value is met', () => {
  const pz = docFacts(1, 'pz.pdf', 'ПЗ', ['Общая площадь здания – 12 999,6 м²; Этажность – 4']);
  assert.deepEqual(run(pz, task(['Общая площадь объекта: не более 13000 м²; Этажность: не более 4 этажей'])), []);
  // «не более 13 тыс. м²» is rounded to a thousand: 13 400 is within it
  const pz2 = docFacts(1, 'pz.pdf', 'ПЗ', ['Общая площадь здания – 13 400 м²']);
  assert.deepEqual(run(pz2, task(['Общая площадь — не более 13 тыс. м²'])), []);
  const pz3 = docFacts(1, 'pz.pdf', 'ПЗ', ['Общая площадь здания – 13 600 м²']);
  assert.equal(run(pz3, task(['Общая площадь — не более 13 тыс. м²'])).length, 1);
});

test('storeys over the limit in two volumes are one finding naming both', () => {
  const pz = docFacts(1, 'pz.pdf', 'ПЗ', ['Этажность – 5']);
  const ar = docFacts(2, 'ar.pdf', 'АР', ['Этажность здания – 5']);
  const [f, ...rest] = run(pz, ar, task(['Этажность: не более 4 этажей без учёта технического подполья']));
  assert.equal(rest.length, 0);
  assert.equal(f!.importance, 'significant');
  assert.deepEqual(
    f!.places.map((p) => p.doc.doc.index),
    [1, 2, 9],
  );
  const small = docFacts(1, 'pz.pdf', 'ПЗ', ['Площадь застройки – 1 800 м²']);
  const [g] = run(small, task(['Площадь застройки — не менее 2 000 м²']));
  assert.equal(g!.importance, 'significant');
  assert.match(g!.essence, /ниже минимального значения.*не менее 2 000 м²/);
});

test('the energy class is a lower bound: a higher class meets it, a lower one does not', () => {
  const a = docFacts(1, 'ee.pdf', 'ПЗ', ['Класс энергетической эффективности здания – A']);
  assert.deepEqual(run(a, task(['Класс энергоэффективности здания – В («высокий»)'])), []);
  assert.deepEqual(run(a, task(['Класс энергетической эффективности – не ниже B'])), []);
  const c = docFacts(1, 'ee.pdf', 'ПЗ', ['Класс энергетической эффективности здания – C']);
  const [f] = run(c, task(['Класс энергетической эффективности – не ниже B']));
  assert.equal(f!.importance, 'significant');
  assert.match(f!.essence, /\(C\) ниже минимального.*не ниже B/);
});

test('a storeys range of the assignment is met by any storey count inside it', () => {
  const oos = docFacts(1, 'oos.pdf', 'ООС', ['Этажность – 3']);
  assert.deepEqual(run(oos, task(['Здание школы переменной этажности 1–3 этажа'])), []);
  const high = docFacts(1, 'oos.pdf', 'ООС', ['Этажность – 4']);
  const [f] = run(high, task(['Этажность: от 1 до 3 этажей']));
  assert.match(f!.essence, /не совпадает со значением.*1–3/);
});

test('ОКЕИ codes of a PDF assignment table are not requirements, and nothing is judged without an assignment', () => {
  const pz = docFacts(1, 'pz.pdf', 'ПЗ', ['Общая площадь здания – 13 070,15 м²']);
  assert.deepEqual(run(pz, task(['1. Общая площадь объекта | 055 | 13070'])), []);
  const other = docFacts(9, 'письмо.pdf', null, ['Общая площадь объекта: не более 13000 м²']);
  assert.deepEqual(run(pz, other), []);
});

test('a count of the assignment kept by some volumes is left to the cross-document check; one no volume keeps is reported', () => {
  const ar = docFacts(1, 'ar.pdf', 'АР', ['Этажность – 3']);
  const pb = docFacts(2, 'pb.pdf', 'ПБ', ['Этажность – 4']);
  assert.deepEqual(run(ar, pb, task(['Этажность: 3'])), []);
  const pb3 = docFacts(2, 'pb.pdf', 'ПБ', ['Этажность – 4']);
  const ar3 = docFacts(1, 'ar.pdf', 'АР', ['Этажность – 4']);
  assert.equal(run(ar3, pb3, task(['Этажность: 3'])).length, 1);
});

test('the indicators an assignment gives for the contract price are no requirements, up to the next appendix', () => {
  const ar = docFacts(1, 'ar.pdf', 'АР', ['Количество этажей – 5']);
  const cost =
    'Приложение № 5 к Заданию\nТехнико-экономические показатели для расчета НМЦК по объекту:\nПлощадь здания (5 корпусов) м2 7 341,60\nКоличество этажей этаж 3,00';
  const f = (pages: string[]) => run(ar, task(pages));
  assert.deepEqual(f(['Задание на проектирование', cost, 'Прокладка трубопроводов теплоснабжения 1 574,00']), []);
  assert.equal(
    f(['Задание на проектирование', cost, 'Приложение 6\nКоличество этажей: не более 4 этажей']).length,
    1,
    'the next appendix is the assignment again',
  );
  assert.equal(f(['Количество этажей: 3', cost]).length, 1, 'pages before the indicators are still read');
});
