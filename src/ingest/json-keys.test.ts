import { test } from 'node:test';
import assert from 'node:assert/strict';
import { duplicateJsonKey } from './json-keys.ts';

test('a key given twice in one object is found, escaped forms included', () => {
  assert.equal(duplicateJsonKey('{"ПЗ.pdf":"ПЗ","АР.pdf":"АР","ПЗ.pdf":"КР"}'), 'ПЗ.pdf');
  assert.equal(duplicateJsonKey('{"a":1,"\\u0061":2}'), 'a');
  assert.equal(duplicateJsonKey('{ "x" : { "y": 1, "y": 2 } }'), 'y', 'in a nested object');
});

test('equal keys in different objects, equal values, and keys inside strings are not duplicates', () => {
  assert.equal(duplicateJsonKey('{"a":{"b":1},"c":{"b":2}}'), null);
  assert.equal(duplicateJsonKey('{"a":"a","b":"a"}'), null);
  assert.equal(duplicateJsonKey('{"a":"\\",\\"a\\":","b":["a","a"]}'), null);
  assert.equal(duplicateJsonKey('[{"a":1},{"a":1}]'), null);
  assert.equal(duplicateJsonKey('"a"'), null);
});
