import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { techConditionsConsistency } from './consistency-tech-conditions.ts';

const pz = () =>
  docFacts(1, 'pz.pdf', 'ПЗ', [
    'Перечень исходно-разрешительной документации: технические условия на электроснабжение № 20-1234/23 от 12.03.2023; технические условия на водоснабжение № 456-В от 10.10.2023; технические условия на теплоснабжение № Т-17 от 05.02.2024.',
  ]);

test('ИОС1 citing another number of the electricity ТУ than ПЗ is reported; other resources are not mixed up', () => {
  const docs = [
    pz(),
    docFacts(2, 'ios1.pdf', 'ИОС1', [
      'Электроснабжение предусмотрено по техническим условиям на технологическое присоединение № 20-1243/23 от 12.03.2023. Наружное освещение — по ТУ на наружное освещение № НО-5 от 01.03.2024.',
    ]),
    docFacts(3, 'ios2.pdf', 'ИОС2', [
      'Водоснабжение — по техническим условиям № 456-В от 10.10.2023 на подключение к централизованной системе холодного водоснабжения.',
    ]),
  ];
  const f = techConditionsConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[1]);
  assert.match(f[0]!.essence, /ТУ \(электроснабжение\).*20-1243\/23.*20-1234\/23/);
});

test('a ТУ named in one place only, and a temporary site supply ТУ, are not conflicts', () => {
  const docs = [
    pz(),
    docFacts(2, 'pos.pdf', 'ПОС', ['Временное электроснабжение строительной площадки — по техническим условиям № 77-ВР-15 от 01.02.2024.']),
    docFacts(3, 'ios5.pdf', 'ИОС5', ['Телефонизация — по техническим условиям № 0123/05 от 11.11.2023 ПАО «Ростелеком».']),
  ];
  assert.deepEqual(techConditionsConsistency.run(context(docs)).findings, []);
});

test('the same number with another date is reported', () => {
  const docs = [pz(), docFacts(2, 'ios4.pdf', 'ИОС4', ['Теплоснабжение — по техническим условиям № Т-17 от 15.02.2024 на подключение к тепловым сетям.'])];
  const f = techConditionsConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.match(f[0]!.essence, /Дата ТУ \(теплоснабжение\).*15\.02\.2024.*05\.02\.2024/);
});
