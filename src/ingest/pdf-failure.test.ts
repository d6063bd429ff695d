import { test } from 'node:test';
import assert from 'node:assert/strict';
import { explainPdfFailure, PDF_DAMAGED, PDF_NOT_A_PDF, PDF_PASSWORD } from './pdf-failure.ts';

test('a file that only starts like a PDF, or is empty, is told as not a PDF', () => {
  for (const detail of ['no objects found', 'cannot tell in file', 'cannot recognize version marker', 'expected object number'])
    assert.equal(explainPdfFailure(detail), PDF_NOT_A_PDF, detail);
});

test('a password is named, whichever reader said it', () => {
  assert.equal(explainPdfFailure('encrypted'), PDF_PASSWORD);
  assert.equal(explainPdfFailure('needs a password'), PDF_PASSWORD);
  assert.equal(explainPdfFailure('документ защищён паролем'), PDF_PASSWORD);
});

test('any other English complaint becomes a damaged structure; no English word reaches the user', () => {
  for (const detail of ['invalid key in dict', 'cannot find startxref', 'mutool завершился аварийно (SIGSEGV)', '', null]) {
    const told = explainPdfFailure(detail);
    assert.equal(told, PDF_DAMAGED, String(detail));
    assert.doesNotMatch(told.replace(/PDF/g, ''), /[A-Za-z]/);
  }
});

test("the service's own Russian explanation is kept as it is", () => {
  assert.equal(explainPdfFailure('процесс чтения PDF завершился'), 'процесс чтения PDF завершился');
});
