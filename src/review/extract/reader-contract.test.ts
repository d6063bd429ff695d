import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasTextLayer } from './reader-contract.ts';

test('a page has a text layer from ten visible characters on, however spread out', () => {
  assert.equal(hasTextLayer(''), false);
  assert.equal(hasTextLayer(' \n\t \n'), false);
  assert.equal(hasTextLayer('1 2 3 4 5 6 7 8 9'), false);
  assert.equal(hasTextLayer('1\n2\n3\n4\n5\n6\n7\n8\n9\n0'), true);
  assert.equal(hasTextLayer(`${' '.repeat(5000)}Лист 123456`), true);
  assert.equal(hasTextLayer('Пояснительная записка'), true);
});
