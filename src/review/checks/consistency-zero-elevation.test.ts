import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { zeroElevationConsistency } from './consistency-zero-elevation.ts';

test('КР taking another absolute elevation for 0,000 than АР and ПЗУ is reported', () => {
  const docs = [
    docFacts(1, 'pzu.pdf', 'ПЗУ', [
      'Отметка 0,000 существующего здания школы соответствует абсолютной отметке 144,20. За относительную отметку 0,000 принята отметка чистого пола первого этажа, соответствующая абсолютной отметке 145,60 (БС).',
    ]),
    docFacts(2, 'ar.pdf', 'АР', ['Отметка 0.000 соответствует абсолютной отметке 145.6.']),
    docFacts(3, 'kr.pdf', 'КР', ['Отметка низа плиты -3,600.', 'За отметку ±0,000 принята абсолютная отметка 145,90.']),
  ];
  const f = zeroElevationConsistency.run(context(docs)).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.about, docs[2]);
  assert.match(f[0]!.essence, /145,90 .*145,60/);
});

test('centimetres count: 145,60 and 145,65 differ, 145,6 and 145,60 agree', () => {
  const a = docFacts(1, 'ar.pdf', 'АР', ['Отметка 0,000 соответствует абсолютной отметке 145,60.']);
  assert.deepEqual(zeroElevationConsistency.run(context([a, docFacts(2, 'kr.pdf', 'КР', ['0,000 = 145,6'])])).findings, []);
  assert.equal(zeroElevationConsistency.run(context([a, docFacts(2, 'kr.pdf', 'КР', ['0,000 = 145,65'])])).findings!.length, 1);
});
