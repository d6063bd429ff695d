import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, docFacts } from '../../../test/review/facts-builder.ts';
import { malformedNorms } from './malformed-norms.ts';
import { nonexistentNorms } from './nonexistent-norms.ts';
import { supersededNorms } from './superseded-norms.ts';

test('«СП 50.1333.2012» in a 2018 ЭЭ volume is a significant finding naming the СП meant, and only this check reports it', () => {
  const d = docFacts(1, 'ЭЭ.pdf', 'ЭЭ', [
    'Москва\n2018 г.',
    'Приведенное сопротивление теплопередаче определено по СП 50.1333.2012.',
    'См. СП 50.1333.2012, п. 5.2',
  ]);
  const ctx = context([d]);
  const f = malformedNorms.run(ctx).findings!;
  assert.equal(f.length, 1);
  assert.equal(f[0]!.checkId, 'norms.malformed_designation');
  assert.equal(f[0]!.importance, 'significant');
  assert.deepEqual(
    f[0]!.places.map((p) => p.page),
    [2, 3],
  );
  assert.match(
    f[0]!.essence,
    /Искажённое обозначение нормативного документа СП 50\.1333\.2012: в регистрационном коде 1333 вместо 13330 \(вероятно, имелся в виду СП 50\.13330\.2012\)/,
  );
  assert.match(f[0]!.evidence, /указано: .*СП 50\.1333\.2012/);
  assert.equal(f[0]!.norm, 'СП 50.13330.2012');
  assert.deepEqual(nonexistentNorms.run(ctx).findings, []);
  assert.deepEqual(supersededNorms.run(ctx).findings, []);
});

test('a typo the registry knows stays with norms.nonexistent: one finding per citation', () => {
  const d = docFacts(1, 'ov.pdf', 'ИОС4', ['Отопление по СП 60.1330.2020 и СП 60.133330.2020']);
  const ctx = context([d]);
  assert.deepEqual(
    nonexistentNorms.run(ctx).findings!.map((x) => x.norm),
    ['СП 60.13330.2020'],
  );
  assert.deepEqual(
    malformedNorms.run(ctx).findings!.map((x) => x.essence.match(/СП \S+/)?.[0]),
    ['СП 60.133330.2020:'],
  );
});

test('an existing СП with a high number is not reported; context documents are not judged', () => {
  const d = docFacts(1, 'ar.pdf', 'АР', ['Автостоянка запроектирована по СП 154.13130.2013 «Встроенные подземные автостоянки»']);
  assert.deepEqual(malformedNorms.run(context([d])).findings, []);
  const ctxDoc = docFacts(2, 'old.pdf', 'ЭЭ', ['СП 50.1333.2012'], { role: 'context' });
  assert.deepEqual(malformedNorms.run(context([ctxDoc])).findings, []);
});
