import { test } from 'node:test';
import assert from 'node:assert/strict';
import { storedDecision as row } from '../../../test/helpers/decisions.ts';
import { decisionView } from './feedback.ts';

test("decisionView marks the caller's own decisions and hides the request hash", () => {
  const view = decisionView(row('f1', 'key:a', 1, 'accepted'), 'key:a');
  assert.equal(view.own, true);
  assert.equal(view.feedback_id, 'f1-key:a-1');
  assert.equal('request_hash' in view, false);
  assert.equal(decisionView(row('f1', 'key:b', 1, 'accepted'), 'key:a').own, false);
});
