import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FeedbackRow } from '../store/schema.ts';
import { decisionView } from './feedback.ts';

const row = (finding_id: string, actor: string, version: number, decision: FeedbackRow['decision']): FeedbackRow => ({
  id: `${finding_id}-${actor}-${version}`,
  tenant_id: 't',
  run_id: 'r',
  snapshot: 's',
  finding_id,
  actor,
  decision,
  reason: '',
  reason_code: null,
  employee_id: null,
  version,
  request_key: `${finding_id}-${actor}-${version}`,
  request_hash: 'h',
  created_at: '2026-11-21T10:00:00.000Z',
});

test("decisionView marks the caller's own decisions and hides the request hash", () => {
  const view = decisionView(row('f1', 'key:a', 1, 'accepted'), 'key:a');
  assert.equal(view.own, true);
  assert.equal(view.feedback_id, 'f1-key:a-1');
  assert.equal('request_hash' in view, false);
  assert.equal(decisionView(row('f1', 'key:b', 1, 'accepted'), 'key:a').own, false);
});
