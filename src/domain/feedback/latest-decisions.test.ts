import { test } from 'node:test';
import assert from 'node:assert/strict';
import { storedDecision as row } from '../../../test/helpers/decisions.ts';
import { latestDecisions } from './latest-decisions.ts';

test('latestDecisions keeps the highest version per (finding, actor), whatever the input order', () => {
  const history = [
    row('f2', 'key:a', 2, 'withdrawn'),
    row('f1', 'key:a', 1, 'accepted'),
    row('f2', 'key:a', 1, 'rejected'),
    row('f2', 'key:b', 1, 'accepted'),
    row('f1', 'key:a', 2, 'rejected'),
  ];
  const latest = latestDecisions(history).map((r) => [r.findingId, r.actor, r.version, r.decision]);
  assert.deepEqual(latest, [
    ['f1', 'key:a', 2, 'rejected'],
    ['f2', 'key:a', 2, 'withdrawn'],
    ['f2', 'key:b', 1, 'accepted'],
  ]);
});
