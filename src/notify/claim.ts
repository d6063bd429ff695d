import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

export interface ClaimedDelivery {
  id: string;
  tenant_id: string;
  run_id: string;
  event: 'run.finished' | 'run.failed';
  body: string;
  url: string | null;
  attempts: number;
  max_attempts: number;
  webhook_secret: string | null;
  webhook_settings: string | null;
  /** The lease this claim holds; every write of the attempt is conditional on it. */
  lease_owner: string;
  lease_expires_at: string;
}

/** How many due rows one claim looks at; with SKIP LOCKED one is enough, without it a few lost races are tolerated. */
const CANDIDATES = 5;

/**
 * Claims one due delivery (status pending, next_attempt_at <= now, lease absent or expired) for `owner`.
 * The claim itself is a conditional UPDATE that repeats the due and lease conditions, so two dispatchers
 * on the same database never hold the same attempt; an expired lease (a dispatcher that died) is taken over.
 * On PostgreSQL the candidate rows are additionally picked with FOR UPDATE SKIP LOCKED inside a transaction,
 * so concurrent dispatchers do not even contend for the same rows.
 */
export async function claimDue(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<ClaimedDelivery | null> {
  if (dialect === 'postgres') return db.transaction().execute((trx) => pickAndLease(trx, true, owner, now, leaseMs));
  return pickAndLease(db, false, owner, now, leaseMs);
}

async function pickAndLease(db: Kysely<Database>, lockRows: boolean, owner: string, now: Date, leaseMs: number): Promise<ClaimedDelivery | null> {
  const nowIso = now.toISOString();
  let q = db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', nowIso)
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', nowIso)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(CANDIDATES);
  if (lockRows) q = q.forUpdate().skipLocked();
  const candidates = await q.execute();

  const leaseUntil = new Date(now.getTime() + leaseMs).toISOString();
  for (const { id } of candidates) {
    const res = await db
      .updateTable('webhook_deliveries')
      .set({ lease_owner: owner, lease_expires_at: leaseUntil, updated_at: nowIso })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<=', nowIso)]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) continue;
    const row = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('tenants as t', 't.id', 'd.tenant_id')
      .select(['d.id', 'd.tenant_id', 'd.run_id', 'd.event', 'd.body', 'd.url', 'd.attempts', 'd.max_attempts', 't.webhook_secret', 't.webhook_settings'])
      .where('d.id', '=', id)
      .executeTakeFirst();
    if (row) return { ...row, lease_owner: owner, lease_expires_at: leaseUntil };
  }
  return null;
}

/**
 * The earliest moment a pending delivery may become claimable: max(next_attempt_at, lease_expires_at)
 * over pending rows, or null when there are none. Lets an idle dispatcher sleep exactly until then.
 */
export async function nextDueAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) =>
      eb.fn
        .min(
          eb
            .case()
            .when(eb.and([eb('lease_expires_at', 'is not', null), eb('lease_expires_at', '>', eb.ref('next_attempt_at'))]))
            .then(eb.ref('lease_expires_at'))
            .else(eb.ref('next_attempt_at'))
            .end(),
        )
        .as('due'),
    )
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return (row?.due as string | null | undefined) ?? null;
}
