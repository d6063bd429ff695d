/**
 * Conditional requests and the polling hints through the real application (buildApp) on a migrated store:
 * ETag + If-None-Match → 304 on run status, findings and reports; the ETag changes when the run's progress
 * or status changes; Retry-After while a run is queued or running, none once it finished. Also: a key
 * revoked or an organization suspended through the domain functions is refused on the very next request,
 * although authentication answers from its cache; and a poll of an unchanged run makes no query at all.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/http/app-instance.ts';
import { loadConfig } from '../../src/config.ts';
import { LocalBlobStore } from '../../src/blobs/local-blob-store.ts';
import { createApiKey, revokeApiKey, setTenantStatus } from '../../src/store/repositories/tenants.ts';
import { buildReports } from '../../src/report/index.ts';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';
import { addTenant, insertResult, insertRun as insertRunRow } from '../helpers/rows.ts';
import { makeResult, META } from './fixture.ts';

describe('conditional requests and polling hints', () => {
  let store: TestStore;
  let blobDir: string;
  let app: App;
  let auth: { authorization: string };
  let tenantId: string;
  let keyId: string;
  let doneRun: string;
  /** Queries the application made: through the query builder, and polling reads below it. */
  const made = { builder: 0, runReads: 0 };

  const insertRun = (status: 'queued' | 'running' | 'done') => insertRunRow(store.db, { tenantId, keyId }, status);
  before(async () => {
    store = await openTestStore();
    blobDir = await mkdtemp(join(tmpdir(), 'drs-conditional-'));
    const blobs = new LocalBlobStore(blobDir);
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        made.builder++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const runReads = {
      runWithDocuments: (tenantId: string, runId: string) => {
        made.runReads++;
        return store.runReads.runWithDocuments(tenantId, runId);
      },
    };
    const observed = { ...store, db: store.db.withPlugin(counting), runReads };
    // Rate limit counts are shared by a timer, not per request; here only when the test asks (rateLimits.flush).
    const config = loadConfig({ DATA_DIR: blobDir, RATE_LIMIT_FLUSH_MS: '3600000' });
    app = await buildApp({ config, store: observed, blobs, log: pino({ level: 'silent' }), notifyQueued: () => undefined });
    ({ tenantId, keyId, auth } = await addTenant(store.db, { name: META.organization, checks: 5 }));
    doneRun = await insertRun('done');
    const keys = await buildReports(makeResult(), { ...META, run_id: doneRun }, blobs, `runs/${doneRun}/report`);
    await insertResult(store.db, { runId: doneRun, tenantId }, makeResult(), keys);
  });

  after(async () => {
    await app.close();
    await store.dispose();
    await rm(blobDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, key = auth) =>
    app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...key, ...headers } });

  test('run status: strong ETag, 304 without a body on a match, a new ETag when progress and status change', async () => {
    const runId = await insertRun('running');
    const first = await get(`/runs/${runId}`);
    assert.equal(first.statusCode, 200);
    const etag = String(first.headers.etag);
    assert.match(etag, /^"[\w-]+"$/, 'strong ETag');
    assert.equal(first.headers['cache-control'], 'private, no-cache');

    const same = await get(`/runs/${runId}`, { 'if-none-match': etag });
    assert.equal(same.statusCode, 304);
    assert.equal(same.rawPayload.length, 0);
    assert.equal(same.headers.etag, etag);
    assert.equal(same.headers['retry-after'], '5', 'a 304 of a running run still says when to poll again');
    // A list of validators and the weak form of the same one match too (If-None-Match compares weakly).
    assert.equal((await get(`/runs/${runId}`, { 'if-none-match': `"other", W/${etag}` })).statusCode, 304);
    assert.equal((await get(`/runs/${runId}`, { 'if-none-match': '"other"' })).statusCode, 200);

    const progress = { percent: 40, pages_total: 10, pages_done: 4, elapsed_s: 3, eta_s: 4 };
    await store.db
      .updateTable('runs')
      .set({ progress: JSON.stringify(progress), updated_at: new Date().toISOString() })
      .where('id', '=', runId)
      .execute();
    const moved = await get(`/runs/${runId}`, { 'if-none-match': etag });
    assert.equal(moved.statusCode, 200, 'progress changed: the full body again');
    assert.notEqual(moved.headers.etag, etag);
    assert.deepEqual(moved.json().progress, progress);

    await store.db.updateTable('runs').set({ status: 'done', stage: 'done', finished_at: new Date().toISOString() }).where('id', '=', runId).execute();
    const finished = await get(`/runs/${runId}`, { 'if-none-match': String(moved.headers.etag) });
    assert.equal(finished.statusCode, 200);
    assert.equal(finished.json().status, 'done');
    assert.notEqual(finished.headers.etag, moved.headers.etag);
  });

  /**
   * A run inserted and touched once, resolved when the change feed has told of the touch. PostgreSQL delivers
   * a trigger's notification on its own connection some time after the commit (an insert of a run notifies
   * nothing), with those of earlier writes before it; SQLite reports this process's writes as they complete.
   */
  const insertedAndTold = async (status: 'running'): Promise<string> => {
    const runId = await insertRun(status);
    let told = false;
    let resolve = () => {};
    store.changes.onChange((changed) => {
      if (!changed || !('runId' in changed) || changed.runId !== runId) return;
      told = true;
      resolve();
    });
    await store.db.updateTable('runs').set({ updated_at: new Date().toISOString() }).where('id', '=', runId).execute();
    if (store.env.DATABASE_URL && !told) await new Promise<void>((r) => (resolve = r));
    return runId;
  };

  test('a poll of an unchanged run makes no query; a change costs one read', async () => {
    // A notification still on its way from an earlier write would empty the caches in the middle of the polls.
    const runId = await insertedAndTold('running');
    assert.equal((await get(`/runs/${runId}`)).statusCode, 200);
    const before = { ...made };
    for (let i = 0; i < 20; i++) assert.equal((await get(`/runs/${runId}`)).statusCode, 200);
    assert.deepEqual(made, before, 'neither authentication nor the status read the database');
    await app.rateLimits.flush();
    assert.equal(made.builder, before.builder + 2, 'the 21 requests counted are shared by one upsert (and ended minutes deleted)');
    before.builder = made.builder;
    await store.db.updateTable('runs').set({ stage_text: 'Чтение документов' }).where('id', '=', runId).execute();
    const changed = await get(`/runs/${runId}`);
    assert.equal(changed.json().stage_text, 'Чтение документов');
    assert.equal(made.runReads, before.runReads + 1, 'one read of the run and its documents');
    assert.equal(made.builder, before.builder + 1, 'one key lookup (the write emptied the caches)');
  });

  test('Retry-After: 5 while queued or running, absent once done', async () => {
    for (const status of ['queued', 'running'] as const) {
      const r = await get(`/runs/${await insertRun(status)}`);
      assert.equal(r.statusCode, 200);
      assert.equal(r.headers['retry-after'], '5', status);
    }
    const done = await get(`/runs/${doneRun}`);
    assert.equal(done.statusCode, 200);
    assert.equal(done.headers['retry-after'], undefined);
  });

  test('findings: 304 on a match; a decision changes the ETag', async () => {
    const first = await get(`/runs/${doneRun}/findings`);
    assert.equal(first.statusCode, 200, first.body);
    const etag = String(first.headers.etag);
    assert.match(etag, /^"[\w-]+"$/);
    const same = await get(`/runs/${doneRun}/findings`, { 'if-none-match': etag });
    assert.equal(same.statusCode, 304);
    assert.equal(same.rawPayload.length, 0);

    const finding = first.json().findings[0];
    const decided = await app.inject({
      method: 'POST',
      url: `/api/v1/runs/${doneRun}/feedback`,
      headers: auth,
      payload: {
        finding_id: finding.finding_id,
        snapshot: first.json().feedback_snapshot,
        decision: 'accepted',
        reason: 'Согласны',
        version: 0,
        request_key: 'k-1',
      },
    });
    assert.ok(decided.statusCode < 300, decided.body);
    const after = await get(`/runs/${doneRun}/findings`, { 'if-none-match': etag });
    assert.equal(after.statusCode, 200, 'a new decision is a new body');
    assert.notEqual(after.headers.etag, etag);
  });

  test('reports: weak ETag from the stored report, 304 without the body', async () => {
    for (const url of [`/runs/${doneRun}/report`, `/runs/${doneRun}/report.pdf`, `/runs/${doneRun}/report.zip`]) {
      const first = await get(url);
      assert.equal(first.statusCode, 200, url);
      const etag = String(first.headers.etag);
      assert.match(etag, /^W\/"[\w-]+"$/, url);
      const same = await get(url, { 'if-none-match': etag });
      assert.equal(same.statusCode, 304, url);
      assert.equal(same.rawPayload.length, 0, url);
    }
    const md = String((await get(`/runs/${doneRun}/report`)).headers.etag);
    const pdf = String((await get(`/runs/${doneRun}/report.pdf`)).headers.etag);
    assert.notEqual(md, pdf, 'each report has its own validator');
    assert.equal((await get(`/runs/${doneRun}/report.pdf`, { 'if-none-match': md })).statusCode, 200);
  });

  test('a revoked key and a suspended organization are refused on the very next request', async () => {
    const extra = await createApiKey(store.db, tenantId);
    const key = { authorization: `Bearer ${extra.secret}` };
    // Warm the cache: the answers below would come from it if nothing told it about the change.
    for (let i = 0; i < 3; i++) assert.equal((await get(`/runs/${doneRun}`, {}, key)).statusCode, 200);
    await revokeApiKey(store.db, extra.key.id);
    assert.equal((await get(`/runs/${doneRun}`, {}, key)).statusCode, 401);

    for (let i = 0; i < 3; i++) assert.equal((await get(`/runs/${doneRun}`)).statusCode, 200);
    await setTenantStatus(store.db, tenantId, 'suspended');
    const suspended = await get(`/runs/${doneRun}`);
    assert.equal(suspended.statusCode, 403);
    assert.equal(suspended.json().detail.error, 'forbidden');
    await setTenantStatus(store.db, tenantId, 'active');
    assert.equal((await get(`/runs/${doneRun}`)).statusCode, 200);
  });

  test('checks_left in the status follows a change of the organization at once', async () => {
    const before = (await get(`/runs/${doneRun}`)).json().checks_left;
    await store.db
      .updateTable('tenants')
      .set({ checks_left: before + 3 })
      .where('id', '=', tenantId)
      .execute();
    assert.equal((await get(`/runs/${doneRun}`)).json().checks_left, before + 3);
  });
});
