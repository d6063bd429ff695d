/**
 * An organization past its access_until (or before its access_from) is answered as the contract answers suspended
 * access — 403 forbidden — on the API and in the cabinet: no upload is accepted and nothing is charged.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client, errorDetail, form } from '../helpers/client.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';

describe('access period of an organization', () => {
  let server: InProcessServer;
  before(async () => {
    server = await startApp();
  });
  after(() => server.stop());

  test('past access_until: /me and an upload are 403 forbidden, nothing is charged, the cabinet refuses the key', async () => {
    const org = await server.createOrg({ checks: 3, 'access-until': '2020-01-01T00:00:00Z' });
    const api = new Client(server.baseUrl, org.api_key);
    const me = await api.get('/me');
    assert.equal(me.status, 403, me.text);
    assert.equal(errorDetail(me).error, 'forbidden');
    const upload = await api.postForm('/runs', form([{ name: 'ПЗ.pdf', content: await makeSimplePdf(1) }]));
    assert.equal(upload.status, 403, upload.text);
    const row = await server.store.db.selectFrom('tenants').select('checks_left').where('id', '=', org.tenant_id).executeTakeFirstOrThrow();
    assert.equal(Number(row.checks_left), 3, 'nothing charged');
    assert.equal(await server.store.db.selectFrom('runs').select('id').where('tenant_id', '=', org.tenant_id).executeTakeFirst(), undefined);
    const login = await server.app.inject({
      method: 'POST',
      url: '/cabinet/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ key: org.api_key }),
    });
    assert.equal(login.statusCode, 403, login.body);
  });

  test('inside the access period the organization works; a future access_until is no bar', async () => {
    const org = await server.createOrg({ 'access-until': new Date(Date.now() + 86_400_000).toISOString() });
    assert.equal((await new Client(server.baseUrl, org.api_key).get('/me')).status, 200);
  });
});
