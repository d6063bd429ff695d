/**
 * The cabinet's login as someone guessing keys would use it: attempts per client address and logins per key are
 * bounded (429 with Retry-After), wrong keys from one address shut that address out for the rest of its minute
 * and are logged with the address, a key holds a bounded number of sessions (the oldest end first), and dead
 * sessions and old login records are deleted. Secrets put in a query string never reach a log line. The same on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type InProcessServer } from '../helpers/app.ts';

describe('cabinet login bounds', () => {
  let server: InProcessServer;
  // the middle of a minute: the windows of the limits do not turn over during the test
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  const clock = () => minute + 30_000;
  before(async () => {
    server = await startApp({
      clock,
      env: { CABINET_LOGINS_PER_ADDRESS: '3', CABINET_LOGINS_PER_KEY: '4', CABINET_FAILED_LOGINS_PER_ADDRESS: '2', CABINET_SESSIONS_PER_KEY: '2' },
    });
  });
  after(() => server.stop());

  const login = (key: string, remoteAddress: string) =>
    server.app.inject({
      method: 'POST',
      url: '/cabinet/login',
      remoteAddress,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ key }),
    });
  const cookieOf = (r: Awaited<ReturnType<typeof login>>) => String(r.headers['set-cookie'] ?? '').split(';')[0]!;
  const sessionAnswer = async (cookie: string) => (await server.app.inject({ method: 'GET', url: '/cabinet/session', headers: { cookie } })).statusCode;

  test('attempts from one address are bounded; another address is not affected', async () => {
    const org = await server.createOrg();
    for (let i = 0; i < 3; i++) assert.equal((await login(org.api_key, '10.0.0.1')).statusCode, 201);
    const refused = await login(org.api_key, '10.0.0.1');
    assert.equal(refused.statusCode, 429, refused.body);
    assert.equal(refused.json().detail.error, 'too_many_requests');
    assert.equal(refused.headers['retry-after'], '30');
    assert.ok(refused.headers['x-request-id']);
    assert.equal((await login(org.api_key, '10.0.0.2')).statusCode, 201);
  });

  test('logins with one key are bounded whatever the address', async () => {
    const org = await server.createOrg();
    for (let i = 1; i <= 4; i++) assert.equal((await login(org.api_key, `10.1.0.${i}`)).statusCode, 201);
    const refused = await login(org.api_key, '10.1.0.5');
    assert.equal(refused.statusCode, 429, refused.body);
    assert.match(refused.json().detail.message, /Слишком много попыток входа/);
  });

  test('wrong keys shut their address out, even for a right key, and are logged with the address and without the key', async () => {
    const org = await server.createOrg();
    for (const wrong of ['drs_guess_one_aaaaaaaaaaaa', 'drs_guess_two_bbbbbbbbbbbb']) assert.equal((await login(wrong, '10.2.0.1')).statusCode, 401);
    const shut = await login(org.api_key, '10.2.0.1');
    assert.equal(shut.statusCode, 429, shut.body);
    assert.equal((await login(org.api_key, '10.2.0.2')).statusCode, 201, 'another address logs in');
    const lines = server
      .logs()
      .split('\n')
      .filter((l) => l.includes('cabinet login with a wrong key'));
    assert.equal(lines.length, 2);
    for (const l of lines) assert.equal(JSON.parse(l).client_address, '10.2.0.1');
    assert.doesNotMatch(server.logs(), /drs_guess/);
  });

  test('a key holds at most the bound of sessions: the oldest ends; dead sessions and old login records are deleted', async () => {
    const org = await server.createOrg();
    const db = server.store.db;
    // an expired session and a login record older than the retention, left by earlier days
    const long = '2020-01-01T00:00:00.000Z';
    await db
      .insertInto('cabinet_sessions')
      .values({ id_hash: 'expired', tenant_id: org.tenant_id, key_id: org.key_id, csrf_token: 't', created_at: long, expires_at: long, ended_at: null })
      .execute();
    await db.insertInto('session_entries').values({ id: 'old-entry', tenant_id: org.tenant_id, key_id: org.key_id, created_at: long }).execute();

    const cookies: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const r = await login(org.api_key, `10.3.0.${i}`);
      assert.equal(r.statusCode, 201);
      cookies.push(cookieOf(r));
    }
    assert.deepEqual(await Promise.all(cookies.map(sessionAnswer)), [401, 200, 200]);
    const rows = await db.selectFrom('cabinet_sessions').select(['id_hash', 'ended_at']).where('key_id', '=', org.key_id).execute();
    assert.equal(rows.length, 2, 'the ended and the expired sessions are deleted');
    assert.ok(rows.every((r) => r.ended_at === null));
    const entries = await db.selectFrom('session_entries').select('id').where('key_id', '=', org.key_id).execute();
    assert.equal(entries.length, 3, 'the three logins are recorded, the old record is gone');
  });

  test('secrets in a query string are in no log line', async () => {
    const org = await server.createOrg();
    await server.app.inject({ method: 'GET', url: `/api/v1/me?api_key=${org.api_key}&limit=1` });
    await server.app.inject({ method: 'GET', url: `/api/v1/runs?key=${org.api_key}` });
    await server.app.inject({ method: 'GET', url: '/no/such/page?token=drs_query_token_1' });
    const logs = server.logs();
    assert.match(logs, /api_key=\[скрыто\]&limit=1/, 'the line is written, with the value hidden');
    assert.ok(!logs.includes(org.api_key));
    assert.doesNotMatch(logs, /drs_query_token_1/);
  });

  test('an API key in a parameter without a name, under another name or in the path is in no log line', async () => {
    const org = await server.createOrg();
    const key = org.api_key;
    const encoded = encodeURIComponent(key).replace('_', '%5F');
    // refused (the wrong key in the header), so every request writes its line at info
    const urls = [
      `/api/v1/me?${key}`,
      `/api/v1/runs?q=${key}&limit=2`,
      `/api/v1/runs/${key}`,
      `/cabinet/${key}/x`,
      `/api/v1/me?${encoded}`,
      `/api/v1/me;${key}`,
    ];
    for (const url of urls) await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}x` } });
    const logs = server.logs();
    const tail = key.slice(4);
    assert.ok(!logs.includes(tail), 'no part of the key after its prefix');
    assert.match(logs, /\/api\/v1\/runs\/drs_\[скрыто\]/, 'the line is written, with the key hidden');
    assert.match(logs, /q=drs_\[скрыто\]&limit=2/);
  });
});
