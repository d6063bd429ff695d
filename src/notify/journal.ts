import type { Kysely } from 'kysely';
import type { Database, WebhookDeliveriesTable } from '../store/schema.ts';

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
 * The delivery journal of one run of the organization, oldest first. null when the run does not exist or
 * belongs to another organization (the caller answers 404 in both cases); [] when nothing was sent.
 */
export async function listRunDeliveries(db: Kysely<Database>, tenantId: string, runId: string): Promise<DeliveryEntry[] | null> {
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
