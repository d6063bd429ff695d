import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NameRegistry, folderRoleOf, sanitizeEntryName } from './entry-name.ts';

test('archive paths are reduced to safe relative names', () => {
  assert.equal(sanitizeEntryName('../../a/./b.pdf'), 'a/b.pdf');
  assert.equal(sanitizeEntryName('/etc/x.pdf'), 'etc/x.pdf');
  assert.equal(sanitizeEntryName('C:\\Проект\\КР.pdf'), 'Проект/КР.pdf');
  assert.equal(sanitizeEntryName('a\u0000b.pdf'), 'ab.pdf');
  assert.equal(sanitizeEntryName('../..'), null);
});

test('Context and Reviews folders give roles, nearest folder first, any case', () => {
  assert.equal(folderRoleOf('CONTEXT/a.pdf'), 'context');
  assert.equal(folderRoleOf('x/reviews/a.pdf'), 'review');
  assert.equal(folderRoleOf('Reviews/Context/a.pdf'), 'context');
  assert.equal(folderRoleOf('Context.pdf'), null);
});

test('equal names are numbered before the extension, case-insensitively', () => {
  const r = new NameRegistry();
  assert.deepEqual(
    ['a.pdf', 'A.pdf', 'a.pdf', 'dir.v2/file'].map((n) => r.claim(n)),
    ['a.pdf', 'A (2).pdf', 'a (3).pdf', 'dir.v2/file'],
  );
});
