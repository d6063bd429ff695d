/**
 * The whole path through the service as `drs serve` wires it (API + worker, in-process) with WEBHOOK_ALLOW_PRIVATE=true,
 * organizations configured through the operator CLI, runs carried to done and to failed, notifications
 * received by a real receiver on 127.0.0.1, the journal endpoint, and `drs webhooks redeliver`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { verifyWebhook } from '../../src/notify/receiver.ts';
import { Client, form } from '../helpers/client.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { startReceiver, waitFor, type Receiver } from './support.ts';

describe('webhooks end to end', () => {
  let server!: InProcessServer;
  let rx!: Receiver;
  const secret = 'whsec_e2e-Проверка';
  before(async () => {
    // The first notification is refused (400), every later one accepted.
    rx = await startReceiver((n) => (n === 0 ? 400 : 204));
    server = await startApp({ worker: true, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  });
  // Either may be missing when before() failed; the receiver must still close or the process would hang.
  after(async () => {
    try {
      await server?.stop();
    } finally {
      await rx?.close();
    }
  });

  test('run.finished is signed and journaled; a rejected delivery is redelivered by the operator', async () => {
    const org = await server.createOrg({
      checks: 3,
      'webhook-url': rx.url,
      'webhook-secret': secret,
      'webhook-attempts': 2,
      'webhook-timeout-ms': 2000,
      'webhook-pauses-ms': '20',
    });
    const api = new Client(server.baseUrl, org.api_key);
    assert.equal((await api.get('/me')).json.webhook_configured, true);

    const run = (await api.postForm('/runs', form([{ name: '24-017-ПЗ.pdf', content: await makeSimplePdf(2) }]))).json;
    const done = await api.waitRun(run.run_id);
    assert.equal(done.status, 'done', JSON.stringify(done.error));

    const journal = () => api.get(`/webhooks/deliveries?run_id=${run.run_id}`);
    const rejected = await waitFor(
      async () => {
        const r = await journal();
        return r.json?.deliveries?.[0]?.status === 'rejected' ? r.json.deliveries[0] : null;
      },
      'the first delivery to be rejected',
      60_000,
    );
    assert.equal(rejected.event, 'run.finished');
    assert.equal(rejected.attempts, 1);
    assert.equal(rejected.last_response_code, 400);
    assert.equal(rx.requests.length, 1);

    const first = rx.requests[0]!;
    assert.equal(first.headers['x-svc-delivery'], rejected.delivery_id);
    const verified = verifyWebhook(first.raw, first.headers, secret);
    assert.equal(verified.ok, true, JSON.stringify(verified));
    if (verified.ok) {
      assert.equal(verified.event.run_id, run.run_id);
      assert.equal(verified.event.tenant_id, org.tenant_id);
      assert.equal(verified.event.status, 'done');
      assert.equal(verified.event.api_version, 'v1');
      assert.equal(verified.event.refunded, false);
      assert.equal(verified.event.pages_total, 2);
      assert.equal(verified.event.checks_left, (await api.get('/me')).json.checks_left);
    }

    const redeliver = await server.cli(['webhooks', 'redeliver', run.run_id]);
    assert.equal(redeliver.code, 0, redeliver.stdout + redeliver.stderr);
    assert.deepEqual(redeliver.json, { delivery_id: rejected.delivery_id, status: 'pending' });

    const delivered = await waitFor(
      async () => {
        const r = await journal();
        return r.json?.deliveries?.[0]?.status === 'delivered' ? r.json.deliveries[0] : null;
      },
      'the redelivery to arrive',
      60_000,
    );
    assert.equal(delivered.delivery_id, rejected.delivery_id);
    assert.equal(delivered.last_response_code, 204);
    assert.equal(rx.requests.length, 2);
    assert.equal(rx.requests[1]!.headers['x-svc-delivery'], rejected.delivery_id);
    assert.equal(verifyWebhook(rx.requests[1]!.raw, rx.requests[1]!.headers, secret).ok, true);
  });

  test('a run that fails notifies run.failed with the refund', async () => {
    const org = await server.createOrg({
      checks: 2,
      'max-pages': 1,
      'oversize-factor': 1,
      'webhook-url': rx.url,
      'webhook-secret': secret,
      'webhook-pauses-ms': '20',
    });
    const api = new Client(server.baseUrl, org.api_key);
    const run = (await api.postForm('/runs', form([{ name: 'a.pdf', content: await makeSimplePdf(2) }]))).json;
    const failed = await api.waitRun(run.run_id);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.refunded, true);

    const delivered = await waitFor(
      async () => {
        const r = await api.get(`/webhooks/deliveries?run_id=${run.run_id}`);
        return r.json?.deliveries?.[0]?.status === 'delivered' ? r.json.deliveries[0] : null;
      },
      'the run.failed notification',
      60_000,
    );
    assert.equal(delivered.event, 'run.failed');
    const received = rx.requests.find((r) => r.headers['x-svc-delivery'] === delivered.delivery_id);
    assert.ok(received);
    assert.equal(received.headers['x-svc-event'], 'run.failed');
    const verified = verifyWebhook(received.raw, received.headers, secret);
    assert.equal(verified.ok, true);
    if (verified.ok) {
      assert.equal(verified.event.status, 'failed');
      assert.equal(verified.event.refunded, true);
      assert.equal(verified.event.findings, 0);
      assert.equal(verified.event.checks_left, 2);
    }
  });
});
