import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isNoSpace } from './error-handler.ts';

const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

test('a write without space is told by its code: files, quotas, SQLite, PostgreSQL; also as the cause of another error', () => {
  for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']) assert.equal(isNoSpace(coded(code)), true, code);
  assert.equal(isNoSpace(new Error('could not store', { cause: coded('ENOSPC') })), true, 'a cause');
  assert.equal(isNoSpace(new AggregateError([coded('ECONNRESET'), coded('SQLITE_FULL')])), true, 'one of several');
  for (const other of [coded('EACCES'), coded('SQLITE_BUSY'), coded('53200'), coded('23505'), new Error('ENOSPC in a message only'), null, 'ENOSPC', 28]) {
    assert.equal(isNoSpace(other), false, String(other));
  }
  const loop: Error & { cause?: unknown } = new Error('loop');
  loop.cause = loop;
  assert.equal(isNoSpace(loop), false, 'a cycle of causes ends');
});
