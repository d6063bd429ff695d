import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import type { App } from '../../src/http/app-instance.ts';
import type { AppDeps } from '../../src/domain/deps.ts';
import { workBounds } from '../../src/domain/work-bounds.ts';
import { createBlobStore } from '../../src/blobs/index.ts';
import { registerAuthentication } from '../../src/http/auth.ts';
import { renderError } from '../../src/http/error-handler.ts';
import { webhookRoutes } from '../../src/http/routes/webhooks.ts';
import { ErrorEnvelope } from '../../src/http/schemas/common.ts';
import { startWebhookDispatcher } from '../../src/notify/dispatcher.ts';
import { listRunDeliveries } from '../../src/notify/journal.ts';
import { createApiKey } from '../../src/store/repositories/tenants.ts';
import { finishRun, insertRun, insertTenant, openTestStore, settled, silentLog, startReceiver, testConfig, type TestStore } from './support.ts';

let store: TestStore;
let app: App;
let blobDir: string;

/**
 * The route module mounted the way src/app.ts mounts every module: the same authentication hook, error
 * envelope and OpenAPI generation, under /api/v1 — without the routes of other resources.
 */
async function routeApp(deps: AppDeps): Promise<App> {
  const a = Fastify({
    loggerInstance: silentLog,
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  await a.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: 'test', version: 'v1' } },
    transform: ({ schema, url }) => ({ schema, url: url.replace(/^\/api\/v1/, '') }),
  });
  a.addSchema(ErrorEnvelope);
  await registerAuthentication(a, deps.store);
  a.setErrorHandler((err, request, reply) => renderError(err, request, reply));
  await a.register(
    async (api) => {
      await api.register(webhookRoutes(deps));
      api.get('/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => a.swagger());
    },
    { prefix: '/api/v1' },
  );
  await a.ready();
  return a;
}

before(async () => {
  store = await openTestStore();
  blobDir = mkdtempSync(join(tmpdir(), 'drs-notify-blobs-'));
  const config = testConfig({ dataDir: blobDir });
  app = await routeApp({ config, store, blobs: await createBlobStore(config), log: silentLog, notifyQueued: () => {}, bounds: workBounds(config) });
});
after(async () => {
  await app.close();
  await store.dispose();
  rmSync(blobDir, { recursive: true, force: true });
});

const get = (url: string, key: string | null) => app.inject({ method: 'GET', url, headers: key ? { authorization: `Bearer ${key}` } : {} });

test('the journal lists the deliveries of the own run with the contract fields', async () => {
  const rx = await startReceiver((n) => (n === 0 ? 502 : 200));
  try {
    const tenant = await insertTenant(store, { webhook_url: rx.url, webhook_secret: 's' });
    const { secret } = await createApiKey(store.db, tenant.id);
    const runId = await finishRun(store, tenant);

    const pending = await get(`/api/v1/webhooks/deliveries?run_id=${runId}`, secret);
    assert.equal(pending.statusCode, 200);
    const before = pending.json() as { deliveries: Array<Record<string, unknown>> };
    assert.equal(before.deliveries.length, 1);
    assert.equal(before.deliveries[0]!.status, 'pending');
    assert.equal(before.deliveries[0]!.attempts, 0);

    const dispatcher = startWebhookDispatcher({
      db: store.db,
      dialect: store.dialect,
      config: testConfig(),
      log: silentLog,
      workerId: 'journal',
      pollIntervalMs: 20,
    });
    const row = await settled(store, runId).finally(() => dispatcher.stop());

    const res = await get(`/api/v1/webhooks/deliveries?run_id=${runId}`, secret);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      deliveries: [
        {
          delivery_id: row.id,
          run_id: runId,
          event: 'run.finished',
          status: 'delivered',
          attempts: 2,
          last_response_code: 200,
          created_at: row.created_at,
          updated_at: row.updated_at,
          delivered_at: row.delivered_at,
          next_attempt_at: null,
        },
      ],
    });
    assert.equal(rx.requests[1]!.headers['x-svc-delivery'], row.id);
  } finally {
    await rx.close();
  }
});

test('an own run without notifications gives an empty list', async () => {
  const tenant = await insertTenant(store, { webhook_url: null });
  const { secret } = await createApiKey(store.db, tenant.id);
  const runId = await insertRun(store, tenant.id);
  const res = await get(`/api/v1/webhooks/deliveries?run_id=${runId}`, secret);
  assert.equal(res.statusCode, 200);
  assert.deepEqual(res.json(), { deliveries: [] });
});

test('a run of another organization and an unknown run both answer 404 not_found', async () => {
  const owner = await insertTenant(store, { webhook_url: 'https://hooks.example.com/' });
  const stranger = await insertTenant(store, { webhook_url: 'https://other.example.com/' });
  const { secret } = await createApiKey(store.db, stranger.id);
  const foreignRun = await finishRun(store, owner);
  for (const runId of [foreignRun, '00000000-0000-4000-8000-000000000000']) {
    const res = await get(`/api/v1/webhooks/deliveries?run_id=${runId}`, secret);
    assert.equal(res.statusCode, 404, runId);
    assert.equal((res.json() as { detail: { error: string } }).detail.error, 'not_found');
  }
  assert.equal(await listRunDeliveries(store.db, stranger.id, foreignRun), null);
  assert.equal((await listRunDeliveries(store.db, owner.id, foreignRun))?.length, 1);
});

test('missing run_id → 422 validation_error; no key → 401', async () => {
  const tenant = await insertTenant(store);
  const { secret } = await createApiKey(store.db, tenant.id);
  const missing = await get('/api/v1/webhooks/deliveries', secret);
  assert.equal(missing.statusCode, 422);
  assert.equal((missing.json() as { detail: { error: string } }).detail.error, 'validation_error');
  const empty = await get('/api/v1/webhooks/deliveries?run_id=', secret);
  assert.equal(empty.statusCode, 422);
  const anonymous = await get('/api/v1/webhooks/deliveries?run_id=x', null);
  assert.equal(anonymous.statusCode, 401);
});

test('the endpoint is published in openapi.json with Russian descriptions', async () => {
  const res = await get('/api/v1/openapi.json', null);
  assert.equal(res.statusCode, 200);
  const doc = res.json() as { paths: Record<string, { get?: { description?: string; parameters?: Array<{ name: string }> } }> };
  const op = doc.paths['/webhooks/deliveries']?.get;
  assert.ok(op, 'path present');
  assert.match(op.description ?? '', /Журнал|журнал|Доставки/);
  assert.ok(op.parameters?.some((p) => p.name === 'run_id'));
});
