import { randomUUID } from 'node:crypto';
import type { Db } from '../db.ts';
import type { LedgerTable } from '../schema.ts';

export async function recordLedger(
  db: Db,
  entry: { tenant_id: string; run_id: string | null; delta: number; reason: LedgerTable['reason']; created_at: string },
): Promise<void> {
  await db
    .insertInto('ledger')
    .values({ id: randomUUID(), ...entry })
    .execute();
}

export interface UsageDay {
  date: string;
  charged: number;
  refunded: number;
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
