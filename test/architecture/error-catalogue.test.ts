/**
 * One error catalogue (src/kernel/errors.ts): request errors and run failures are made by its factories, so
 * every user-facing message is written there; the HTTP layer only gives statuses and renders
 * (src/http/error-handler.ts).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import test from 'node:test';
import { errors, ERROR_CODES, runFailures } from '../../src/kernel/errors.ts';
import { HTTP_STATUS } from '../../src/http/error-handler.ts';
import { SRC_ROOT, sourceFiles } from './source-graph.ts';

const CATALOGUE = 'kernel/errors.ts';

test('errors are constructed only in the catalogue: elsewhere a factory is called', () => {
  const outside = sourceFiles()
    .filter((p) => !p.endsWith('.test.ts') && relative(SRC_ROOT, p) !== CATALOGUE)
    .flatMap((p) =>
      readFileSync(p, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `src/${relative(SRC_ROOT, p)}:${i + 1}` }))
        .filter(({ line }) => /\bnew (AppError|RunFailure)\s*\(/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
  assert.deepEqual(outside, [], `add a factory to src/${CATALOGUE} and call it`);
});

test('every request error code has its HTTP status, and every status is an error status', () => {
  assert.deepEqual(Object.keys(HTTP_STATUS).sort(), [...ERROR_CODES].sort());
  for (const [code, status] of Object.entries(HTTP_STATUS)) assert.ok(status >= 400 && status < 600, `${code}: ${status}`);
});

test('factories give Russian messages with their code', () => {
  const samples = [
    errors.noFiles(),
    errors.runNotFound(),
    errors.badTheme('x', ['norms']),
    errors.archiveUnreadable('a.zip', false, 'zip'),
    runFailures.tooManyPages(120, 100, 2),
    runFailures.crashed(),
  ];
  for (const e of samples) assert.match(e.message, /[А-Яа-яЁё]/, `${e.code}: ${e.message}`);
  assert.equal(runFailures.tooManyPages(120, 100, 2).toRunError().code, 'too_many_pages');
  assert.match(runFailures.tooManyPages(250, 100, 2).message, /с двойным объёмом — 200/);
  const unreadable = runFailures.nothingReadable([{ name: 'a.pdf', reason: 'файл не является PDF' }]).toRunError();
  assert.deepEqual([unreadable.code, unreadable.file], ['bad_format', 'a.pdf']);
  assert.match(unreadable.message, /«a\.pdf»: файл не является PDF/);
  assert.equal(
    runFailures.nothingReadable([
      { name: 'a.pdf', reason: 'x' },
      { name: 'b.pdf', reason: 'y' },
    ]).file,
    undefined,
  );
  assert.equal(errors.archiveUnreadable('a.zip', true, 'zip').message, 'Архив «a.zip» защищён паролем и не может быть распакован');
});
