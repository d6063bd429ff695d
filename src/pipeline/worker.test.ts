import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deathError, timeoutError } from './worker.ts';

test("a child's death on the last attempt is told by its cause: the heap limit, a signal, an exit code", () => {
  const oom = deathError({ code: null, signal: 'SIGABRT', outOfMemory: true }, 3, 1024);
  assert.equal(oom.code, 'processing_failed');
  assert.match(oom.message, /^Обработке комплекта не хватило памяти \(лимит 1024 МБ\) — попыток: 3\. .*возвращена на счёт$/);
  assert.match(deathError({ code: null, signal: 'SIGKILL', outOfMemory: false }, 3, 1024).message, /остановлен сигналом SIGKILL — попыток: 3/);
  assert.match(deathError({ code: 1, signal: null, outOfMemory: false }, 2, 1024).message, /аварийно завершился \(код 1\) — попыток: 2/);
});

test('the time limit is named in seconds or minutes', () => {
  assert.match(timeoutError(400).message, /не уложилась в отведённое время \(1 с\)/);
  assert.match(timeoutError(90_000).message, /\(90 с\)/);
  assert.match(timeoutError(3_600_000).message, /\(60 мин\)/);
  assert.equal(timeoutError(1000).code, 'processing_failed');
});
