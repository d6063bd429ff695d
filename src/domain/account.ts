/** The organization's account: its balance as committed now, and its check movements over a period. */
import type { Db } from '../store/db.ts';
import type { UsageDay } from '../kernel/model/organization.ts';
import { checksLeft } from '../store/repositories/tenants.ts';
import { usageSince } from '../store/repositories/ledger.ts';
import { nowIso } from '../kernel/clock.ts';

const DAY_MS = 86_400_000;

/** Checks left as committed now — after a charge or a refund, not as the authenticated request saw them. */
export function currentChecksLeft(db: Db, tenantId: string): Promise<number> {
  return checksLeft(db, tenantId);
}

/** Check movements of the last `days` days up to `to`, per UTC day, with the period they cover. */
export async function usageOverDays(
  db: Db,
  tenantId: string,
  days: number,
  to = new Date(),
): Promise<{ period: { days: number; from: string; to: string }; daily: UsageDay[] }> {
  const from = nowIso(new Date(to.getTime() - days * DAY_MS));
  return { period: { days, from, to: nowIso(to) }, daily: await usageSince(db, tenantId, from) };
}
