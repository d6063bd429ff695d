import { test } from 'node:test';
import assert from 'node:assert/strict';
import { storedDecision } from '../../../test/helpers/decisions.ts';
import { makeResult } from '../../../test/report/fixture.ts';
import type { Decision } from '../../kernel/model/feedback.ts';
import { REGISTER_COLUMNS, registerRows, registerSubtitle, standingDecision } from './rows.ts';

const at = (d: Decision, createdAt: string, over: Partial<Decision> = {}): Decision => ({ ...d, createdAt, ...over });

test('standingDecision: the newest decision that is not a withdrawal; only withdrawals → the newest withdrawal', () => {
  const accepted = at(storedDecision('f', 'key:a', 1, 'accepted'), '2026-11-21T10:00:00Z');
  const rejected = at(storedDecision('f', 'key:b', 1, 'rejected'), '2026-11-21T11:00:00Z');
  const withdrawn = at(storedDecision('f', 'key:c', 2, 'withdrawn'), '2026-11-21T12:00:00Z');
  assert.equal(standingDecision([accepted, rejected, withdrawn]), rejected);
  assert.equal(standingDecision([withdrawn, accepted]), accepted);
  assert.equal(standingDecision([withdrawn]), withdrawn);
  assert.equal(standingDecision([]), undefined);
});

test('every finding is a row in the order of its number, with all the columns and an empty answer for the designer', () => {
  const result = makeResult();
  const rows = registerRows(result, []);
  assert.equal(rows.length, result.findings.length);
  assert.deepEqual(
    rows.map((r) => r.n),
    [...result.findings].map((f) => f.n).sort((a, b) => a - b),
  );
  const first = result.findings.find((f) => f.n === rows[0]!.n)!;
  const cells = rows[0]!.cells;
  assert.equal(cells.length, REGISTER_COLUMNS.length);
  assert.equal(cells[0], String(first.n));
  assert.match(cells[1]!, new RegExp(`^${first.section}`));
  if (first.page_refs.length) assert.equal(cells[2], first.page_refs.map((r) => r.label).join('; '));
  assert.ok(cells[3]!.startsWith(first.essence));
  assert.match(cells[4]!, /Цитата: «/);
  assert.match(cells[5]!, /^(Критическое|Существенное|Незначительное)$/);
  assert.equal(cells[6], '', 'no decision yet');
  assert.equal(cells[7], '', 'the designer answers');
  assert.equal(cells[8], 'Открыто');
});

test('a rejected finding is left out by default and included, marked, on request; accepted and withdrawn stay', () => {
  const result = makeResult();
  const [a, b, c] = [...result.findings].sort((x, y) => x.n - y.n);
  const decisions = [
    { ...storedDecision(a!.finding_id, 'key:k1', 1, 'rejected'), reason: 'Расчёт приведён на листе 12', employeeId: 'ivanov' },
    { ...storedDecision(b!.finding_id, 'key:k1', 1, 'accepted'), reason: 'Согласен' },
    storedDecision(c!.finding_id, 'key:k1', 2, 'withdrawn'),
  ];
  const byDefault = registerRows(result, decisions);
  assert.equal(byDefault.length, result.findings.length - 1);
  assert.ok(!byDefault.some((r) => r.n === a!.n));
  const accepted = byDefault.find((r) => r.n === b!.n)!;
  assert.match(accepted.cells[6]!, /^Принято: Согласен\nkey:k1, 21\.11\.2026 13:00 МСК$/);
  const inYekaterinburg = registerRows(result, decisions, { timeZone: 'Asia/Yekaterinburg' }).find((r) => r.n === b!.n)!;
  assert.match(inYekaterinburg.cells[6]!, /^Принято: Согласен\nkey:k1, 21\.11\.2026 15:00 Asia\/Yekaterinburg$/, 'the organization reads its own time');
  assert.equal(accepted.cells[8], 'Принято, к устранению');
  const withdrawn = byDefault.find((r) => r.n === c!.n)!;
  assert.match(withdrawn.cells[6]!, /^Решение отозвано/);
  assert.equal(withdrawn.cells[8], 'Открыто (решение отозвано)');

  const all = registerRows(result, decisions, { includeRejected: true });
  assert.equal(all.length, result.findings.length);
  const rejected = all.find((r) => r.n === a!.n)!;
  assert.equal(rejected.rejected, true);
  assert.match(rejected.cells[6]!, /^Отклонено: Расчёт приведён на листе 12\nivanov, /, 'the employee is named when given');
  assert.equal(rejected.cells[8], 'Отклонено специалистом');
  assert.equal(all.filter((r) => r.rejected).length, 1);
});

test('the section and theme filters are those of the reports and keep the overall numbers', () => {
  const result = makeResult();
  const kr = registerRows(result, [], { filter: { section: 'КР' } });
  assert.ok(kr.length > 0);
  assert.deepEqual(
    kr.map((r) => r.n),
    result.findings
      .filter((f) => f.section === 'КР')
      .map((f) => f.n)
      .sort((x, y) => x - y),
  );
  const norms = registerRows(result, [], { filter: { theme: 'norms' } });
  assert.equal(norms.length, result.findings.filter((f) => f.topic === 'norms').length);
  assert.match(registerSubtitle('r1', { section: 'КР' }, false), /^Проверка r1; раздел КР — .*; без замечаний, отклонённых специалистом$/);
  assert.match(registerSubtitle('r1', { theme: 'norms' }, true), /«Нормативные требования и оформление»; отклонённые .* включены и отмечены$/);
});

test('against the previous round: new or persisting with the previous number and the decision taken then; resolved named in the subtitle', () => {
  const result = makeResult();
  const [a, b] = [...result.findings].sort((x, y) => x.n - y.n);
  a!.revision = { status: 'persisting', previous_finding_id: 'prev-7', previous_n: 7 };
  b!.revision = { status: 'new' };
  const previousDecisions = [at(storedDecision('prev-7', 'key:a', 1, 'rejected'), '2026-11-20T10:00:00Z', { reason: 'Расчёт приложен' })];
  const rows = registerRows(result, [], { previousDecisions });
  const last = REGISTER_COLUMNS.length - 1;
  assert.equal(REGISTER_COLUMNS[last]!.header, 'Изменение с прошлой проверки');
  assert.equal(rows[0]!.cells[last], 'Повторное (№ 7 прошлой проверки)\nРешение в прошлом туре: отклонено — Расчёт приложен');
  assert.equal(rows[0]!.cells[8], 'Открыто', 'the decision of the previous round is not applied');
  assert.equal(rows[1]!.cells[last], 'Новое');
  const revision = {
    previous_run_id: 'r0',
    previous_published_at: '2026-11-20T09:00:00.000Z',
    counts: { new: 1, persisting: 1, resolved: 1 },
    resolved: [{ finding_id: 'prev-3', n: 3, importance: 'minor' as const, section: 'АР', topic: 'norms' as const, check_id: 'x', essence: 'e', place: 'p' }],
  };
  assert.match(registerSubtitle('r1', undefined, false, revision), /устранено замечаний прошлой проверки — 1: № 3$/);
  assert.match(registerSubtitle('r1', { section: 'КР' }, false, revision), /устранено замечаний прошлой проверки — 0$/);
  assert.equal(registerRows({ ...result, findings: result.findings.map(({ revision: _, ...f }) => f) }, [])[0]!.cells[last], '', 'no comparison, no mark');
});
