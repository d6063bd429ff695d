/**
 * The service split over processes: two API nodes (`serve --no-worker`) and workers (`worker`) on one database
 * (PostgreSQL with TEST_DATABASE_URL, else one shared SQLite file) and one S3-compatible blob store on
 * 127.0.0.1. Runs go in through node A and are watched through node B; a worker is killed with SIGKILL in the
 * middle of a run. Every run completes once, charges and refunds add up, every webhook event arrives once.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Store } from '../../src/store/db.ts';
import { Client, form, type ApiResponse } from '../helpers/client.ts';
import { startCluster, type Cluster } from '../helpers/cluster.ts';
import { openTestDatabase } from '../helpers/database.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';
import { startS3Server, type TestS3Server } from '../helpers/s3-server.ts';
import { startWebhookCounter, type WebhookCounter } from '../helpers/webhook-counter.ts';
import { runningCount } from './fixtures.ts';

const RUNS = 6;
const RUN_TIMEOUT_MS = 180_000;

async function waitUntil<T>(what: string, timeoutMs: number, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('two API nodes and two workers on one database and one S3 bucket', () => {
  let s3: TestS3Server;
  let hooks: WebhookCounter;
  let cluster: Cluster;
  let db: Store;

  before(async () => {
    s3 = await startS3Server();
    hooks = await startWebhookCounter();
    // Small lease: a run whose worker died is taken over within seconds.
    cluster = await startCluster({ apis: 2, workers: 0, env: { ...s3.env('cluster'), LEASE_MS: '2000', WEBHOOK_ALLOW_PRIVATE: 'true' } });
    db = await openTestDatabase(cluster.env);
  });
  after(async () => {
    await db?.close();
    await cluster?.stop();
    await hooks?.stop();
    await s3?.stop();
  });

  test('runs submitted to A and watched on B complete exactly once although a worker is killed mid-run', async () => {
    const [a, b] = cluster.apis;
    const org = await cluster.createOrg({ checks: 10, concurrency: 2, 'webhook-url': hooks.url, 'webhook-secret': 'секрет' });
    const apiA = new Client(a!.baseUrl, org.api_key);
    const apiB = new Client(b!.baseUrl, org.api_key);

    const doomed = await cluster.addWorker();
    const runIds: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await apiA.postForm('/runs', form([{ name: `ПЗ-${i + 1}.pdf`, content: await makeSimplePdf(2 + i, `24-0${i}-ПЗ`) }]));
      assert.equal(r.status, 201, r.text);
      runIds.push(r.json.run_id);
    }
    assert.equal((await apiB.get('/me')).json.checks_left, 10 - RUNS, 'node B sees the charges made through node A');

    // Kill the only worker while it holds a run.
    await waitUntil('a run in progress', RUN_TIMEOUT_MS, async () => {
      for (const id of runIds) if ((await apiB.get(`/runs/${id}`)).json.status === 'running') return true;
      return false;
    });
    await doomed.kill();
    const orphaned = await db.db
      .selectFrom('runs')
      .select(['id', 'lease_owner'])
      .where('status', '=', 'running')
      .where('lease_owner', 'like', `%:${doomed.pid}:%`)
      .execute();
    assert.ok(orphaned.length >= 1, 'the worker was killed while holding a run');

    await cluster.addWorker();
    await cluster.addWorker();
    // Two workers with two slots each could run four at once; the organization's concurrency of 2 must hold.
    let peakRunning = 0;
    await waitUntil('every run finished', RUN_TIMEOUT_MS, async () => {
      peakRunning = Math.max(peakRunning, await runningCount(db.db, org.tenant_id));
      const states = await Promise.all(runIds.map((id) => apiB.get(`/runs/${id}`)));
      return states.every((r) => r.json.status === 'done' || r.json.status === 'failed');
    });
    assert.ok(peakRunning <= 2, `${peakRunning} runs of the organization were running at once`);
    for (const id of runIds) {
      const f = (await apiB.get(`/runs/${id}`)).json;
      assert.equal(f.status, 'done', JSON.stringify(f.error));
    }

    const results = await db.db.selectFrom('results').select('run_id').where('run_id', 'in', runIds).execute();
    assert.deepEqual(results.map((r) => r.run_id).sort(), [...runIds].sort(), 'one published result per run');
    const attempts = await db.db
      .selectFrom('runs')
      .select(['id', 'attempts'])
      .where(
        'id',
        'in',
        orphaned.map((o) => o.id),
      )
      .execute();
    for (const r of attempts) assert.ok(r.attempts >= 2, 'the orphaned run was taken over by another worker');

    // Charges: one check per run, nothing refunded, as seen from either node.
    for (const api of [apiA, apiB]) assert.equal((await api.get('/me')).json.checks_left, 10 - RUNS);
    const ledger = await db.db.selectFrom('ledger').select(['reason', 'delta']).where('tenant_id', '=', org.tenant_id).execute();
    assert.deepEqual(
      ledger.map((l) => `${l.reason}${l.delta}`).sort(),
      runIds.map(() => 'charge-1'),
    );

    // Results and reports are read through both API nodes; documents and reports live in the bucket.
    const keys = await s3.keys('cluster/');
    for (const id of runIds) {
      const findings = await apiA.get(`/runs/${id}/findings`);
      assert.equal(findings.status, 200, findings.text.slice(0, 200));
      assert.ok(
        keys.some((k) => k.startsWith(`cluster/runs/${id}/docs/`)),
        'the documents are in the bucket',
      );
      assert.ok(
        keys.some((k) => k.startsWith(`cluster/runs/${id}/report`)),
        'the reports are in the bucket',
      );
      const md = await apiA.get(`/runs/${id}/report`);
      assert.equal(md.status, 200, md.text.slice(0, 200));
      assert.ok(md.bytes.length > 0);
      const pdf = await apiB.get(`/runs/${id}/report.pdf`);
      assert.equal(pdf.status, 200, pdf.text.slice(0, 200));
      assert.equal(pdf.bytes.subarray(0, 5).toString('latin1'), '%PDF-', 'the PDF written by a worker streams out of the bucket');
    }

    // Webhooks: one run.finished per run, however many workers dispatched and one of them died.
    await hooks.waitFor(RUNS, 60_000);
    await Promise.all(cluster.workers.map((w) => w.stop()));
    const counts = hooks.counts();
    assert.equal(hooks.received.length, RUNS, JSON.stringify([...counts]));
    for (const id of runIds) assert.equal(counts.get(`${id} run.finished`), 1);
  });

  test('charges and idempotency stay exact when both API nodes take requests at once', async () => {
    const [a, b] = cluster.apis;
    const pdf = await makeSimplePdf(1);

    const org = await cluster.createOrg({ checks: 3 });
    const nodes = [new Client(a!.baseUrl, org.api_key), new Client(b!.baseUrl, org.api_key)];
    const submitted = await Promise.all(Array.from({ length: 8 }, (_, i) => nodes[i % 2]!.postForm('/runs', form([{ name: `${i}.pdf`, content: pdf }]))));
    const statuses = submitted.map((r: ApiResponse) => r.status).sort();
    assert.deepEqual(statuses, [201, 201, 201, 402, 402, 402, 402, 402], 'exactly as many runs as checks');
    for (const r of submitted.filter((s) => s.status === 402)) assert.equal(r.json.detail.error, 'no_checks_left');
    assert.equal((await nodes[1]!.get('/me')).json.checks_left, 0);

    const idem = await cluster.createOrg({ checks: 5 });
    const both = [new Client(a!.baseUrl, idem.api_key), new Client(b!.baseUrl, idem.api_key)];
    const same = () => form([{ name: 'Том 1.pdf', content: pdf }], { object_address: 'г. Москва, ул. Тестовая, 1' });
    const first = await Promise.all([0, 1, 2, 3].map((i) => both[i % 2]!.postForm('/runs', same(), { 'idempotency-key': 'submit-1' })));
    const created = first.filter((r) => r.status === 201 || r.status === 200);
    for (const r of first) assert.ok([200, 201, 409].includes(r.status), r.text);
    for (const r of first.filter((x) => x.status === 409)) assert.equal(r.json.detail.error, 'idempotency_pending');
    assert.equal(first.filter((r) => r.status === 201).length, 1, 'one request created the run');
    const runId = first.find((r) => r.status === 201)!.json.run_id;
    for (const r of created) assert.equal(r.json.run_id, runId);
    const replay = await both[1]!.postForm('/runs', same(), { 'idempotency-key': 'submit-1' });
    assert.equal(replay.status, 200);
    assert.equal(replay.json.run_id, runId);
    assert.equal(replay.headers.get('idempotent-replayed'), 'true');
    assert.equal((await both[0]!.get('/me')).json.checks_left, 4, 'charged once');
    assert.equal((await both[0]!.get('/runs')).json.runs.length, 1, 'one run for the key');
  });
});
