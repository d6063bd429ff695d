/**
 * The operator's view (docs/scale-out.md#metrics): /metrics on a port of its own and, behind METRICS_TOKEN, on the
 * API's port; scraped while a run is queued and processed, then after it is done — runs by state, the queue, the
 * run's child, its stages, the requests by route and status, the database's connections; refusals of a bound
 * counted; /ready answering 200 while the node may take traffic and 503 in the envelope when it may not.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, freePort, type TestServer } from '../helpers/server.ts';
import { startApp } from '../helpers/app.ts';
import { Client, errorDetail, form } from '../helpers/client.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';

const TOKEN = 'metrics-token-of-the-tests';

/** The value of one sample of a Prometheus text exposition (labels in any order), undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string | number> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === String(v))) return Number(m[3]);
  }
  return undefined;
}

describe('metrics and readiness of the real program', () => {
  let server: TestServer;
  let metricsUrl: string;

  before(async () => {
    const metricsPort = await freePort();
    server = await startServer({ env: { METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN } });
    metricsUrl = `http://127.0.0.1:${metricsPort}`;
  });
  after(() => server.stop());

  const scrape = async (base = metricsUrl): Promise<string> => {
    const r = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return r.text();
  };

  test('/metrics wants its token on both ports; /ready and /health answer on the metrics port', async () => {
    for (const base of [metricsUrl, server.baseUrl.replace('/api/v1', '')]) {
      const without = await fetch(`${base}/metrics`);
      assert.equal(without.status, 401, base);
      assert.equal((await without.json()).detail.error, 'unauthorized');
      const wrong = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer metrics-token-of-the-testX' } });
      assert.equal(wrong.status, 401, base);
      assert.match(await scrape(base), /# TYPE drs_http_request_duration_seconds histogram/);
    }
    const ready = await fetch(`${metricsUrl}/ready`);
    assert.equal(ready.status, 200);
    const body = await ready.json();
    assert.equal(body.ready, true);
    assert.equal(body.checks.database, true);
    assert.equal(body.checks.scratch, true);
    assert.equal((await fetch(`${server.baseUrl}/ready`)).status, 200);
    assert.deepEqual(await (await fetch(`${metricsUrl}/health`)).json(), { ok: true, api_version: 'v1' });
    assert.equal((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status, 405);
    assert.equal((await fetch(`${metricsUrl}/anything`)).status, 404);
  });

  test('a scrape during a run shows it queued or running with its child, and after it its stages and requests', async () => {
    const org = await server.createOrg({ checks: 5 });
    const api = new Client(server.baseUrl, org.api_key);
    const before = await scrape();
    // long enough to outlast a scrape and two polls on a loaded machine: a short run could end before the first scrape
    const up = await api.postForm('/runs', form([{ name: '24-017-ПЗ.pdf', content: await makeSimplePdf(300) }]));
    assert.equal(up.status, 201, up.text);
    const runId = up.json.run_id;
    let seenWhileUnfinished = 0;
    for (;;) {
      const statusBefore = (await api.get(`/runs/${runId}`)).json.status;
      const text = await scrape();
      const statusAfter = (await api.get(`/runs/${runId}`)).json.status;
      if (statusAfter === 'queued' || statusAfter === 'running') {
        // unfinished before and after the scrape: it was queued or running while the database was read
        seenWhileUnfinished++;
        assert.equal((sample(text, 'drs_runs', { state: 'queued' }) ?? 0) + (sample(text, 'drs_runs', { state: 'running' }) ?? 0), 1, text);
        if (statusBefore === 'queued' && statusAfter === 'queued') assert.equal(sample(text, 'drs_queue_depth', { queue: 'runs' }), 1);
        if (statusBefore === 'running' && statusAfter === 'running') {
          assert.equal(sample(text, 'drs_children_running', { kind: 'run' }), 1, 'the run is carried by a child');
        }
      }
      if (statusAfter === 'done' || statusAfter === 'failed') {
        assert.equal(statusAfter, 'done');
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.ok(seenWhileUnfinished > 0, 'at least one scrape while the run was not finished');

    // the run is published by its child, which exits just after: the scrape «after it» waits for the child to be gone
    let done = await scrape();
    for (let i = 0; i < 100 && sample(done, 'drs_children_running', { kind: 'run' }) !== 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      done = await scrape();
    }
    assert.equal(sample(done, 'drs_runs', { state: 'done' }), 1);
    assert.equal(sample(done, 'drs_runs', { state: 'queued' }), 0);
    assert.equal(sample(done, 'drs_queue_depth', { queue: 'runs' }), 0);
    assert.equal(sample(done, 'drs_queue_oldest_age_seconds', { queue: 'runs' }), 0);
    assert.equal(sample(done, 'drs_children_running', { kind: 'run' }), 0);
    for (const kind of ['page_render', 'pdf_build', 'register_build', 'archive_preview']) {
      assert.equal(sample(done, 'drs_children_running', { kind }), 0, kind);
      assert.equal(sample(done, 'drs_children_queued', { kind }), 0, kind);
    }
    assert.equal(sample(done, 'drs_runs_ended_total', { outcome: 'done' }), 1);
    for (const stage of ['preparing', 'reading', 'reviewing', 'reporting', 'publishing']) {
      assert.equal(sample(done, 'drs_run_stage_duration_seconds_count', { stage }), 1, stage);
      assert.ok((sample(done, 'drs_run_stage_duration_seconds_sum', { stage }) ?? -1) >= 0, stage);
    }
    const route = '/api/v1/runs/:run_id';
    const polls = sample(done, 'drs_http_request_duration_seconds_count', { method: 'GET', route, status: 200 }) ?? 0;
    const pollsBefore = sample(before, 'drs_http_request_duration_seconds_count', { method: 'GET', route, status: 200 }) ?? 0;
    assert.ok(polls - pollsBefore >= 2 * seenWhileUnfinished, `polls counted by their route: ${polls - pollsBefore}`);
    assert.equal(sample(done, 'drs_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/runs', status: 201 }), 1);
    assert.equal(
      sample(done, 'drs_http_request_duration_seconds_bucket', { method: 'POST', route: '/api/v1/runs', status: 201, le: '+Inf' }),
      1,
      'the histogram has its buckets',
    );
    assert.ok(!/route="\/api\/v1\/runs\/[0-9a-f]{8}-/.test(done), 'no series names a run id');
    const pool = Object.fromEntries(['total', 'idle', 'waiting', 'max'].map((state) => [state, sample(done, 'drs_db_pool_connections', { state }) ?? -1]));
    assert.ok(pool.total! >= 1 && pool.total! <= pool.max! && pool.idle! <= pool.total! && pool.waiting! >= 0, JSON.stringify(pool));
    assert.equal(pool.max, server.env.DATABASE_URL ? 10 : 1, "the PostgreSQL pool, or SQLite's one connection");
    assert.ok((sample(done, 'process_resident_memory_bytes') ?? 0) > 0, 'process metrics');
    assert.equal(sample(done, 'drs_ready'), 1);
  });
});

describe('metrics in process: off without a token, bounds refused, readiness of a full disk', () => {
  test('without METRICS_TOKEN the API port has no /metrics; a refusal of the rate limit is counted by its bound', async () => {
    const server = await startApp({ env: { RATE_LIMIT_FLUSH_MS: '3600000' } });
    try {
      const res = await server.app.inject({ method: 'GET', url: '/metrics' });
      assert.equal(res.statusCode, 404);
      assert.equal(JSON.parse(res.body).detail.error, 'not_found');
    } finally {
      await server.stop();
    }
    const limited = await startApp({ env: { RATE_LIMIT_FLUSH_MS: '3600000', METRICS_TOKEN: TOKEN } });
    try {
      const org = await limited.createOrg({ 'rate-limit-per-minute': 1 });
      const read = async () => {
        const r = await limited.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
        assert.equal(r.statusCode, 200);
        return sample(r.body, 'drs_bounds_refused_total', { bound: 'rate_limit' }) ?? 0;
      };
      const was = await read();
      const api = new Client(limited.baseUrl, org.api_key);
      assert.equal((await api.get('/me')).status, 200);
      const refused = await api.get('/me');
      assert.equal(refused.status, 429);
      assert.equal(errorDetail(refused).error, 'too_many_requests');
      assert.equal(await read(), was + 1);
      assert.equal((await limited.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } })).statusCode, 401);
    } finally {
      await limited.stop();
    }
  });

  test('GET /ready is 503 backend_unavailable naming the reason when the data directory lacks the free space asked for', async () => {
    // more free space asked for than any test machine has: the node says it should not take traffic
    const server = await startApp({ env: { READY_MIN_FREE_MB: String(1024 * 1024 * 1024) } });
    try {
      const r = await new Client(server.baseUrl, null).get('/ready');
      assert.equal(r.status, 503);
      assert.equal(errorDetail(r).error, 'backend_unavailable');
      assert.match(errorDetail(r).message, /свободного места в каталоге данных \d+ МБ/);
      assert.equal(r.headers.get('retry-after'), '5');
      assert.equal((await new Client(server.baseUrl, null).get('/health')).status, 200, '/health stays «the process answers»');
    } finally {
      await server.stop();
    }
  });
});
