import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openTestStore, type TestStore } from '../../../test/helpers/test-store.ts';
import type { TenantsTable } from '../schema.ts';
import { createApiKey, createTenant, findKeyBySecret, getTenant, revokeApiKey, tenantColumns, toApiKey, toOrganization, updateTenant } from './tenants.ts';

const row = (over: Partial<TenantsTable> = {}): TenantsTable => ({
  id: 't1',
  name: 'ООО «Проект»',
  status: 'active',
  checks_left: 7,
  max_files: 10,
  max_file_bytes: 1000,
  max_total_bytes: 5000,
  max_pages: 300,
  oversize_factor: 2,
  concurrency: 3,
  sections: '["ПЗ","АР"]',
  webhook_url: 'https://hooks.example/drs',
  webhook_secret: 's',
  webhook_settings: '{"attempts":2,"pauses_ms":[10]}',
  has_employees: 1,
  access_from: '2026-11-01T00:00:00.000Z',
  access_until: null,
  rate_limit_per_minute: 120,
  time_zone: 'Asia/Yekaterinburg',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-02T00:00:00.000Z',
  ...over,
});

test('a tenants row becomes an organization: flags are booleans, JSON columns are parsed, limits grouped', () => {
  assert.deepEqual(toOrganization(row()), {
    id: 't1',
    name: 'ООО «Проект»',
    status: 'active',
    checksLeft: 7,
    limits: { maxFiles: 10, maxFileBytes: 1000, maxTotalBytes: 5000, maxPages: 300, oversizeFactor: 2 },
    concurrency: 3,
    sections: ['ПЗ', 'АР'],
    webhookUrl: 'https://hooks.example/drs',
    webhookSecret: 's',
    webhookSettings: { attempts: 2, pauses_ms: [10] },
    hasEmployees: true,
    accessFrom: '2026-11-01T00:00:00.000Z',
    accessUntil: null,
    rateLimitPerMinute: 120,
    timeZone: 'Asia/Yekaterinburg',
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-02T00:00:00.000Z',
  });
  const bare = toOrganization(row({ sections: null, webhook_settings: null, has_employees: 0 }));
  assert.deepEqual([bare.sections, bare.webhookSettings, bare.hasEmployees], [null, null, false]);
});

test('damaged JSON columns read as "not set" instead of locking the organization out', () => {
  const org = toOrganization(row({ sections: '{oops', webhook_settings: '[1,2]' }));
  assert.equal(org.sections, null);
  assert.equal(org.webhookSettings, null);
  assert.deepEqual(toOrganization(row({ sections: '["КР",5]' })).sections, ['КР']);
});

test('settings become only the columns they name, with flags and JSON encoded', () => {
  assert.deepEqual(tenantColumns({}), {});
  assert.deepEqual(
    tenantColumns({ checksLeft: 0, limits: { maxPages: 0 }, sections: ['КР'], webhookSettings: { attempts: 3 }, hasEmployees: false, accessUntil: null }),
    { checks_left: 0, max_pages: 0, sections: '["КР"]', webhook_settings: '{"attempts":3}', has_employees: 0, access_until: null },
  );
  assert.deepEqual(tenantColumns({ timeZone: 'Asia/Yekaterinburg' }), { time_zone: 'Asia/Yekaterinburg' });
  assert.deepEqual(tenantColumns({ sections: null, webhookSettings: null, webhookUrl: null }), { sections: null, webhook_settings: null, webhook_url: null });
});

test('an api_keys row becomes a key record', () => {
  assert.deepEqual(toApiKey({ id: 'k1', tenant_id: 't1', key_hash: 'h', prefix: 'drs_abc', created_at: 'c', revoked_at: null, last_used_at: 'u' }), {
    id: 'k1',
    tenantId: 't1',
    keyHash: 'h',
    prefix: 'drs_abc',
    createdAt: 'c',
    revokedAt: null,
    lastUsedAt: 'u',
  });
});

let store: TestStore;
before(async () => {
  store = await openTestStore();
});
after(() => store.dispose());

test('organizations made before the zone existed read Moscow time after the migration', async () => {
  // the column's default is what the migration gives to existing rows
  const id = 'before-zones';
  const now = new Date().toISOString();
  const { time_zone: _, ...withoutZone } = row({ id, created_at: now, updated_at: now });
  // @ts-expect-error a row as written before the column existed
  await store.db.insertInto('tenants').values(withoutZone).execute();
  assert.equal((await getTenant(store.db, id))?.timeZone, 'Europe/Moscow');
});

test('an organization and its key read back from the database as they were written', async () => {
  const created = await createTenant(store.db, { name: 'ООО «Тест»', checksLeft: 4, sections: ['ПЗ'], hasEmployees: true, limits: { maxPages: 0 } });
  assert.deepEqual(await getTenant(store.db, created.id), created);
  assert.equal(created.limits.maxPages, 0);
  assert.equal(created.limits.maxFiles, 500, 'defaults fill what is not given');
  assert.equal(created.timeZone, 'Europe/Moscow', 'a new organization reads Moscow time');

  const updated = await updateTenant(store.db, created.id, { webhookSettings: { timeout_ms: 500 }, sections: null, hasEmployees: false });
  assert.deepEqual([updated?.webhookSettings, updated?.sections, updated?.hasEmployees, updated?.checksLeft], [{ timeout_ms: 500 }, null, false, 4]);

  const moved = await updateTenant(store.db, created.id, { timeZone: 'Europe/Samara' });
  assert.equal(moved?.timeZone, 'Europe/Samara');
  assert.equal((await getTenant(store.db, created.id))?.timeZone, 'Europe/Samara', 'the zone is stored');

  const { key, secret } = await createApiKey(store.db, created.id);
  const found = await findKeyBySecret(store.db, secret);
  assert.deepEqual(found?.key, key);
  assert.deepEqual(found?.tenant, await getTenant(store.db, created.id));
  const revoked = await revokeApiKey(store.db, key.id);
  assert.ok(revoked?.revokedAt);
  assert.equal(await findKeyBySecret(store.db, secret), null);
});
