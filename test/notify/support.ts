/**
 * Shared fixtures of the notification tests: a fresh migrated store (test/helpers/test-store.ts: SQLite in a
 * temp DATA_DIR, or a fresh PostgreSQL database when TEST_DATABASE_URL=postgres://… is set), tenants and runs
 * inserted directly, and real HTTP receivers on 127.0.0.1.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import pino from 'pino';
import { loadConfig, type Config } from '../../src/config.ts';
import { recordRunEvent } from '../../src/notify/outbox.ts';
import type { Store } from '../../src/store/db.ts';
import type { TenantsTable } from '../../src/store/schema.ts';
import type { Organization } from '../../src/kernel/model/organization.ts';
import { getTenant } from '../../src/store/repositories/tenants.ts';
import { insertRun as insertRunRow } from '../helpers/rows.ts';

export const silentLog = pino({ level: 'silent' });

export { openTestStore, type TestStore } from '../helpers/test-store.ts';

/** Configuration of the tests: private targets allowed unless a test says otherwise. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ DATA_DIR: tmpdir() }), webhookAllowPrivate: true, ...overrides };
}

/** Fast delivery settings for tests: short pauses and timeout, set per organization as in production. */
export const FAST = { attempts: 4, timeout_ms: 2_000, pauses_ms: [20, 40, 60] };

export async function insertTenant(store: Store, over: Partial<TenantsTable> = {}): Promise<Organization> {
  const now = new Date().toISOString();
  const row: TenantsTable = {
    id: randomUUID(),
    name: 'ООО «Проект»',
    status: 'active',
    checks_left: 10,
    max_files: 0,
    max_file_bytes: 0,
    max_total_bytes: 0,
    max_pages: 0,
    oversize_factor: 1,
    concurrency: 1,
    sections: null,
    webhook_url: null,
    webhook_secret: null,
    webhook_settings: JSON.stringify(FAST),
    has_employees: 0,
    access_from: null,
    access_until: null,
    rate_limit_per_minute: null,
    time_zone: 'Europe/Moscow',
    created_at: now,
    updated_at: now,
    ...over,
  };
  await store.db.insertInto('tenants').values(row).execute();
  return (await getTenant(store.db, row.id))!;
}

export const insertRun = (store: Store, tenantId: string, status: 'done' | 'failed' = 'done'): Promise<string> =>
  insertRunRow(store.db, { tenantId, keyId: 'k' }, status, { stage: 'publish', stage_text: 'Готово', refunded: status === 'failed' ? 1 : 0 });
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
}

/** What the receiver does with the n-th request (0-based): a status code, or 'hang' (never answers). */
export type Reply = number | 'hang' | { status: number; headers: Record<string, string> };

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1; `script(n)` decides the answer to the n-th request. */
export async function startReceiver(script: (n: number, req: ReceivedRequest) => Reply = () => 200): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received: ReceivedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks) };
      const n = requests.length;
      requests.push(received);
      const reply = script(n, received);
      if (reply === 'hang') return;
      const { status, headers } = typeof reply === 'number' ? { status: reply, headers: {} } : reply;
      res.writeHead(status, headers).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** Waits for a condition (polling); fails with `what` when it does not hold within a generous bound. */
export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, what: string, limitMs = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() - start > limitMs) throw new Error(`Timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Records the event of a finished run, as the pipeline does at publication. Returns the run id. */
export async function finishRun(store: Store, tenant: Organization, status: 'done' | 'failed' = 'done'): Promise<string> {
  const runId = await insertRun(store, tenant.id, status);
  await store.db
    .transaction()
    .execute((trx) =>
      recordRunEvent(
        trx,
        { id: runId, tenant_id: tenant.id, status, refunded: status === 'failed' },
        { findings: 3, pagesTotal: 42, checksLeft: tenant.checksLeft },
        tenant,
        'v1',
        new Date(),
      ),
    );
  return runId;
}

export async function deliveryOf(store: Store, runId: string) {
  return store.db.selectFrom('webhook_deliveries').selectAll().where('run_id', '=', runId).executeTakeFirst();
}

/** Waits until the delivery of the run leaves `pending` and returns the final row. */
export function settled(store: Store, runId: string) {
  return waitFor(async () => {
    const d = await deliveryOf(store, runId);
    return d && d.status !== 'pending' ? d : null;
  }, `delivery of run ${runId} to settle`);
}
