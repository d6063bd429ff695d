import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accessOpen } from './organization.ts';

test('access is open to an active organization inside its access period only', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  const org = (over = {}) => ({ status: 'active' as const, accessFrom: null, accessUntil: null, ...over });
  assert.equal(accessOpen(org(), now), true);
  assert.equal(accessOpen(org({ status: 'suspended' }), now), false);
  assert.equal(accessOpen(org({ accessUntil: '2026-05-31T23:59:59Z' }), now), false);
  assert.equal(accessOpen(org({ accessUntil: '2026-06-01T00:00:00Z' }), now), false, 'access ends at access_until');
  assert.equal(accessOpen(org({ accessUntil: '2026-06-02T00:00:00Z' }), now), true);
  assert.equal(accessOpen(org({ accessFrom: '2026-06-02T00:00:00Z' }), now), false, 'not yet begun');
});
