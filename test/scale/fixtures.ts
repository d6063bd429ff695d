/** Tenants and queued runs written straight into a store, for the store-level scale tests. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/store/db.ts';
import { newQueuedRun } from '../../src/domain/new-run.ts';
import { fromRun } from '../../src/store/repositories/run-rows.ts';
import { addTenant as addTenantRow, type TenantWithKey } from '../helpers/rows.ts';

/** An organization with its key (checks 10, concurrency 2 unless given). */
export const addTenant = (db: Db, opts: { checks?: number; concurrency?: number } = {}): Promise<TenantWithKey> =>
  addTenantRow(db, { checks: opts.checks ?? 10, concurrency: opts.concurrency ?? 2 });

/** Inserts `count` queued runs, one millisecond apart in created_at so the queue order is defined. */
export async function addQueuedRuns(db: Db, tenant: { tenantId: string; keyId: string }, count: number, base = Date.now()): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = new Date(base + i).toISOString();
    const run = newQueuedRun({ id: randomUUID(), tenantId: tenant.tenantId, keyId: tenant.keyId, createdAt: at });
    await db.insertInto('runs').values(fromRun(run)).execute();
    ids.push(run.id);
  }
  return ids;
}

export async function runningCount(db: Db, tenantId: string): Promise<number> {
  const row = await db
    .selectFrom('runs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('status', '=', 'running')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
