import type { Db } from '../store/db.ts';
import type { LedgerTable } from '../store/schema.ts';
import { recordLedger } from '../store/repositories/ledger.ts';

/**
 * Takes one check from the organization if it has one, with its ledger line. The conditional UPDATE is the
 * guard, so concurrent charges can never drive checks_left below zero. Call inside the transaction that
 * records what the check pays for; false means none was left.
 */
export async function chargeCheck(
  trx: Db,
  tenantId: string,
  runId: string,
  reason: Extract<LedgerTable['reason'], 'charge' | 'extra_volume'>,
  at: string,
): Promise<boolean> {
  const res = await trx
    .updateTable('tenants')
    .set((eb) => ({ checks_left: eb('checks_left', '-', 1) }))
    .where('id', '=', tenantId)
    .where('checks_left', '>=', 1)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await recordLedger(trx, { tenant_id: tenantId, run_id: runId, delta: -1, reason, created_at: at });
  return true;
}

/** Returns `count` checks taken by a run, one ledger line each. */
export async function refundChecks(trx: Db, tenantId: string, runId: string, count: number, at: string): Promise<void> {
  await trx
    .updateTable('tenants')
    .set((eb) => ({ checks_left: eb('checks_left', '+', count) }))
    .where('id', '=', tenantId)
    .execute();
  for (let i = 0; i < count; i++) await recordLedger(trx, { tenant_id: tenantId, run_id: runId, delta: 1, reason: 'refund', created_at: at });
}
