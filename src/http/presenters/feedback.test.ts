import { test } from 'node:test';
import assert from 'node:assert/strict';
import { storedDecision as row } from '../../../test/helpers/decisions.ts';
import { makeResult } from '../../../test/report/fixture.ts';
import type { Published } from '../../domain/feedback/published.ts';
import type { Run } from '../../kernel/model/runs.ts';
import { decisionView, findingsBody } from './feedback.ts';

test("decisionView marks the caller's own decisions and hides the request hash", () => {
  const view = decisionView(row('f1', 'key:a', 1, 'accepted'), 'key:a');
  assert.equal(view.own, true);
  assert.equal(view.feedback_id, 'f1-key:a-1');
  assert.equal('request_hash' in view, false);
  assert.equal(decisionView(row('f1', 'key:b', 1, 'accepted'), 'key:a').own, false);
});

test('findingsBody: the previous round decisions on persisting findings only, latest per author, beside and not in feedback', () => {
  const result = makeResult(3);
  result.findings[0]!.revision = { status: 'persisting', previous_finding_id: 'old-1', previous_n: 4 };
  result.findings[1]!.revision = { status: 'new' };
  result.findings[2]!.revision = { status: 'new' };
  result.revision = { previous_run_id: 'r0', previous_published_at: '2026-11-20T10:00:00.000Z', counts: { new: 2, persisting: 1, resolved: 1 }, resolved: [] };
  const published: Published = { run: { id: 'r1' } as Run, snapshot: 's', result };
  // old-2 was resolved: its decision has no finding to stand beside
  const previous = [row('old-1', 'key:a', 1, 'accepted'), row('old-1', 'key:a', 2, 'rejected'), row('old-2', 'key:a', 1, 'accepted')];
  const body = findingsBody(published, 'key:a', [], previous);
  assert.deepEqual(
    body.revision?.previous_feedback.map((d) => [d.finding_id, d.decision, d.version, d.own]),
    [['old-1', 'rejected', 2, true]],
  );
  assert.deepEqual(body.feedback, []);
  assert.equal('revision' in findingsBody({ ...published, result: makeResult(3) }, 'key:a', []), false, 'compared with none: no field');
});
