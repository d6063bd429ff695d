/**
 * The cached polling path (src/http/cached-poll.ts) answers GET /runs/{run_id} from memory, in front of Fastify.
 * Its answers are the route's own, byte for byte apart from the request id and the date (a poll through the
 * server against the same poll injected into Fastify, which always takes the full path); whatever it cannot
 * decide from memory goes to the full path: the first poll, a wrong or revoked key, a refused rate limit,
 * an id not in canonical form, a debug log.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client, form } from '../helpers/client.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';
import { minuteClock } from '../helpers/rate-window.ts';

/** Headers that differ between any two answers (or that light-my-request and a socket set differently). */
const PER_ANSWER = new Set(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
const stable = (headers: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(headers)
      .map(([k, v]) => [k.toLowerCase(), String(v)])
      .filter(([k]) => !PER_ANSWER.has(k!))
      .sort(([a], [b]) => a!.localeCompare(b!)),
  );

describe('the cached polling path', () => {
  let server: InProcessServer;
  /** Requests Fastify answered (its onResponse hook); the cached path's answers are not among them. */
  let throughFastify = 0;
  const clock = minuteClock();

  before(async () => {
    server = await startApp({ listen: false, clock: clock.now });
    server.app.addHook('onResponse', (_request, _reply, done) => {
      throughFastify++;
      done();
    });
    await server.app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(() => server.stop());

  const origin = () => `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}/api/v1`;

  async function queuedRun(options: Record<string, string | number> = {}) {
    const org = await server.createOrg({ 'rate-limit-per-minute': 0, ...options });
    const api = new Client(origin(), org.api_key);
    const run = await api.postForm('/runs', form([{ name: '24-017-ПЗ.pdf', content: await makeSimplePdf(1) }]));
    assert.equal(run.status, 201, run.text);
    return { org, api, path: `/runs/${run.json.run_id}` };
  }

  /** The same request through the server (the cached path when it can) and injected into Fastify (the full path). */
  async function both(path: string, headers: Record<string, string>) {
    const before = throughFastify;
    const served = await fetch(`${origin()}${path}`, { headers });
    const servedBody = await served.text();
    const cached = throughFastify === before;
    const injected = await server.app.inject({ method: 'GET', url: `/api/v1${path}`, headers });
    return { served, servedBody, cached, injected };
  }

  test('a repeated poll is answered from memory with the route’s status, headers and body', async () => {
    const { org, path } = await queuedRun();
    const auth = { authorization: `Bearer ${org.api_key}` };
    const first = await both(path, auth);
    assert.equal(first.cached, false, 'the first poll reads the run through the route');
    const again = await both(path, auth);
    assert.equal(again.cached, true, 'the next one is answered from memory');
    assert.equal(again.served.status, 200);
    assert.equal(again.served.status, again.injected.statusCode);
    assert.equal(again.servedBody, again.injected.body);
    assert.deepEqual(stable(Object.fromEntries(again.served.headers)), stable(again.injected.headers));
    assert.equal(again.served.headers.get('retry-after'), '5', 'a queued run says when to poll again');
    assert.match(again.served.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);

    const etag = again.served.headers.get('etag')!;
    const conditional = await both(path, { ...auth, 'if-none-match': etag });
    assert.equal(conditional.cached, true);
    assert.equal(conditional.served.status, 304);
    assert.equal(conditional.injected.statusCode, 304);
    assert.equal(conditional.servedBody, '');
    assert.deepEqual(stable(Object.fromEntries(conditional.served.headers)), stable(conditional.injected.headers));

    const named = await both(path, { ...auth, 'x-request-id': 'poll-42' });
    assert.equal(named.cached, true);
    assert.equal(named.served.headers.get('x-request-id'), 'poll-42');
  });

  test('what memory cannot decide goes to the full path: keys, ids in another form, a debug log', async () => {
    const { org, path } = await queuedRun();
    const auth = { authorization: `Bearer ${org.api_key}` };
    await both(path, auth);
    assert.equal((await both(path, auth)).cached, true);

    const wrong = await both(path, { authorization: 'Bearer drs_not-a-key' });
    assert.equal(wrong.cached, false);
    assert.equal(wrong.served.status, 401);
    const upper = await both(path.toUpperCase().replace('/RUNS/', '/runs/'), auth);
    assert.equal(upper.cached, false);
    assert.equal(upper.served.status, 200);

    server.app.log.level = 'debug';
    try {
      assert.equal((await both(path, auth)).cached, false, 'with debug on, the full path writes the request line');
    } finally {
      server.app.log.level = 'info';
    }

    // A change of the key reaches the cache before the next request: revoked, it is refused at once.
    const revoked = await server.cli(['key', 'revoke', org.key_id]);
    assert.equal(revoked.code, 0, revoked.stdout);
    const after = await both(path, auth);
    assert.equal(after.cached, false);
    assert.equal(after.served.status, 401);
  });

  test('the rate limit counts cached polls, and its refusal comes from the full path', async () => {
    clock.freshMinute();
    const { org, path } = await queuedRun({ 'rate-limit-per-minute': 3 });
    const auth = { authorization: `Bearer ${org.api_key}` };
    // The upload was the first request of the minute.
    const polls = [];
    for (let i = 0; i < 3; i++) {
      const before = throughFastify;
      const r = await fetch(`${origin()}${path}`, { headers: auth });
      await r.arrayBuffer();
      polls.push([r.status, throughFastify === before]);
    }
    assert.deepEqual(polls, [
      [200, false],
      [200, true],
      [429, false],
    ]);
  });
});
