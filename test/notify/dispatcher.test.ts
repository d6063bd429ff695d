import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { LookupAll } from '../../src/notify/address-guard.ts';
import { startWebhookDispatcher } from '../../src/notify/dispatcher.ts';
import { verifyWebhook } from '../../src/notify/receiver.ts';
import type { Config } from '../../src/config.ts';
import { webhookDeliveries } from '../../src/kernel/metrics.ts';
import {
  closedPort,
  FAST,
  finishRun,
  insertTenant,
  openTestStore,
  settled,
  silentLog,
  startReceiver,
  testConfig,
  type Receiver,
  type TestStore,
} from './support.ts';

let store: TestStore;
before(async () => {
  store = await openTestStore();
});
after(() => store.dispose());

/** Runs a dispatcher until the delivery of `runId` settles, then stops it. */
async function deliver(runId: string, config: Config = testConfig(), lookup?: LookupAll) {
  const dispatcher = startWebhookDispatcher({
    db: store.db,
    dialect: store.dialect,
    config,
    log: silentLog,
    workerId: 'test-worker',
    pollIntervalMs: 20,
    lookup,
  });
  try {
    return await settled(store, runId);
  } finally {
    await dispatcher.stop();
  }
}

const withReceiver = async (script: Parameters<typeof startReceiver>[0], fn: (r: Receiver) => Promise<void>) => {
  const r = await startReceiver(script);
  try {
    await fn(r);
  } finally {
    await r.close();
  }
};

test('2xx: delivered after one POST with the contract headers and a signature over the raw bytes', () =>
  withReceiver(
    () => 204,
    async (rx) => {
      const secret = 'whsec_Секрет-1';
      const tenant = await insertTenant(store, { webhook_url: rx.url, webhook_secret: secret });
      const runId = await finishRun(store, tenant);
      const d = await deliver(runId);

      assert.equal(d.status, 'delivered');
      assert.equal(d.attempts, 1);
      assert.equal(d.last_response_code, 204);
      assert.ok(d.delivered_at);
      assert.equal(d.next_attempt_at, null);
      assert.equal(d.lease_owner, null);

      assert.equal(rx.requests.length, 1);
      const req = rx.requests[0]!;
      assert.equal(req.method, 'POST');
      assert.equal(req.url, '/hook');
      assert.equal(req.headers['content-type'], 'application/json');
      assert.equal(req.headers['x-svc-event'], 'run.finished');
      assert.equal(req.headers['x-svc-delivery'], d.id);
      assert.equal(req.raw.toString('utf8'), d.body, 'the stored bytes are sent unchanged');
      // Independent check in the receiver: HMAC-SHA256 of exactly the received bytes.
      const expected = `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(req.raw).digest('hex')}`;
      assert.equal(req.headers['x-svc-signature'], expected);
      const verified = verifyWebhook(req.raw, req.headers, secret);
      assert.equal(verified.ok, true);
      if (verified.ok) {
        assert.equal(verified.event.run_id, runId);
        assert.equal(verified.event.tenant_id, tenant.id);
        assert.equal(verified.event.status, 'done');
      }
    },
  ));

test('without a secret there is no X-SVC-Signature header', () =>
  withReceiver(
    () => 200,
    async (rx) => {
      const tenant = await insertTenant(store, { webhook_url: rx.url, webhook_secret: null });
      const d = await deliver(await finishRun(store, tenant, 'failed'));
      assert.equal(d.status, 'delivered');
      assert.equal(rx.requests[0]!.headers['x-svc-signature'], undefined);
      assert.equal(rx.requests[0]!.headers['x-svc-event'], 'run.failed');
    },
  ));

test('500 then 200: retried with the same delivery id and the same body bytes', () =>
  withReceiver(
    (n) => (n === 0 ? 500 : 200),
    async (rx) => {
      const tenant = await insertTenant(store, { webhook_url: rx.url, webhook_secret: 's' });
      const outcomes = async () => Object.fromEntries((await webhookDeliveries.get()).values.map((v) => [v.labels.outcome, v.value]));
      const was = await outcomes();
      const d = await deliver(await finishRun(store, tenant));
      assert.equal(d.status, 'delivered');
      assert.equal(d.attempts, 2);
      const now = await outcomes();
      assert.deepEqual(
        [(now.retry ?? 0) - (was.retry ?? 0), (now.delivered ?? 0) - (was.delivered ?? 0)],
        [1, 1],
        'drs_webhook_deliveries_total: one attempt to retry, one delivered',
      );
      assert.equal(d.last_response_code, 200);
      assert.equal(rx.requests.length, 2);
      assert.deepEqual(
        rx.requests.map((r) => r.headers['x-svc-delivery']),
        [d.id, d.id],
      );
      assert.ok(rx.requests[0]!.raw.equals(rx.requests[1]!.raw));
      assert.equal(rx.requests[0]!.headers['x-svc-signature'], rx.requests[1]!.headers['x-svc-signature']);
    },
  ));

test('400: rejected after exactly one attempt', () =>
  withReceiver(
    () => 400,
    async (rx) => {
      const tenant = await insertTenant(store, { webhook_url: rx.url });
      const d = await deliver(await finishRun(store, tenant));
      assert.equal(d.status, 'rejected');
      assert.equal(d.attempts, 1);
      assert.equal(d.last_response_code, 400);
      assert.equal(d.delivered_at, null);
      assert.equal(rx.requests.length, 1);
    },
  ));

test('429 is retried (unlike other 4xx)', () =>
  withReceiver(
    (n) => (n < 2 ? 429 : 200),
    async (rx) => {
      const tenant = await insertTenant(store, { webhook_url: rx.url });
      const d = await deliver(await finishRun(store, tenant));
      assert.equal(d.status, 'delivered');
      assert.equal(d.attempts, 3);
      assert.equal(rx.requests.length, 3);
    },
  ));

test('5xx on every attempt: failed after max attempts', () =>
  withReceiver(
    () => 503,
    async (rx) => {
      const tenant = await insertTenant(store, { webhook_url: rx.url });
      const d = await deliver(await finishRun(store, tenant));
      assert.equal(d.status, 'failed');
      assert.equal(d.attempts, FAST.attempts);
      assert.equal(d.last_response_code, 503);
      assert.equal(rx.requests.length, FAST.attempts);
    },
  ));

test('a receiver that never answers: timeout, retried, then failed', () =>
  withReceiver(
    () => 'hang',
    async (rx) => {
      const tenant = await insertTenant(store, {
        webhook_url: rx.url,
        webhook_settings: JSON.stringify({ attempts: 2, timeout_ms: 150, pauses_ms: [10] }),
      });
      const d = await deliver(await finishRun(store, tenant));
      assert.equal(d.status, 'failed');
      assert.equal(d.attempts, 2);
      assert.equal(d.last_response_code, null);
      assert.match(d.last_error ?? '', /не ответил/);
      assert.equal(rx.requests.length, 2);
    },
  ));

test('connection refused (closed port): retried, then failed', async () => {
  const port = await closedPort();
  const tenant = await insertTenant(store, {
    webhook_url: `http://127.0.0.1:${port}/hook`,
    webhook_settings: JSON.stringify({ attempts: 3, timeout_ms: 2000, pauses_ms: [5] }),
  });
  const d = await deliver(await finishRun(store, tenant));
  assert.equal(d.status, 'failed');
  assert.equal(d.attempts, 3);
  assert.match(d.last_error ?? '', /ECONNREFUSED/);
});

test('a redirect is not followed: rejected after one attempt, the Location is never contacted', async () => {
  const target = await startReceiver(() => 200);
  try {
    await withReceiver(
      () => ({ status: 307, headers: { Location: target.url } }),
      async (rx) => {
        const tenant = await insertTenant(store, { webhook_url: rx.url });
        const d = await deliver(await finishRun(store, tenant));
        assert.equal(d.status, 'rejected');
        assert.equal(d.attempts, 1);
        assert.equal(d.last_response_code, 307);
        assert.match(d.last_error ?? '', /Перенаправление/);
        assert.equal(rx.requests.length, 1);
        assert.equal(target.requests.length, 0);
      },
    );
  } finally {
    await target.close();
  }
});

test('denied when private targets are not allowed: no attempt is made, nothing is connected', async () => {
  const rx = await startReceiver(() => 200);
  const strict = testConfig({ webhookAllowPrivate: false });
  try {
    for (const url of [
      'https://10.0.0.1/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data/',
      `https://[::1]:${rx.port}/hook`,
      `https://localhost:${rx.port}/hook`,
      `http://127.0.0.1:${rx.port}/hook`,
    ]) {
      const tenant = await insertTenant(store, { webhook_url: url });
      const d = await deliver(await finishRun(store, tenant), strict);
      assert.equal(d.status, 'denied', url);
      assert.equal(d.attempts, 0, url);
      assert.equal(d.next_attempt_at, null, url);
      assert.equal(d.last_response_code, null, url);
      assert.ok(d.last_error, url);
    }
    assert.equal(rx.requests.length, 0);
  } finally {
    await rx.close();
  }
});

test('metadata addresses are denied even when private targets are allowed', async () => {
  const tenant = await insertTenant(store, { webhook_url: 'http://169.254.169.254/latest/meta-data/' });
  const d = await deliver(await finishRun(store, tenant), testConfig({ webhookAllowPrivate: true }));
  assert.equal(d.status, 'denied');
  assert.match(d.last_error ?? '', /метаданных/);
});

test('a name with one forbidden address among its answers is denied', async () => {
  const lookup: LookupAll = async () => [
    { address: '93.184.216.34', family: 4 },
    { address: '10.20.30.40', family: 4 },
  ];
  const tenant = await insertTenant(store, { webhook_url: 'https://mixed.drs.test/hook' });
  const d = await deliver(await finishRun(store, tenant), testConfig({ webhookAllowPrivate: false }), lookup);
  assert.equal(d.status, 'denied');
  assert.match(d.last_error ?? '', /10\.20\.30\.40/);
});

test('the connection goes to the vetted address, the URL host name is kept for Host', () =>
  withReceiver(
    () => 200,
    async (rx) => {
      let resolutions = 0;
      const lookup: LookupAll = async (host) => {
        resolutions += 1;
        assert.equal(host, 'hooks.drs.test');
        return [{ address: '127.0.0.1', family: 4 }];
      };
      const tenant = await insertTenant(store, { webhook_url: `http://hooks.drs.test:${rx.port}/hook` });
      const d = await deliver(await finishRun(store, tenant), testConfig(), lookup);
      assert.equal(d.status, 'delivered');
      assert.equal(resolutions, 1, 'resolved once, by the guard');
      assert.equal(rx.requests[0]!.headers.host, `hooks.drs.test:${rx.port}`);
    },
  ));

test('an unresolvable name is a failed attempt that is retried, not a denial', async () => {
  const lookup: LookupAll = async (host) => {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  };
  const tenant = await insertTenant(store, {
    webhook_url: 'https://missing.drs.test/hook',
    webhook_settings: JSON.stringify({ attempts: 2, timeout_ms: 500, pauses_ms: [5] }),
  });
  const d = await deliver(await finishRun(store, tenant), testConfig(), lookup);
  assert.equal(d.status, 'failed');
  assert.equal(d.attempts, 2);
  assert.match(d.last_error ?? '', /ENOTFOUND/);
});
