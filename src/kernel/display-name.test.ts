import { test } from 'node:test';
import assert from 'node:assert/strict';
import { displayName } from './display-name.ts';

test('invisible and bidi control characters are removed from a shown name; other characters stay', () => {
  assert.equal(displayName('АР\u202Efdp.exe'), 'АРfdp.exe');
  assert.equal(displayName('\uFEFFПЗ\u200B\u200C\u200D\u200E\u200F.pdf'), 'ПЗ.pdf');
  assert.equal(displayName('К\u00ADР\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069.pdf'), 'КР.pdf');
  assert.equal(displayName('Том 1/ИОС 5.2 — схема.pdf'), 'Том 1/ИОС 5.2 — схема.pdf');
  assert.equal(displayName('\u200B'), '\u200B', 'a name of nothing else is kept rather than shown empty');
});
