/**
 * Two API nodes on one database (PostgreSQL with TEST_DATABASE_URL, else one SQLite file opened by two
 * connections, as two processes would) count one key's requests together: each counts in memory, and once
 * both have flushed, requests spread over both are refused past the organization's limit on either node.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/http/app-instance.ts';
import { createBlobStore } from '../../src/blobs/index.ts';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { minuteClock } from '../helpers/rate-window.ts';

describe('rate limits shared by the nodes of one database', () => {
  let first: InProcessServer;
  let second: App;
  let nodes: [Client, Client];
  // Both nodes on one clock, as on one machine's time.
  const clock = minuteClock();

  before(async () => {
    // No flush but the ones the test makes.
    first = await startApp({ env: { RATE_LIMIT_FLUSH_MS: '3600000' }, clock: clock.now });
    const store = await first.store.openSecond();
    second = await buildApp({
      config: first.config,
      store,
      blobs: await createBlobStore(first.config),
      log: pino({ level: 'silent' }),
      notifyQueued: () => {},
      clock: clock.now,
    });
    await second.listen({ host: '127.0.0.1', port: 0 });
    const address = second.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const key = (await first.createOrg({ 'rate-limit-per-minute': 10 })).api_key;
    nodes = [new Client(first.baseUrl, key), new Client(`http://127.0.0.1:${port}/api/v1`, key)];
  });
  after(async () => {
    await second?.close();
    await first?.stop();
  });

  const flushBoth = () => Promise.all([first.app.rateLimits.flush(), second.rateLimits.flush()]);
  const statuses = async (client: Client, n: number) => {
    const seen: number[] = [];
    for (let i = 0; i < n; i++) seen.push((await client.get('/me')).status);
    return seen;
  };

  test('requests spread over both nodes are limited together after a flush', async () => {
    clock.freshMinute();
    const [a, b] = nodes;
    // Before any flush each node knows only its own requests: 5 + 4 of 10.
    assert.deepEqual(await statuses(a, 5), [200, 200, 200, 200, 200]);
    assert.deepEqual(await statuses(b, 4), [200, 200, 200, 200]);
    await first.app.rateLimits.flush(); // the first node learns 5
    await second.rateLimits.flush(); // the second learns 9
    assert.deepEqual(await statuses(b, 2), [200, 429], 'the second node counts the first node’s requests');
    // A node learns a key's shared count when it flushes that key's requests: the first one, knowing 5 + 1,
    // admits its request (the overshoot of one flush interval), flushes it and learns 11.
    assert.deepEqual(await statuses(a, 1), [200]);
    await flushBoth();
    const refusedA = await a.get('/me');
    const refusedB = await b.get('/me');
    assert.equal(refusedA.status, 429, 'the first node counts the second node’s requests');
    assert.equal(refusedB.status, 429);
    assert.equal(refusedA.json.detail.error, 'too_many_requests');
    assert.ok(Number(refusedB.headers.get('retry-after')) >= 1);
  });

  test('without a flush in between, the overshoot is what the other node admitted meanwhile', async () => {
    clock.freshMinute();
    const key = (await first.createOrg({ 'rate-limit-per-minute': 4 })).api_key;
    const [a, b] = [new Client(nodes[0].baseUrl, key), new Client(nodes[1].baseUrl, key)];
    assert.deepEqual(await statuses(a, 5), [200, 200, 200, 200, 429]);
    assert.deepEqual(await statuses(b, 5), [200, 200, 200, 200, 429], 'the second node has not learned of the first one’s 4 yet');
    await flushBoth();
    assert.deepEqual([(await a.get('/me')).status, (await b.get('/me')).status], [429, 429]);
  });
});
