import { test } from 'node:test';
import assert from 'node:assert/strict';
import { storedDecision } from '../../test/helpers/decisions.ts';
import { makeResult, META } from '../../test/report/fixture.ts';
import { decidedPrefix, decidedSource, rejectedFindingIds } from './decided.ts';
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

test('decidedPrefix names the set of rejected findings: the same set, the same prefix', () => {
  assert.equal(decidedPrefix('r', ['a', 'b']), decidedPrefix('r', ['a', 'b']));
  assert.notEqual(decidedPrefix('r', ['a', 'b']), decidedPrefix('r', ['a']));
  assert.match(decidedPrefix('r', ['a']), /^runs\/r\/report\/decided-[0-9a-f]{24}$/);
});

test('decidedSource leaves the rejected findings out, keeps the others’ numbers and the sections, and the report names them', () => {
  const result = makeResult();
  const [a, b] = [...result.findings].sort((x, y) => x.n - y.n);
  const { result: left, meta } = decidedSource(result, META, [b!.finding_id, a!.finding_id]);
  assert.equal(left.findings.length, result.findings.length - 2);
  assert.deepEqual(meta.rejected_findings, [a!.n, b!.n]);
  assert.deepEqual(left.available_sections, result.available_sections);
  const md = renderMarkdown(left, meta);
  assert.doesNotMatch(md, new RegExp(`#### № ${a!.n} · `));
  assert.match(md, new RegExp(`Отклонены специалистом и в отчёт не включены: № ${a!.n}, № ${b!.n} `));
  assert.doesNotMatch(renderMarkdown(result, META), /Отклонены специалистом/);
});
