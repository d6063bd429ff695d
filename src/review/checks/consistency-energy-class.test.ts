import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { parseExplanatoryNote } from '../extract/xml-note.ts';
import { energyClassConsistency } from './consistency-energy-class.ts';

const run = (docs: Parameters<typeof context>[0]) => energyClassConsistency.run(context(docs)).findings!;

test('an energy class of АР differing from ПЗ is reported; Latin and Cyrillic letters are one class', () => {
  const pz = docFacts(1, 'pz.pdf', 'ПЗ', ['Класс энергетической эффективности здания — B (высокий).']);
  assert.deepEqual(run([pz, docFacts(2, 'ar.pdf', 'АР', ['Класс энергетической эффективности: «В»'])]), []);
  const f = run([pz, docFacts(2, 'ar.pdf', 'АР', ['Класс энергетической эффективности здания — С (нормальный).'])]);
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /C .*B/);
});

test('an old class name agrees with any class it may stand for, and not with others', () => {
  const pz = docFacts(1, 'pz.pdf', 'ПЗ', ['Класс энергетической эффективности здания — B.']);
  assert.deepEqual(run([pz, docFacts(2, 'ar.pdf', 'АР', ['Класс энергосбережения — «высокий».'])]), []);
  assert.equal(run([pz, docFacts(2, 'ar.pdf', 'АР', ['Класс энергосбережения — «нормальный».'])]).length, 1);
});

test("requirements and the table of classes in ЭЭ are not the building's class", () => {
  const docs = [
    docFacts(1, 'pz.pdf', 'ПЗ', ['Класс энергетической эффективности здания — A.']),
    docFacts(2, 'ee.pdf', 'ЭЭ', [
      'Класс энергетической эффективности многоквартирного дома должен быть не ниже В.',
      'Обозначение класса | Наименование класса\nA++ | Очень высокий\nB | Высокий\nC | Нормальный',
    ]),
  ];
  assert.deepEqual(run(docs), []);
});

test('the XML EnergyEfficiencyClass is compared with the documents', () => {
  const xml = parseExplanatoryNote(
    '<ExplanatoryNote SchemaVersion="01.07"><NonIndustrialObject><Name>Жилой дом</Name><EnergyEfficiency><EnergyEfficiencyClass>A+</EnergyEfficiencyClass></EnergyEfficiency></NonIndustrialObject></ExplanatoryNote>',
  );
  const docs = [
    docFacts(1, 'pz.xml', 'ПЗ', ['XML'], {}, xml),
    docFacts(2, 'pz.pdf', 'ПЗ', ['Класс энергетической эффективности здания — B.']),
    docFacts(3, 'ar.pdf', 'АР', ['Класс энергетической эффективности — B (высокий).']),
  ];
  const f = run(docs);
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[0]);
  assert.match(f[0]!.evidence, /EnergyEfficiencyClass: A\+/);
});
