import { randomUUID } from 'node:crypto';
import type { Db } from '../db.ts';
import type { LedgerReason, UsageDay } from '../../kernel/model/organization.ts';

export async function recordLedger(db: Db, entry: { tenantId: string; runId: string | null; delta: number; reason: LedgerReason; at: string }): Promise<void> {
  await db
    .insertInto('ledger')
    .values({ id: randomUUID(), tenant_id: entry.tenantId, run_id: entry.runId, delta: entry.delta, reason: entry.reason, created_at: entry.at })
    .execute();
}

/** Check movements of a tenant since `fromIso`, summed per UTC day. */
export async function usageSince(db: Db, tenantId: string, fromIso: string): Promise<UsageDay[]> {
  const rows = await db
    .selectFrom('ledger')
    .select(['delta', 'reason', 'created_at'])
    .where('tenant_id', '=', tenantId)
    .where('created_at', '>=', fromIso)
    .orderBy('created_at')
    .execute();
  const days = new Map<string, UsageDay>();
  for (const r of rows) {
    const date = r.created_at.slice(0, 10);
    const day = days.get(date) ?? { date, charged: 0, refunded: 0 };
    if (r.reason === 'charge' || r.reason === 'extra_volume') day.charged += -r.delta;
    else if (r.reason === 'refund') day.refunded += r.delta;
    days.set(date, day);
  }
  return [...days.values()];
}

/**
 * Takes one check from the organization if it has one, with its ledger line. The conditional UPDATE is the
 * guard, so concurrent charges can never drive checks_left below zero. Call inside the transaction that
 * records what the check pays for; false means none was left.
 */
export async function chargeCheck(
  trx: Db,
  tenantId: string,
  runId: string,
  reason: Extract<LedgerReason, 'charge' | 'extra_volume'>,
  at: string,
): Promise<boolean> {
  const res = await trx
    .updateTable('tenants')
    .set((eb) => ({ checks_left: eb('checks_left', '-', 1) }))
    .where('id', '=', tenantId)
    .where('checks_left', '>=', 1)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await recordLedger(trx, { tenantId, runId, delta: -1, reason, at });
  return true;
}

/** Returns `count` checks taken by a run, one ledger line each. */
export async function refundChecks(trx: Db, tenantId: string, runId: string, count: number, at: string): Promise<void> {
  await trx
    .updateTable('tenants')
    .set((eb) => ({ checks_left: eb('checks_left', '+', count) }))
    .where('id', '=', tenantId)
    .execute();
  for (let i = 0; i < count; i++) await recordLedger(trx, { tenantId, runId, delta: 1, reason: 'refund', at });
}
