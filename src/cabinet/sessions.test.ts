import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openTestStore, type TestStore } from '../../test/helpers/test-store.ts';
import { createApiKey, createTenant, revokeApiKey, setTenantStatus } from '../store/repositories/tenants.ts';
import { cookieValue } from './sessions.ts';
import { endSession, findLiveSession, openSession } from '../store/repositories/cabinet-sessions.ts';

let store: TestStore;
before(async () => {
  store = await openTestStore();
});
after(() => store.dispose());

async function org() {
  const tenant = await createTenant(store.db, { name: 'ООО «Тест»', checksLeft: 1 });
  const { key } = await createApiKey(store.db, tenant.id);
  return { tenant, key };
}

test('a session is found by its cookie id, and only its digest is stored', async () => {
  const { tenant, key } = await org();
  const s = await openSession(store.db, tenant.id, key.id, 12);
  const found = await findLiveSession(store.db, s.id);
  assert.equal(found?.tenant.id, tenant.id);
  assert.equal(found?.key.id, key.id);
  assert.equal(found?.csrfToken, s.csrfToken);
  const rows = await store.db.selectFrom('cabinet_sessions').selectAll().execute();
  assert.ok(rows.every((r) => r.id_hash !== s.id));
  assert.equal(await findLiveSession(store.db, s.id.slice(0, -1) + (s.id.endsWith('A') ? 'B' : 'A')), null);
});

test('logout, expiry and key revocation end a session; suspension is seen by the caller', async () => {
  const { tenant, key } = await org();
  const ended = await openSession(store.db, tenant.id, key.id, 12);
  await endSession(store.db, ended.id);
  assert.equal(await findLiveSession(store.db, ended.id), null);

  const old = await openSession(store.db, tenant.id, key.id, 1, new Date(Date.now() - 2 * 3_600_000));
  assert.equal(await findLiveSession(store.db, old.id), null, 'expired');

  const live = await openSession(store.db, tenant.id, key.id, 12);
  await setTenantStatus(store.db, tenant.id, 'suspended');
  assert.equal((await findLiveSession(store.db, live.id))?.tenant.status, 'suspended');
  await revokeApiKey(store.db, key.id);
  assert.equal(await findLiveSession(store.db, live.id), null, 'revoked key');
});

test('cookieValue reads one cookie and ignores look-alikes', () => {
  assert.equal(cookieValue('a=1; drs_session=abc; b=2', 'drs_session'), 'abc');
  assert.equal(cookieValue('xdrs_session=abc', 'drs_session'), null);
  assert.equal(cookieValue('drs_session=', 'drs_session'), null);
  assert.equal(cookieValue(undefined, 'drs_session'), null);
});
