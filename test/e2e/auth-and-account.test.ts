import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server.ts';
import { Client, errorDetail } from '../helpers/client.ts';

describe('authentication, errors and account endpoints', () => {
  let server: TestServer;
  let org: Awaited<ReturnType<TestServer['createOrg']>>;
  let api: Client;

  before(async () => {
    server = await startServer({ args: ['--no-worker'] });
    org = await server.createOrg({
      name: 'ООО «Проект-Север»',
      checks: 7,
      'max-files': 50,
      'max-file-bytes': 1_000_000,
      'max-total-bytes': 5_000_000,
      'max-pages': 300,
      'oversize-factor': 2,
      concurrency: 3,
      sections: 'ПЗ,АР,КР',
    });
    api = new Client(server.baseUrl, org.api_key);
  });
  after(() => server.stop());

  test('health and docset answer without a key; every response carries a request id', async () => {
    const anon = new Client(server.baseUrl, null);
    const health = await anon.get('/health');
    assert.equal(health.status, 200);
    assert.deepEqual(health.json, { ok: true, api_version: 'v1' });
    assert.match(health.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);

    const echoed = await anon.get('/health', { 'x-request-id': 'trace-42' });
    assert.equal(echoed.headers.get('x-request-id'), 'trace-42');
    // A refused request is logged at info with its request id; a successful read (a poll) only at debug.
    assert.equal((await anon.get('/me', { 'x-request-id': 'trace-43' })).status, 401);
    // Logs are written asynchronously and in order: once the later line is there, the earlier one would be.
    for (let i = 0; i < 50 && !server.logs().includes('"request_id":"trace-43"'); i++) await new Promise((r) => setTimeout(r, 100));
    assert.match(server.logs(), /"request_id":"trace-43"/, 'request id appears in the logs');
    assert.doesNotMatch(server.logs(), /"request_id":"trace-42"/, 'a successful read is not logged at info');

    const docset = await anon.get('/docset');
    assert.equal(docset.status, 200);
    assert.ok(docset.json.title && docset.json.source);
    assert.ok(docset.json.items.length >= 18);
    const kr = docset.json.items.find((i: any) => i.code === 'КР');
    assert.equal(kr.title, 'Раздел 4. Конструктивные решения');
    assert.equal(kr.required, true);
    assert.equal(typeof kr.hint, 'string');
    assert.equal(kr.page, null);
  });

  test('docset with a key returns the organization profile', async () => {
    const r = await api.get('/docset');
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.json.items.map((i: any) => i.code),
      ['ПЗ', 'АР', 'КР'],
    );
  });

  test('missing, malformed, wrong and non-Bearer keys are 401 in the envelope', async () => {
    const variants: Record<string, string>[] = [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer drs_wrong' },
      { authorization: `Basic ${org.api_key}` },
      { authorization: org.api_key },
    ];
    for (const headers of variants) {
      const r = await new Client(server.baseUrl, null).get('/me', headers);
      assert.equal(r.status, 401, JSON.stringify(headers));
      assert.equal(errorDetail(r).error, 'unauthorized');
      assert.match(errorDetail(r).message, /[а-я]/i, 'message is Russian');
    }
  });

  test('a revoked key is refused; another key of the organization keeps working', async () => {
    const extra = await server.cli(['key', 'create', '--tenant', org.tenant_id]);
    assert.equal(extra.code, 0);
    assert.ok(extra.json.api_key.startsWith('drs_'));
    const extraApi = new Client(server.baseUrl, extra.json.api_key);
    assert.equal((await extraApi.get('/me')).status, 200);
    const revoked = await server.cli(['key', 'revoke', extra.json.key_id]);
    assert.equal(revoked.code, 0);
    assert.ok(revoked.json.revoked_at);
    const r = await extraApi.get('/me');
    assert.equal(r.status, 401);
    assert.equal(errorDetail(r).error, 'unauthorized');
    assert.equal((await api.get('/me')).status, 200);
  });

  test('a suspended organization gets 403 forbidden until resumed', async () => {
    const other = await server.createOrg({ name: 'ООО «Пауза»', checks: 1 });
    const otherApi = new Client(server.baseUrl, other.api_key);
    assert.equal((await server.cli(['org', 'suspend', other.tenant_id])).json.status, 'suspended');
    const r = await otherApi.get('/limits');
    assert.equal(r.status, 403);
    assert.equal(errorDetail(r).error, 'forbidden');
    assert.equal((await server.cli(['org', 'resume', other.tenant_id])).json.status, 'active');
    assert.equal((await otherApi.get('/limits')).status, 200);
  });

  test('me, limits, key, subscription, features and version describe the organization', async () => {
    const me = await api.get('/me');
    assert.equal(me.status, 200);
    assert.equal(me.json.tenant_id, org.tenant_id);
    assert.equal(me.json.name, 'ООО «Проект-Север»');
    assert.equal(me.json.checks_left, 7);
    assert.equal(me.json.webhook_configured, false);
    assert.deepEqual(
      me.json.profile.sections.map((s: any) => s.code),
      ['ПЗ', 'АР', 'КР'],
    );

    const limits = await api.get('/limits');
    assert.deepEqual(limits.json, { max_files: 50, max_file_bytes: 1_000_000, max_total_bytes: 5_000_000, max_pages: 300, oversize_factor: 2 });

    const key = await api.get('/key');
    assert.equal(key.json.key_id, org.key_id);
    assert.equal(key.json.concurrency, 3);
    assert.equal(key.json.webhook_url, null);
    assert.ok(!key.text.includes(org.api_key), 'the secret is never shown again');
    assert.ok(org.api_key.startsWith(key.json.prefix));

    const sub = await api.get('/subscription');
    assert.equal(sub.json.status, 'active');
    assert.equal(sub.json.checks_left, 7);
    assert.ok('access_until' in sub.json);

    const features = await api.get('/features');
    assert.equal(features.json.features.memory_automatic_application, false);
    assert.equal(features.json.features.employees, false);

    const version = await api.get('/version');
    assert.ok('sunset_at' in version.json.supported.v1);
  });

  test('webhook settings show up in me and key', async () => {
    const set = await server.cli(['org', 'set', org.tenant_id, '--webhook-url', 'https://hooks.example.org/drs', '--webhook-secret', 's3cret']);
    assert.equal(set.code, 0);
    assert.equal(set.json.webhook_secret_set, true);
    assert.ok(!set.stdout.includes('s3cret'), 'the signing secret is not printed back');
    assert.equal((await api.get('/me')).json.webhook_configured, true);
    assert.equal((await api.get('/key')).json.webhook_url, 'https://hooks.example.org/drs');
    await server.cli(['org', 'set', org.tenant_id, '--webhook-url', '']);
    assert.equal((await api.get('/me')).json.webhook_configured, false);
  });

  test('the time zone of the organization: Moscow by default, set by the operator, given by me and the cabinet session', async () => {
    assert.equal((await api.get('/me')).json.time_zone, 'Europe/Moscow');
    const unknown = await server.cli(['org', 'set', org.tenant_id, '--time-zone', 'Europe/Atlantis']);
    assert.notEqual(unknown.code, 0);
    assert.equal(unknown.json.error, 'usage');
    assert.match(unknown.json.message, /--time-zone: unknown time zone "Europe\/Atlantis"/);
    assert.equal((await api.get('/me')).json.time_zone, 'Europe/Moscow', 'a refused zone changes nothing');

    const set = await server.cli(['org', 'set', org.tenant_id, '--time-zone', 'europe/samara']);
    assert.equal(set.code, 0);
    assert.equal(set.json.time_zone, 'Europe/Samara', 'the zone is kept under its canonical name');
    assert.equal((await api.get('/me')).json.time_zone, 'Europe/Samara');

    const origin = server.baseUrl.replace(/\/api\/v1$/, '');
    const login = await fetch(`${origin}/cabinet/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: org.api_key }),
    });
    assert.equal(login.status, 201);
    assert.equal(((await login.json()) as any).time_zone, 'Europe/Samara');
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const session = await fetch(`${origin}/cabinet/session`, { headers: { cookie } });
    assert.equal(((await session.json()) as any).time_zone, 'Europe/Samara');
    await server.cli(['org', 'set', org.tenant_id, '--time-zone', 'Europe/Moscow']);
  });

  test('usage clamps days to 1..365 and rejects non-numbers with 422', async () => {
    assert.equal((await api.get('/usage?days=1000')).json.days, 365);
    assert.equal((await api.get('/usage?days=0')).json.days, 1);
    assert.equal((await api.get('/usage?days=-5')).json.days, 1);
    const bad = await api.get('/usage?days=много');
    assert.equal(bad.status, 422);
    assert.equal(errorDetail(bad).error, 'validation_error');
  });

  test('runs limit is clamped to 1..200', async () => {
    assert.equal((await api.get('/runs?limit=500')).json.limit, 200);
    assert.equal((await api.get('/runs?limit=0')).json.limit, 1);
    assert.deepEqual((await api.get('/runs')).json.runs, []);
  });

  test('session entry is recorded', async () => {
    const r = await api.post('/session/entry');
    assert.equal(r.status, 201);
    assert.equal(r.json.recorded, true);
  });

  test('unknown routes, wrong content types and bodies too large use the envelope', async () => {
    const unknown = await api.get('/nope');
    assert.equal(unknown.status, 404);
    assert.equal(errorDetail(unknown).error, 'not_found');

    const json = await api.post('/runs', { files: [] });
    assert.equal(json.status, 415);
    assert.equal(errorDetail(json).error, 'unsupported_media_type');

    const big = await fetch(`${server.baseUrl}/session/entry`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.api_key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    assert.equal(big.status, 413);
    assert.equal(((await big.json()) as any).detail.error, 'too_big');

    const badJson = await fetch(`${server.baseUrl}/session/entry`, {
      method: 'POST',
      headers: { authorization: `Bearer ${org.api_key}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    assert.equal(badJson.status, 400);
    assert.equal(((await badJson.json()) as any).detail.error, 'bad_request');
  });

  test('operator CLI prints one JSON object and rejects bad options', async () => {
    const bad = await server.cli(['org', 'create', '--name', 'X', '--checks', '-1']);
    assert.notEqual(bad.code, 0);
    assert.equal(bad.json.error, 'usage');
    const badFactor = await server.cli(['org', 'create', '--name', 'X', '--checks', '1', '--oversize-factor', '3']);
    assert.notEqual(badFactor.code, 0);
    const missing = await server.cli(['org', 'set', '00000000-0000-0000-0000-000000000000', '--checks', '1']);
    assert.notEqual(missing.code, 0);
    assert.match(missing.json.message, /not found/);
  });
});
