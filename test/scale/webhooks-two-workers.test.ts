/**
 * Two webhook dispatchers (as on two worker processes) on one database, each with its own connection pool:
 * every event is delivered, and delivered once.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import { loadConfig } from '../../src/config.ts';
import { startWebhookDispatcher, type WebhookDispatcher } from '../../src/notify/dispatcher.ts';
import { recordRunEvent } from '../../src/notify/outbox.ts';
import { getTenant, updateTenant } from '../../src/store/repositories/tenants.ts';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';
import { startWebhookCounter, type WebhookCounter } from '../helpers/webhook-counter.ts';
import { addQueuedRuns, addTenant } from './fixtures.ts';

const EVENTS = 40;
let store: TestStore;
let counter: WebhookCounter;

before(async () => {
  store = await openTestStore();
  counter = await startWebhookCounter();
});
after(async () => {
  await counter.stop();
  await store.dispose();
});

test(`${EVENTS} events dispatched by two workers reach the receiver exactly once each`, async () => {
  const t = await addTenant(store.db);
  await updateTenant(store.db, t.tenantId, { webhookUrl: counter.url, webhookSecret: 'секрет' });
  const tenant = (await getTenant(store.db, t.tenantId))!;
  const runIds = await addQueuedRuns(store.db, t, EVENTS);
  const now = new Date();
  for (const [i, id] of runIds.entries()) {
    const status = i % 4 === 0 ? 'failed' : 'done';
    await store.db
      .transaction()
      .execute((trx) =>
        recordRunEvent(
          trx,
          { id, tenant_id: t.tenantId, status, refunded: status === 'failed' },
          { findings: i, pagesTotal: 10, checksLeft: 5 },
          tenant,
          'v1',
          now,
        ),
      );
  }

  const config = { ...loadConfig(), webhookAllowPrivate: true, leaseMs: 30_000 };
  const log = pino({ level: 'silent' });
  const dispatchers: WebhookDispatcher[] = [];
  for (const workerId of ['worker-a', 'worker-b']) {
    const pool = await store.openSecond();
    dispatchers.push(startWebhookDispatcher({ db: pool.db, dialect: pool.dialect, config, log, workerId, pollIntervalMs: 50, concurrency: 4 }));
  }
  try {
    await counter.waitFor(EVENTS, 60_000);
  } finally {
    await Promise.all(dispatchers.map((d) => d.stop()));
  }

  assert.equal(counter.received.length, EVENTS, 'no event was delivered twice');
  const counts = counter.counts();
  for (const [i, id] of runIds.entries()) assert.equal(counts.get(`${id} ${i % 4 === 0 ? 'run.failed' : 'run.finished'}`), 1);
  const rows = await store.db.selectFrom('webhook_deliveries').select(['status', 'attempts']).execute();
  assert.equal(rows.length, EVENTS);
  for (const r of rows) assert.deepEqual(r, { status: 'delivered', attempts: 1 });
});
