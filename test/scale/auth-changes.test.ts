/**
 * Authentication answers from a per-node cache, yet revocation and suspension take effect at once on every
 * node: two API nodes on one database (PostgreSQL with TEST_DATABASE_URL, else one SQLite file), keys and
 * organizations changed through the operator CLI (another process), and the very next request to either
 * node is refused. On PostgreSQL the nodes' change listener is also cut: while it is down the nodes read the
 * database for every request, so a revocation made meanwhile is not missed.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { Client, form } from '../helpers/client.ts';
import { startCluster, type Cluster } from '../helpers/cluster.ts';
import { openTestDatabase } from '../helpers/database.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';

describe('key and organization changes reach every API node at once', () => {
  let cluster: Cluster;

  before(async () => {
    cluster = await startCluster({ apis: 2, workers: 0 });
  });
  after(() => cluster?.stop());

  const statuses = (key: string, path = '/me') => Promise.all(cluster.apis.map(async (n) => (await new Client(n.baseUrl, key).get(path)).status));

  /** Several requests per node, so the answers below would come from a cache if nothing emptied it. */
  async function warm(...keys: string[]): Promise<void> {
    for (let i = 0; i < 3; i++) for (const k of keys) assert.deepEqual(await statuses(k), [200, 200]);
  }

  test('a revoked key is refused by both nodes on the next request; the other key keeps working', async () => {
    const org = await cluster.createOrg();
    const extra = await cluster.cli(['key', 'create', '--tenant', org.tenant_id]);
    assert.equal(extra.code, 0, extra.stdout);
    await warm(org.api_key, extra.json.api_key);
    assert.equal((await cluster.cli(['key', 'revoke', extra.json.key_id])).code, 0);
    assert.deepEqual(await statuses(extra.json.api_key), [401, 401]);
    assert.deepEqual(await statuses(org.api_key), [200, 200]);
  });

  test('a suspended organization is 403 on both nodes at once, and back after resume', async () => {
    const org = await cluster.createOrg();
    await warm(org.api_key);
    assert.equal((await cluster.cli(['org', 'suspend', org.tenant_id])).code, 0);
    assert.deepEqual(await statuses(org.api_key), [403, 403]);
    assert.equal((await cluster.cli(['org', 'resume', org.tenant_id])).code, 0);
    assert.deepEqual(await statuses(org.api_key), [200, 200]);
  });

  test('checks given by the operator show on both nodes at once', async () => {
    const org = await cluster.createOrg({ checks: 4 });
    await warm(org.api_key);
    assert.equal((await cluster.cli(['org', 'set', org.tenant_id, '--checks', '9'])).code, 0);
    const seen = await Promise.all(cluster.apis.map(async (n) => (await new Client(n.baseUrl, org.api_key).get('/me')).json.checks_left));
    assert.deepEqual(seen, [9, 9]);
  });

  test('a run status cached by both nodes follows writes of other processes as soon as they are told', async () => {
    const org = await cluster.createOrg();
    const [a, b] = cluster.apis.map((n) => new Client(n.baseUrl, org.api_key));
    const created = await a!.postForm('/runs', form([{ name: '24-017-ПЗ.pdf', content: await makeSimplePdf(2) }]));
    assert.equal(created.status, 201, created.text);
    const runId = created.json.run_id as string;
    const poll = async () => Promise.all([a!, b!].map(async (c) => (await c.get(`/runs/${runId}`)).json));
    // Another process's commit reaches a node as a PostgreSQL notification, delivered a moment after the commit
    // (SQLite: the change signal, read at most once a millisecond): polled until both nodes answer it, never longer than 5 s.
    const pollUntil = async (seen: (s: Record<string, unknown>) => boolean) => {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const answers = await poll();
        if (answers.every(seen) || Date.now() > deadline) return answers;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    for (let i = 0; i < 3; i++) for (const s of await poll()) assert.equal(s.status, 'queued');

    // Progress written by another process (as a worker would), straight into the database.
    const db = await openTestDatabase(cluster.env);
    try {
      const progress = { percent: 37, pages_total: 2, pages_done: 1, elapsed_s: 1, eta_s: 1 };
      await db.db
        .updateTable('runs')
        .set({ progress: JSON.stringify(progress) })
        .where('id', '=', runId)
        .execute();
      for (const s of await pollUntil((s) => s.progress !== null)) assert.deepEqual(s.progress, progress);
    } finally {
      await db.close();
    }
    // Cancelled through node A: node B answers the new state and the refund on its next poll.
    assert.equal((await a!.post(`/runs/${runId}/cancel`)).status, 200);
    const seen = await pollUntil((s) => s.status === 'failed');
    for (const s of seen) assert.equal(s.status, 'failed');
    assert.deepEqual(
      seen.map((s) => s.checks_left),
      [10, 10],
    );
  });

  test('PostgreSQL: with the change listener cut, nodes read the database and miss nothing', { skip: !process.env.TEST_DATABASE_URL }, async () => {
    const org = await cluster.createOrg();
    const extra = await cluster.cli(['key', 'create', '--tenant', org.tenant_id]);
    await warm(org.api_key, extra.json.api_key);
    const admin = new pg.Client({ connectionString: cluster.env.DATABASE_URL });
    await admin.connect();
    try {
      const cut = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`);
      assert.equal(cut.rowCount, 2, 'one listener per API node');
      // Each node learns of the loss from its socket; from then on it answers from the database.
      for (let i = 0; i < 100 && !cluster.apis.every((n) => n.logs().includes('change listener lost')); i++) await new Promise((r) => setTimeout(r, 50));
      assert.ok(
        cluster.apis.every((n) => n.logs().includes('change listener lost')),
        'both nodes noticed the lost listener',
      );
      // Revoked while nobody listens: no notification will ever arrive for it.
      assert.equal((await cluster.cli(['key', 'revoke', extra.json.key_id])).code, 0);
      assert.deepEqual(await statuses(extra.json.api_key), [401, 401]);
      assert.deepEqual(await statuses(org.api_key), [200, 200]);
      // The listeners come back (after about a second) and the cache is used again, still exact.
      for (let i = 0; i < 50; i++) {
        const back = await admin.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'`);
        if (back.rows[0].n === 2) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await warm(org.api_key);
      assert.equal((await cluster.cli(['org', 'suspend', org.tenant_id])).code, 0);
      assert.deepEqual(await statuses(org.api_key), [403, 403]);
    } finally {
      await admin.end();
    }
  });
});
