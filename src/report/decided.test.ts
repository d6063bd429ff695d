import { test } from 'node:test';
import assert from 'node:assert/strict';
import { storedDecision } from '../../test/helpers/decisions.ts';
import { makeResult, META } from '../../test/report/fixture.ts';
import { asPublished, decidedPrefix, decidedSource, rejectedFindingIds, type DecidedState } from './decided.ts';
import { renderMarkdown } from './markdown.ts';

test('rejectedFindingIds: findings whose standing decision is a rejection, sorted; a later acceptance or a withdrawal frees them', () => {
  const later = (d: ReturnType<typeof storedDecision>) => ({ ...d, createdAt: '2026-11-21T11:00:00.000Z' });
  const current = [
    storedDecision('f2', 'key:a', 1, 'rejected'),
    storedDecision('f1', 'key:a', 1, 'rejected'),
    storedDecision('f3', 'key:a', 1, 'rejected'),
    later(storedDecision('f3', 'key:b', 1, 'accepted')),
    storedDecision('f4', 'key:a', 2, 'withdrawn'),
  ];
  assert.deepEqual(rejectedFindingIds(current), ['f1', 'f2']);
  assert.deepEqual(rejectedFindingIds([]), []);
});

const rejecting = (rejectedIds: string[]): DecidedState => ({ rejectedIds, proposals: [], answers: [] });

test('decidedPrefix names the state: the same set of rejected findings, the same prefix; a decided proposal or another answer, another', () => {
  assert.equal(decidedPrefix('r', rejecting(['a', 'b'])), decidedPrefix('r', rejecting(['a', 'b'])));
  assert.notEqual(decidedPrefix('r', rejecting(['a', 'b'])), decidedPrefix('r', rejecting(['a'])));
  assert.match(decidedPrefix('r', rejecting(['a'])), /^runs\/r\/report\/decided-[0-9a-f]{24}$/);
  const answer = { finding_id: 'p1', answer: 'Исправлено', sheet: '2', closed: '', uploaded_at: '2026-12-01T10:00:00.000Z' };
  const confirmed: DecidedState = { rejectedIds: ['a'], proposals: [{ decide_on: 'p1', decision: 'accepted' }], answers: [answer] };
  assert.notEqual(decidedPrefix('r', confirmed), decidedPrefix('r', rejecting(['a'])));
  assert.notEqual(decidedPrefix('r', confirmed), decidedPrefix('r', { ...confirmed, proposals: [{ decide_on: 'p1', decision: 'rejected' }] }));
  assert.notEqual(decidedPrefix('r', confirmed), decidedPrefix('r', { ...confirmed, answers: [{ ...answer, answer: 'Исправлено иначе' }] }));
  assert.ok(asPublished(rejecting([])) && !asPublished(rejecting(['a'])) && !asPublished({ ...confirmed, rejectedIds: [] }));
});

test('decidedSource leaves the rejected findings out, keeps the others’ numbers and the sections, and the report names them', () => {
  const result = makeResult();
  const [a, b] = [...result.findings].sort((x, y) => x.n - y.n);
  const { result: left, meta } = decidedSource(result, META, rejecting([b!.finding_id, a!.finding_id]));
  assert.equal(left.findings.length, result.findings.length - 2);
  assert.deepEqual(meta.rejected_findings, [a!.n, b!.n]);
  assert.deepEqual(left.available_sections, result.available_sections);
  const md = renderMarkdown(left, meta);
  assert.doesNotMatch(md, new RegExp(`#### № ${a!.n} · `));
  assert.match(md, new RegExp(`Отклонены специалистом и в отчёт не включены: № ${a!.n}, № ${b!.n} `));
  assert.doesNotMatch(renderMarkdown(result, META), /Отклонены специалистом/);
});
