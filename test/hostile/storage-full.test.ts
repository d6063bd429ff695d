/**
 * A full disk, whichever write meets it: the database cannot grow (SQLite: its page count capped at what it has,
 * so a write needing a new page fails with SQLITE_FULL; PostgreSQL: the writes fail with 53100 disk_full, raised
 * by triggers as the server raises it when it cannot extend a file). POST /bundles, the cabinet's login and an
 * upload are answered 507 storage_full_retry in the envelope — never 500 — nothing is charged, and once there is
 * room again the same requests succeed. The same on PostgreSQL with TEST_DATABASE_URL.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { Client, errorDetail, form } from '../helpers/client.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';

const FULL_TABLES = ['bundles', 'cabinet_sessions', 'runs'] as const;

async function fillDatabase(server: InProcessServer): Promise<void> {
  const db = server.store.db;
  if (server.store.dialect === 'sqlite') {
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(db);
    await sql.raw(`pragma max_page_count = ${pages.rows[0]!.page_count}`).execute(db);
    return;
  }
  await sql`create or replace function drs_test_disk_full() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(db);
  for (const table of FULL_TABLES) {
    await sql.raw(`create trigger drs_test_disk_full before insert on ${table} for each row execute function drs_test_disk_full()`).execute(db);
  }
}

async function makeRoom(server: InProcessServer): Promise<void> {
  const db = server.store.db;
  if (server.store.dialect === 'sqlite') {
    await sql.raw('pragma max_page_count = 1073741823').execute(db);
    return;
  }
  for (const table of FULL_TABLES) await sql.raw(`drop trigger drs_test_disk_full on ${table}`).execute(db);
}

/** Repeats a write until it is refused (a page of SQLite may still have room for a few rows); its last answer. */
async function untilRefused<T extends { status: number }>(write: (i: number) => Promise<T>, okStatus: number): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const r = await write(i);
    if (r.status !== okStatus) return r;
  }
  throw new Error('the write was never refused');
}

describe('writes on a full disk', () => {
  let server: InProcessServer;
  let api: Client;
  let key: string;

  before(async () => {
    server = await startApp({
      env: { CABINET_LOGINS_PER_ADDRESS: '0', CABINET_LOGINS_PER_KEY: '0', CABINET_SESSIONS_PER_KEY: '1000', RATE_LIMIT_PER_MINUTE: '0' },
    });
    const org = await server.createOrg({ checks: 1000 });
    key = org.api_key;
    api = new Client(server.baseUrl, key);
    // the key is read (and its last use written) before the disk fills
    assert.equal((await api.get('/me')).status, 200);
    await fillDatabase(server);
  });
  after(() => server.stop());

  const login = async (i: number) => {
    const r = await server.app.inject({
      method: 'POST',
      url: '/cabinet/login',
      remoteAddress: `10.9.${i >> 8}.${i & 255}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ key }),
    });
    return { status: r.statusCode, json: r.json(), headers: r.headers };
  };

  test('POST /bundles: 507 storage_full_retry with Retry-After, never 500', async () => {
    const r = await untilRefused((i) => api.post('/bundles', { label: `Объект ${i} — ${'к'.repeat(150)}` }), 201);
    assert.equal(r.status, 507, JSON.stringify((r as { json?: unknown }).json));
    assert.equal(errorDetail(r).error, 'storage_full_retry');
    assert.match(errorDetail(r).message, /Недостаточно места/);
    assert.equal(r.headers.get('retry-after'), '30');
    assert.match(server.logs(), /write failed for want of space/);
    assert.doesNotMatch(server.logs(), /unhandled error/);
  });

  test("the cabinet's login: 507 storage_full_retry, never 500", async () => {
    const r = await untilRefused(login, 201);
    assert.equal(r.status, 507, JSON.stringify(r.json));
    assert.equal(r.json.detail.error, 'storage_full_retry');
  });

  test('an upload: 507 with its own message, nothing charged', async () => {
    const before = (await api.get('/me')).json.checks_left;
    const pdf = await makeSimplePdf(1);
    const r = await untilRefused((i) => api.postForm('/runs', form([{ name: `24-017-ПЗ-${i}.pdf`, content: pdf }]), { 'Idempotency-Key': `full-${i}` }), 201);
    assert.equal(
      r.status,
      507,
      server
        .logs()
        .split('\n')
        .filter((l) => l.includes('"level":50'))
        .join('\n'),
    );
    assert.equal(errorDetail(r).error, 'storage_full_retry');
    assert.match(errorDetail(r).message, /Idempotency-Key/);
    const accepted = (await api.get('/runs?limit=200')).json.runs.length;
    assert.equal((await api.get('/me')).json.checks_left, before - accepted, 'only accepted runs are charged');
  });

  test('with room again, the same requests succeed', async () => {
    await makeRoom(server);
    assert.equal((await api.post('/bundles', { label: 'После очистки' })).status, 201);
    assert.equal((await login(9999)).status, 201);
  });
});
