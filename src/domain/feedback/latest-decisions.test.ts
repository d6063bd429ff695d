import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FeedbackRow } from '../../store/schema.ts';
import { latestDecisions } from './latest-decisions.ts';

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

test('latestDecisions keeps the highest version per (finding, actor), whatever the input order', () => {
  const history = [
    row('f2', 'key:a', 2, 'withdrawn'),
    row('f1', 'key:a', 1, 'accepted'),
    row('f2', 'key:a', 1, 'rejected'),
    row('f2', 'key:b', 1, 'accepted'),
    row('f1', 'key:a', 2, 'rejected'),
  ];
  const latest = latestDecisions(history).map((r) => [r.finding_id, r.actor, r.version, r.decision]);
  assert.deepEqual(latest, [
    ['f1', 'key:a', 2, 'rejected'],
    ['f2', 'key:a', 2, 'withdrawn'],
    ['f2', 'key:b', 1, 'accepted'],
  ]);
});
