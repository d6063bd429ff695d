/** The terminal rendering of drs-client: the live progress line and the findings table. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { duration, progressBar, progressLine, table } from '../../client/src/cli/format.ts';
import type { RunStatus } from '../../client/src/index.ts';

const status = (progress: RunStatus['progress'], stage_text = 'Проверка разделов') =>
  ({ run_id: 'r', status: 'running', stage: 'review', stage_text, progress, documents: [] }) as unknown as RunStatus;

test('the live line shows the bar, percent, stage_text and time left', () => {
  const line = progressBar(status({ percent: 50, pages_total: 10, pages_done: 5, elapsed_s: 30, eta_s: 95 }), 10);
  assert.equal(line, '[█████░░░░░]  50%  Проверка разделов  осталось ≈ 1:35');
  assert.equal(progressBar(status(null), 4), '[░░░░]   …  Проверка разделов');
  assert.match(progressBar(status({ percent: 140, pages_total: null, pages_done: null, elapsed_s: null, eta_s: null }), 4), /^\[████\] 100%/);
});

test('the log line carries status, percent, stage and time left', () => {
  assert.match(
    progressLine(status({ percent: 42.7, pages_total: 1, pages_done: 0, elapsed_s: 1, eta_s: 3700 })),
    /^\d\d:\d\d:\d\d running 42% Проверка разделов \(осталось ≈ 1:01:40\)$/,
  );
});

test('tables pad columns and cut long cells', () => {
  const t = table(
    ['№', 'Суть'],
    [
      [1, 'коротко'],
      [12, 'очень длинный текст замечания'],
    ],
    10,
  );
  assert.equal(t, ['№   Суть', '──  ──────────', '1   коротко', '12  очень дли…'].join('\n'));
  assert.equal(duration(null), '—');
  assert.equal(duration(59.6), '1:00');
});
