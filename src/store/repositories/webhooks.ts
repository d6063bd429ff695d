/** The webhook outbox and its journal: deliveries as the request side writes and reads them. */
import type { Selectable } from 'kysely';
import type { Db } from '../db.ts';
import type { WebhookDeliveriesTable } from '../schema.ts';
import type { DeliveryEntry, DeliveryState, DeliveryStatus, WebhookDelivery } from '../../kernel/model/webhook.ts';

/** The columns of a delivery's state. */
function columnsOf(s: DeliveryState) {
  return {
    status: s.status,
    attempts: s.attempts,
    next_attempt_at: s.nextAttemptAt,
    last_response_code: s.lastResponseCode,
    last_error: s.lastError,
    delivered_at: s.deliveredAt,
    updated_at: s.updatedAt,
  };
}

/** The columns of a whole state; a delivery written this way holds no lease. */
function stateColumns(s: DeliveryState) {
  return { ...columnsOf(s), lease_owner: null, lease_expires_at: null };
}

/** The columns of the fields of a delivery's state that are given; fields left out are not written. */
export function deliveryStateColumns(s: Partial<DeliveryState>): Partial<ReturnType<typeof columnsOf>> {
  return Object.fromEntries(Object.entries(columnsOf(s as DeliveryState)).filter(([, v]) => v !== undefined));
}

/**
 * Adds a delivery unless its run already has one for the event: the unique index on (run_id, event) with
 * ON CONFLICT DO NOTHING makes a retried transaction a no-op (the first row, its id and body stay).
 */
export async function insertDelivery(db: Db, d: WebhookDelivery): Promise<void> {
  await db
    .insertInto('webhook_deliveries')
    .values({
      id: d.id,
      tenant_id: d.tenantId,
      run_id: d.runId,
      event: d.event,
      body: d.body,
      url: d.url,
      max_attempts: d.maxAttempts,
      created_at: d.createdAt,
      ...stateColumns(d),
    })
    .onConflict((oc) => oc.columns(['run_id', 'event']).doNothing())
    .execute();
}

const JOURNAL_COLUMNS = [
  'id',
  'run_id',
  'event',
  'status',
  'attempts',
  'last_response_code',
  'created_at',
  'updated_at',
  'delivered_at',
  'next_attempt_at',
] as const;

/** A journal row (the JOURNAL_COLUMNS of webhook_deliveries) as the domain sees it. */
export function toDeliveryEntry(r: Pick<Selectable<WebhookDeliveriesTable>, (typeof JOURNAL_COLUMNS)[number]>): DeliveryEntry {
  return {
    id: r.id,
    runId: r.run_id,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    lastResponseCode: r.last_response_code,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    deliveredAt: r.delivered_at,
    nextAttemptAt: r.next_attempt_at,
  };
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
    .select(JOURNAL_COLUMNS)
    .where('run_id', '=', runId)
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toDeliveryEntry);
}

/** The newest delivery of a run with its organization's current webhook address and settings. */
export interface LastDelivery {
  id: string;
  status: DeliveryStatus;
  body: string;
  webhookUrl: string | null;
  /** The organization's delivery settings as stored (JSON text). */
  webhookSettings: string | null;
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

/** A delivery put back in the outbox: its new body, address and fresh state. */
export type Requeued = Pick<WebhookDelivery, 'body' | 'url' | 'maxAttempts'> & DeliveryState;

/**
 * Puts a delivery back in the outbox with a fresh state (and no lease) if it is still in `expected` status;
 * returns the status it has afterwards (the current one when a concurrent change came first).
 */
export async function requeueDelivery(db: Db, id: string, expected: DeliveryStatus, fresh: Requeued): Promise<DeliveryStatus> {
  const res = await db
    .updateTable('webhook_deliveries')
    .set({ body: fresh.body, url: fresh.url, max_attempts: fresh.maxAttempts, ...stateColumns(fresh) })
    .where('id', '=', id)
    .where('status', '=', expected)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) return fresh.status;
  const cur = await db.selectFrom('webhook_deliveries').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  return cur.status;
}
