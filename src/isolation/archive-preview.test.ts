import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isAppError } from '../kernel/errors.ts';
import { isNoSpace } from '../http/error-handler.ts';
import { previewFailure } from './archive-preview.ts';

const upload = { name: 'комплект.zip', path: '/tmp/x', size: 1, sha256: '0' };

test('a refusal in the child is answered as the same error of the catalogue', () => {
  const err = previewFailure({ kind: 'refused', code: 'too_many_files', message: 'В архивах слишком много записей', file: 'a.zip' }, upload, 1024);
  assert.ok(isAppError(err));
  assert.deepEqual([err.code, err.message, err.file], ['too_many_files', 'В архивах слишком много записей', 'a.zip']);
});

test('a preview past its time is the archive that could not be unpacked in time', () => {
  const err = previewFailure({ kind: 'timeout', ms: 600_000 }, upload, 1024);
  assert.ok(isAppError(err));
  assert.deepEqual([err.code, err.file], ['bad_format', 'комплект.zip']);
});

test('a full disk in the child stays a full disk (507), other crashes stay internal', () => {
  assert.equal(isNoSpace(previewFailure({ kind: 'crash', message: 'ENOSPC: no space left on device', code: 'ENOSPC' }, upload, 1024)), true);
  const other = previewFailure({ kind: 'crash', message: 'boom' }, upload, 1024);
  assert.equal(isNoSpace(other), false);
  assert.equal(isAppError(other), false);
  const died = previewFailure({ kind: 'died', death: { code: null, signal: 'SIGKILL', outOfMemory: true } }, upload, 1024);
  assert.match(died.message, /memory limit \(1024 MB\)/);
});
