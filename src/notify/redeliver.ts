import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { isoWithOffset, parseBody, serializeBody } from './body.ts';
import { pendingDelivery } from './outbox.ts';

export type RedeliveryRefusal = 'no_delivery' | 'already_delivered' | 'no_webhook';

/** Why a redelivery was not started; `message` is Russian, for the operator. */
export class RedeliveryError extends Error {
  constructor(
    readonly reason: RedeliveryRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'RedeliveryError';
  }
}

/**
 * Re-sends the last event of a run (drs webhooks redeliver RUN_ID).
 *
 * The journal row of that (run_id, event) is reused: same delivery id (X-SVC-Delivery), same body fields,
 * with `at` renewed to `now` (so receivers that refuse stale signatures accept it) and therefore a new
 * signature; attempts start again from 0 with the organization's current URL and settings.
 *  - failed, rejected, denied → reset to pending, returns {status: 'pending'};
 *  - pending → already on its way: nothing changes, returns {status: 'pending'};
 *  - delivered → RedeliveryError('already_delivered');
 *  - no delivery row for the run (unknown run, or no webhook configured when it ended) → 'no_delivery';
 *  - the organization has no webhook_url now → 'no_webhook'.
 */
export async function redeliverLastEvent(db: Kysely<Database>, runId: string, now: Date): Promise<{ delivery_id: string; status: string }> {
  const last = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('tenants as t', 't.id', 'd.tenant_id')
    .select(['d.id', 'd.status', 'd.body', 't.webhook_url', 't.webhook_settings'])
    .where('d.run_id', '=', runId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .executeTakeFirst();
  if (!last) throw new RedeliveryError('no_delivery', `Для прогона ${runId} нет отправленных уведомлений`);
  if (last.status === 'pending') return { delivery_id: last.id, status: 'pending' };
  if (last.status === 'delivered') {
    throw new RedeliveryError('already_delivered', `Уведомление ${last.id} уже доставлено`);
  }
  const url = last.webhook_url?.trim();
  if (!url) throw new RedeliveryError('no_webhook', 'У организации не настроен адрес уведомлений');

  const parsed = parseBody(last.body);
  if (!parsed) throw new Error(`Stored webhook body of delivery ${last.id} is not a valid notification`);
  const body = serializeBody({ ...parsed, at: isoWithOffset(now) });
  const res = await db
    .updateTable('webhook_deliveries')
    .set(pendingDelivery(body, url, last.webhook_settings, now.toISOString()))
    .where('id', '=', last.id)
    .where('status', '=', last.status)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) {
    // Changed between the read and the write (a concurrent redelivery): report the current state.
    const cur = await db.selectFrom('webhook_deliveries').select('status').where('id', '=', last.id).executeTakeFirstOrThrow();
    return { delivery_id: last.id, status: cur.status };
  }
  return { delivery_id: last.id, status: 'pending' };
}
