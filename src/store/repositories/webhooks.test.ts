import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toDeliveryEntry } from './webhooks.ts';

test('a journal row of webhook_deliveries becomes a delivery entry', () => {
  const entry = toDeliveryEntry({
    id: 'd1',
    run_id: 'r1',
    event: 'run.failed',
    status: 'pending',
    attempts: 2,
    last_response_code: 503,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:04.000Z',
    delivered_at: null,
    next_attempt_at: '2026-11-21T10:00:10.000Z',
  });
  assert.deepEqual(entry, {
    id: 'd1',
    runId: 'r1',
    event: 'run.failed',
    status: 'pending',
    attempts: 2,
    lastResponseCode: 503,
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:04.000Z',
    deliveredAt: null,
    nextAttemptAt: '2026-11-21T10:00:10.000Z',
  });
});
