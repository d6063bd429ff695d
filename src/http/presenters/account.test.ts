import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ApiKeyRecord, Organization } from '../../kernel/model/organization.ts';
import { issuedKeyView, keyView, limitsOf, meView, revokedKeyView, subscriptionView, tenantView, usageView } from './account.ts';

const tenant = (over: Partial<Organization> = {}): Organization => ({
  id: 't1',
  name: 'ООО «Проект»',
  status: 'active',
  checksLeft: 7,
  limits: { maxFiles: 10, maxFileBytes: 1000, maxTotalBytes: 5000, maxPages: 300, oversizeFactor: 2 },
  concurrency: 3,
  sections: ['ПЗ', 'АР'],
  webhookUrl: 'https://hooks.example/drs',
  webhookSecret: 'very-secret',
  webhookSettings: { attempts: 4 },
  hasEmployees: true,
  accessFrom: null,
  accessUntil: '2027-01-01T00:00:00.000Z',
  rateLimitPerMinute: null,
  timeZone: 'Europe/Moscow',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

const key: ApiKeyRecord = {
  id: 'k1',
  tenantId: 't1',
  keyHash: 'hash-never-shown',
  prefix: 'drs_abc',
  createdAt: '2026-11-02T00:00:00.000Z',
  revokedAt: null,
  lastUsedAt: null,
};

test('the operator view shows whether a webhook secret is set, never the secret', () => {
  const view = tenantView(tenant());
  assert.equal(view.webhook_secret_set, true);
  assert.ok(!JSON.stringify(view).includes('very-secret'));
  assert.deepEqual(view.sections, ['ПЗ', 'АР']);
  assert.deepEqual(view.webhook_settings, { attempts: 4 });
  assert.equal(view.employees, true);
  assert.equal(view.rate_limit_per_minute, null);
  assert.equal(tenantView(tenant({ rateLimitPerMinute: 0 })).rate_limit_per_minute, 0);
  assert.equal(tenantView(tenant({ webhookSecret: null, sections: null, hasEmployees: false })).webhook_secret_set, false);
});

test('GET /me lists only the sections of the organization profile, and says whether webhooks are configured', () => {
  const me = meView(tenant());
  assert.deepEqual(
    me.profile.sections.map((s) => s.code),
    ['ПЗ', 'АР'],
  );
  assert.equal(me.webhook_configured, true);
  assert.equal(meView(tenant({ webhookUrl: null })).webhook_configured, false);
  assert.equal(me.limits.oversize_factor, 2);
});

test("limits and the subscription keep the contract's snake_case names", () => {
  assert.deepEqual(limitsOf(tenant()), { max_files: 10, max_file_bytes: 1000, max_total_bytes: 5000, max_pages: 300, oversize_factor: 2 });
  assert.deepEqual(subscriptionView(tenant()), { status: 'active', access_from: null, access_until: '2027-01-01T00:00:00.000Z', checks_left: 7 });
});

test('key views never carry the stored hash; only a key just issued carries its secret', () => {
  assert.ok(!JSON.stringify(keyView(key, tenant())).includes('hash-never-shown'));
  assert.deepEqual(keyView({ ...key, lastUsedAt: '2026-11-04T00:00:00.000Z' }, tenant()), {
    key_id: 'k1',
    prefix: 'drs_abc',
    created_at: '2026-11-02T00:00:00.000Z',
    last_used_at: '2026-11-04T00:00:00.000Z',
    concurrency: 3,
    webhook_url: 'https://hooks.example/drs',
  });
  assert.equal(issuedKeyView(key, 'drs_abc.secret').api_key, 'drs_abc.secret');
  assert.deepEqual(revokedKeyView({ ...key, revokedAt: '2026-11-03T00:00:00.000Z' }), {
    key_id: 'k1',
    tenant_id: 't1',
    revoked_at: '2026-11-03T00:00:00.000Z',
  });
});

test('usage totals are the sums of the days, net = charged − refunded', () => {
  const daily = [
    { date: '2026-11-01', charged: 3, refunded: 1 },
    { date: '2026-11-02', charged: 2, refunded: 0 },
  ];
  const usage = usageView({ days: 30, from: 'a', to: 'b' }, daily, 5);
  assert.deepEqual(
    { charged: usage.charged, refunded: usage.refunded, net: usage.net, checks_left: usage.checks_left },
    { charged: 5, refunded: 1, net: 4, checks_left: 5 },
  );
  assert.equal(usageView({ days: 1, from: 'a', to: 'b' }, [], 0).net, 0);
});
