/**
 * Values come back with the same JS types on SQLite and PostgreSQL: bigint columns, count(*), sum over integer
 * and bigint columns are numbers; 0/1 booleans are numbers; ISO timestamps compare as text in time order.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';
import { addQueuedRuns, addTenant } from './fixtures.ts';

let store: TestStore;
before(async () => {
  store = await openTestStore();
});
after(async () => {
  await store.dispose();
});

test('aggregates and bigint columns are JS numbers on either dialect', async () => {
  const t = await addTenant(store.db, { checks: 7 });
  const [runId] = await addQueuedRuns(store.db, t, 1);
  const big = 3 * 1024 ** 3; // above 2^31: a bigint column on PostgreSQL
  for (const idx of [1, 2]) {
    await store.db
      .insertInto('documents')
      .values({
        run_id: runId!,
        idx,
        name: `${idx}.pdf`,
        kind: null,
        kind_chosen: 0,
        kind_guess: null,
        role: 'review',
        format: 'pdf',
        size: big,
        sha256: 'x'.repeat(64),
        blob_key: `runs/${runId}/docs/${idx}.pdf`,
        pdf_blob_key: null,
        pages: 10 * idx,
        converted: 0,
        page_from: null,
        page_to: null,
        warnings: '[]',
      })
      .execute();
  }
  const row = await store.db
    .selectFrom('documents')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('size').as('bytes'),
      eb.fn.sum<number>('pages').as('pages'),
      eb.fn.max('size').as('largest'),
    ])
    .where('run_id', '=', runId!)
    .executeTakeFirstOrThrow();
  assert.deepEqual(row, { n: 2, bytes: 2 * big, pages: 30, largest: big });

  const tenant = await store.db
    .selectFrom('tenants')
    .select(['checks_left', 'max_file_bytes', 'has_employees'])
    .where('id', '=', t.tenantId)
    .executeTakeFirstOrThrow();
  assert.deepEqual(tenant, { checks_left: 7, max_file_bytes: 512 * 1024 * 1024, has_employees: 0 });
});

test('ISO-8601 timestamps order as text in time order', async () => {
  const t = await addTenant(store.db);
  const base = Date.parse('2026-11-22T09:59:59.998Z');
  const ids = await addQueuedRuns(store.db, t, 4, base);
  const rows = await store.db
    .selectFrom('runs')
    .select(['id', 'created_at'])
    .where('tenant_id', '=', t.tenantId)
    .where('created_at', '>', new Date(base).toISOString())
    .orderBy('created_at', 'desc')
    .execute();
  assert.deepEqual(
    rows.map((r) => r.id),
    ids.slice(1).reverse(),
  );
});
