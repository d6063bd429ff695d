/** The webhook outbox and its journal: delivery rows as the request side writes and reads them. */
import type { Db } from '../db.ts';
import type { TenantsTable, WebhookDeliveriesTable } from '../schema.ts';
import type { Insertable } from 'kysely';

export type NewDelivery = Insertable<WebhookDeliveriesTable>;

/**
 * Adds a delivery unless its run already has one for the event: the unique index on (run_id, event) with
 * ON CONFLICT DO NOTHING makes a retried transaction a no-op (the first row, its id and body stay).
 */
export async function insertDelivery(db: Db, delivery: NewDelivery): Promise<void> {
  await db
    .insertInto('webhook_deliveries')
    .values(delivery)
    .onConflict((oc) => oc.columns(['run_id', 'event']).doNothing())
    .execute();
}

/** One delivery of the journal as stored (the API shows it through presenters/webhooks.ts). */
export interface DeliveryEntry {
  id: string;
  run_id: string;
  event: WebhookDeliveriesTable['event'];
  status: WebhookDeliveriesTable['status'];
  attempts: number;
  last_response_code: number | null;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
}

/**
 * The deliveries of one run of the organization, oldest first. null when the run does not exist or belongs to
 * another organization; [] when nothing was sent.
 */
export async function deliveriesOfRun(db: Db, tenantId: string, runId: string): Promise<DeliveryEntry[] | null> {
  const run = await db.selectFrom('runs').select('id').where('id', '=', runId).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!run) return null;
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'run_id', 'event', 'status', 'attempts', 'last_response_code', 'created_at', 'updated_at', 'delivered_at', 'next_attempt_at'])
    .where('run_id', '=', runId)
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows;
}

/** The newest delivery of a run with its organization's current webhook address and settings. */
export interface LastDelivery {
  id: string;
  status: WebhookDeliveriesTable['status'];
  body: string;
  webhookUrl: TenantsTable['webhook_url'];
  webhookSettings: TenantsTable['webhook_settings'];
}

export async function lastDeliveryOfRun(db: Db, runId: string): Promise<LastDelivery | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('tenants as t', 't.id', 'd.tenant_id')
    .select(['d.id', 'd.status', 'd.body', 't.webhook_url', 't.webhook_settings'])
    .where('d.run_id', '=', runId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .executeTakeFirst();
  return row && { id: row.id, status: row.status, body: row.body, webhookUrl: row.webhook_url, webhookSettings: row.webhook_settings };
}

/**
 * Puts a delivery back in the outbox with fresh columns if it is still in `expected` status; returns the status
 * it has afterwards (the current one when a concurrent change came first).
 */
export async function requeueDelivery(
  db: Db,
  id: string,
  expected: WebhookDeliveriesTable['status'],
  fresh: Omit<NewDelivery, 'id' | 'tenant_id' | 'run_id' | 'event' | 'created_at'>,
): Promise<WebhookDeliveriesTable['status']> {
  const res = await db.updateTable('webhook_deliveries').set(fresh).where('id', '=', id).where('status', '=', expected).executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) return fresh.status;
  const cur = await db.selectFrom('webhook_deliveries').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  return cur.status;
}
