import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findNormRefs, lookupNorm, prepareForNorms } from './matcher.ts';
import { malformedDesignation } from './malformed.ts';

const judge = (text: string) => {
  const ref = findNormRefs(prepareForNorms(text))[0];
  return ref && !lookupNorm(ref) ? malformedDesignation(ref, 2026) : null;
};

test('a broken register code names the СП probably meant', () => {
  assert.deepEqual(
    { ...judge('СП 50.1333.2012') },
    { cited: 'СП 50.1333.2012', status: 'malformed', replacement: 'СП 50.13330.2012', reason: 'в регистрационном коде 1333 вместо 13330', ambiguous: false },
  );
  assert.equal(judge('СП 60.133330.2020')?.replacement, 'СП 60.13330.2020');
  assert.equal(judge('СП 484.131150.2020')?.replacement, 'СП 484.1311500.2020');
  assert.equal(judge('СП 256.1352800.2016'), null, 'two digits swapped is not one edit: left alone');
  assert.equal(judge('СП 2.13230.2020')?.ambiguous, true, 'one edit from both 13130 and 13330: only asked');
});

test('years no edition can have', () => {
  assert.match(judge('СП 54.13330.2032')!.reason, /ещё не могла быть издана/);
  assert.match(judge('СП 20.13330.2003')!.reason, /издаются с 2009 года/);
  assert.match(judge('ГОСТ Р 21.1101-1985')!.reason, /с 1992 года/);
  assert.match(judge('ГОСТ Р 21.1101-2031')!.reason, /не мог быть издан/);
});

test('real designations, sanitary rules, undated and OCR-cut references are not malformed', () => {
  for (const v of [
    'СП 50.13330.2024',
    'СП 2.13130.2020',
    'СП 256.1325800.2016',
    'СП 484.1311500.2020',
    'СП 3.3686-21',
    'СП 2.4.3648-20',
    'СП 50.1333',
    'ГОСТ 2.105-95',
    'ГОСТ Р 21.101-2020',
    'ГОСТ Р ИСО 9001-2015',
    'ГОСТ 12.1.004-91',
    'СП 165.1325800.2014',
    'СП 12.13130.2009',
    'СП 158.13330.2014',
  ]) {
    assert.equal(judge(v), null, v);
  }
});

test('a number alone never makes a designation malformed: every series runs to numbers no fixed bound knows', () => {
  for (const v of [
    'СП 154.13130.2013',
    'СП 155.13130.2014',
    'СП 156.13130.2014',
    'СП 241.1311500.2015',
    'СП 502.1325800.2021',
    'СП 264.13330.2019',
    'СП 395.1325800.2018',
  ]) {
    assert.equal(judge(v), null, v);
  }
});
