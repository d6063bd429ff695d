/**
 * Requests per minute per key, in one node: an organization's own small limit is answered 429 in the envelope
 * with Retry-After until the minute ends; 0 is unlimited; authentication comes first; /health and the
 * cabinet's login are not counted, the cabinet's requests are, by the key of the session.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client, errorDetail, form } from '../helpers/client.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';
import { minuteClock } from '../helpers/rate-window.ts';

describe('rate limits per key', () => {
  let server: InProcessServer;
  const clock = minuteClock();

  before(async () => {
    // Flushes only when the test asks: one node sees its own counts at once anyway.
    server = await startApp({ env: { RATE_LIMIT_FLUSH_MS: '3600000' }, clock: clock.now });
  });
  after(() => server.stop());

  test('over its limit a key gets 429 too_many_requests with Retry-After until the minute ends', async () => {
    clock.freshMinute();
    const org = await server.createOrg({ 'rate-limit-per-minute': 5 });
    const api = new Client(server.baseUrl, org.api_key);
    for (let i = 0; i < 5; i++) assert.equal((await api.get('/me')).status, 200, `request ${i + 1}`);
    clock.advance(17_300);
    const refused = await api.get('/me');
    assert.equal(refused.status, 429);
    assert.equal(errorDetail(refused).error, 'too_many_requests');
    assert.match(errorDetail(refused).message, /5 в минуту/);
    assert.deepEqual(Object.keys(refused.json), ['detail']);
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.equal(retryAfter, 43, 'Retry-After: the whole seconds left in the minute (42.7)');
    assert.ok(refused.headers.get('x-request-id'));

    // Every authenticated operation counts and is refused, an upload too (its body is never read into a run).
    const upload = await api.postForm('/runs', form([{ name: '24-017-ПЗ.pdf', content: await makeSimplePdf(1) }]));
    assert.equal(upload.status, 429);
    assert.equal((await api.get('/runs/00000000-0000-4000-8000-000000000000')).status, 429);

    // Authentication first: no key or a wrong one is 401, never 429; /health is not limited.
    assert.equal((await new Client(server.baseUrl, null).get('/me')).status, 401);
    assert.equal((await new Client(server.baseUrl, 'drs_wrong').get('/me')).status, 401);
    assert.equal((await api.get('/health')).status, 200);

    // Another key of the same organization has its own count.
    const second = await server.cli(['key', 'create', '--tenant', org.tenant_id]);
    assert.equal(second.code, 0, second.stdout);
    assert.equal((await new Client(server.baseUrl, second.json.api_key).get('/me')).status, 200);
  });

  test('an organization with 0 is unlimited; one without its own limit has the generous default', async () => {
    clock.freshMinute();
    const unlimited = new Client(server.baseUrl, (await server.createOrg({ 'rate-limit-per-minute': 0 })).api_key);
    const byDefault = new Client(server.baseUrl, (await server.createOrg()).api_key);
    assert.equal(server.config.rateLimitPerMinute, 600);
    for (let i = 0; i < 700; i++) assert.equal((await unlimited.get('/me')).status, 200, `request ${i + 1}`);
    const answers = [];
    for (let i = 0; i < 601; i++) answers.push((await byDefault.get('/me')).status);
    assert.equal(answers.filter((s) => s === 200).length, 600);
    assert.equal(answers.at(-1), 429);
  });

  test('the operator changes a limit and the next request follows it', async () => {
    clock.freshMinute();
    const org = await server.createOrg({ 'rate-limit-per-minute': 2 });
    const api = new Client(server.baseUrl, org.api_key);
    assert.deepEqual([(await api.get('/me')).status, (await api.get('/me')).status, (await api.get('/me')).status], [200, 200, 429]);
    const set = await server.cli(['org', 'set', org.tenant_id, '--rate-limit-per-minute', '4']);
    assert.equal(set.code, 0, set.stdout);
    assert.equal(set.json.rate_limit_per_minute, 4);
    assert.equal((await api.get('/me')).status, 200);
    const reset = await server.cli(['org', 'set', org.tenant_id, '--rate-limit-per-minute', '']);
    assert.equal(reset.json.rate_limit_per_minute, null, 'back to the default');
  });

  test('the cabinet is limited by the key of its session; its login is not counted', async () => {
    clock.freshMinute();
    const org = await server.createOrg({ 'rate-limit-per-minute': 3 });
    const origin = server.baseUrl.replace(/\/api\/v1$/, '');
    const login = await fetch(`${origin}/cabinet/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: org.api_key }),
    });
    assert.equal(login.status, 201);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const cabinet = new Client(server.baseUrl, null);
    assert.equal((await new Client(server.baseUrl, org.api_key).get('/me')).status, 200);
    assert.equal((await cabinet.get('/me', { cookie })).status, 200);
    assert.equal((await fetch(`${origin}/cabinet/session`, { headers: { cookie } })).status, 200);
    const refused = await cabinet.get('/me', { cookie });
    assert.equal(refused.status, 429);
    assert.equal(errorDetail(refused).error, 'too_many_requests');
    assert.equal((await new Client(server.baseUrl, org.api_key).get('/me')).status, 429, 'the key and its sessions count together');
  });
});
