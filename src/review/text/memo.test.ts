import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoized } from './memo.ts';

test('a memoized reading reads each text once and forgets everything past its bound', () => {
  const read: string[] = [];
  const length = memoized((s) => {
    read.push(s);
    return { n: s.length };
  }, 2);
  const first = length('ул. Ленина');
  assert.equal(length('ул. Ленина'), first);
  assert.deepEqual(read, ['ул. Ленина']);
  length('д. 5');
  // the third text empties the memory: the first is read again
  length('г. Тверь');
  assert.notEqual(length('ул. Ленина'), first);
  assert.deepEqual(read, ['ул. Ленина', 'д. 5', 'г. Тверь', 'ул. Ленина']);
});
