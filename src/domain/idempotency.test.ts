import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runRequestHash } from './idempotency.ts';

const base = { files: [{ name: 'a.pdf', sha256: 'aa' }], kinds: '{"a.pdf":"КР","b.pdf":"АР"}', objectAddress: 'г. Тула' };

test('request hash ignores key order and spacing of JSON fields', () => {
  assert.equal(runRequestHash(base), runRequestHash({ ...base, kinds: '{ "b.pdf": "АР", "a.pdf": "КР" }' }));
});

test('request hash changes with file content, names, order, address, task, roles and bundle', () => {
  const h = runRequestHash(base);
  assert.notEqual(h, runRequestHash({ ...base, files: [{ name: 'a.pdf', sha256: 'ab' }] }));
  assert.notEqual(h, runRequestHash({ ...base, files: [{ name: 'b.pdf', sha256: 'aa' }] }));
  assert.notEqual(h, runRequestHash({ ...base, objectAddress: 'г. Орёл' }));
  assert.notEqual(h, runRequestHash({ ...base, userRequest: 'Проверить КР' }));
  assert.notEqual(h, runRequestHash({ ...base, roles: '{"a.pdf":"review"}' }));
  assert.notEqual(h, runRequestHash({ ...base, bundleId: 'b1' }));
  const two = {
    ...base,
    files: [
      { name: 'a.pdf', sha256: 'aa' },
      { name: 'b.pdf', sha256: 'bb' },
    ],
  };
  assert.notEqual(runRequestHash(two), runRequestHash({ ...two, files: [...two.files].reverse() }));
});
