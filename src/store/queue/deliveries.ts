/**
 * Webhook deliveries as a leased queue (leased-queue.ts): a delivery is ready when pending and due
 * (next_attempt_at <= now); a dispatcher claims it for one attempt, may extend the lease for a longer timeout,
 * and records the attempt's outcome as the release of the lease. The lease owner is the dispatcher's process
 * name, so every write also repeats the expiry the dispatcher set: a dispatcher whose lapsed lease was taken
 * over — even by itself — cannot record a stale attempt.
 */
import { sql, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../db.ts';
import { dialectAdapter } from '../dialect.ts';
import type { DialectName } from '../db.ts';
import type { TenantsTable, WebhookDeliveriesTable } from '../schema.ts';
import type { ClaimedDelivery, DeliveryState } from '../../kernel/model/webhook.ts';
import { claimNext, release, writeHeld, type LeasedTable } from './leased-queue.ts';
import { deliveryStateColumns } from '../repositories/webhooks.ts';

export const deliveryQueue: LeasedTable<'webhook_deliveries'> = {
  table: 'webhook_deliveries',
  key: 'id',
  owner: 'lease_owner',
  expiresAt: 'lease_expires_at',
  ready: (now) => sql<SqlBool>`(webhook_deliveries.status = 'pending' and webhook_deliveries.next_attempt_at <= ${now})`,
  held: sql<SqlBool>`webhook_deliveries.status = 'pending'`,
  order: ['next_attempt_at', 'id'],
};

/** The columns a claim reads: the delivery's and its organization's secret and settings. */
const CLAIM_COLUMNS = [
  'd.id',
  'd.tenant_id',
  'd.run_id',
  'd.event',
  'd.body',
  'd.url',
  'd.attempts',
  'd.max_attempts',
  't.webhook_secret',
  't.webhook_settings',
] as const;

type ClaimRow = Pick<Selectable<WebhookDeliveriesTable>, 'id' | 'tenant_id' | 'run_id' | 'event' | 'body' | 'url' | 'attempts' | 'max_attempts'> &
  Pick<Selectable<TenantsTable>, 'webhook_secret' | 'webhook_settings'>;

/** A claimed row with the lease the claim took, as the dispatcher sees it. */
export function toClaimedDelivery(row: ClaimRow, lease: { owner: string; expiresAt: string }): ClaimedDelivery {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    runId: row.run_id,
    event: row.event,
    body: row.body,
    url: row.url,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    webhookSecret: row.webhook_secret,
    webhookSettings: row.webhook_settings,
    leaseOwner: lease.owner,
    leaseExpiresAt: lease.expiresAt,
  };
}

/** Claims one due delivery (a lapsed lease of a dispatcher that died is taken over) with its organization's secret and settings. */
export async function claimDueDelivery(db: Db, dialect: DialectName, owner: string, now: Date, leaseMs: number): Promise<ClaimedDelivery | null> {
  const claimed = await claimNext(db, dialectAdapter(dialect), deliveryQueue, { owner, leaseMs, now, returning: ['id', 'lease_expires_at'] });
  if (!claimed) return null;
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('tenants as t', 't.id', 'd.tenant_id')
    .select(CLAIM_COLUMNS)
    .where('d.id', '=', claimed.id)
    .executeTakeFirst();
  return row ? toClaimedDelivery(row, { owner, expiresAt: claimed.lease_expires_at! }) : null;
}

/** The holder of a claimed delivery, as its writes must match it (the lease held now). */
const holder = (d: ClaimedDelivery, lease: string) => ({ key: d.id, owner: d.leaseOwner, expiresAt: lease });

/** Moves the lease of a claimed delivery to `until` (a longer attempt); false when it is no longer held. */
export function extendDeliveryLease(db: Db, d: ClaimedDelivery, lease: string, until: string): Promise<boolean> {
  return writeHeld(db, deliveryQueue, holder(d, lease), { lease_expires_at: until });
}

/** The outcome of an attempt (delivered, a retry later, failed, rejected, denied), ending the lease; false when no longer held. */
export function recordDeliveryAttempt(db: Db, d: ClaimedDelivery, lease: string, outcome: Partial<DeliveryState>): Promise<boolean> {
  return release(db, deliveryQueue, holder(d, lease), deliveryStateColumns(outcome));
}

/**
 * The earliest moment a pending delivery may become claimable: max(next_attempt_at, lease_expires_at)
 * over pending rows, or null when there are none. Lets an idle dispatcher sleep exactly until then.
 */
export async function nextDueAt(db: Db): Promise<string | null> {
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
