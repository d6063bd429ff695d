import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toClaimedDelivery } from './deliveries.ts';

test('a claimed delivery row with its organization settings and the lease becomes the dispatcher view', () => {
  const row = {
    id: 'd1',
    tenant_id: 't1',
    run_id: 'r1',
    event: 'run.finished' as const,
    body: '{"event":"run.finished"}',
    url: 'https://hooks.example/drs',
    attempts: 1,
    max_attempts: 4,
    webhook_secret: 'whsec',
    webhook_settings: '{"attempts":4}',
  };
  assert.deepEqual(toClaimedDelivery(row, { owner: 'worker-1', expiresAt: '2026-11-21T10:01:00.000Z' }), {
    id: 'd1',
    tenantId: 't1',
    runId: 'r1',
    event: 'run.finished',
    body: '{"event":"run.finished"}',
    url: 'https://hooks.example/drs',
    attempts: 1,
    maxAttempts: 4,
    webhookSecret: 'whsec',
    webhookSettings: '{"attempts":4}',
    leaseOwner: 'worker-1',
    leaseExpiresAt: '2026-11-21T10:01:00.000Z',
  });
});
