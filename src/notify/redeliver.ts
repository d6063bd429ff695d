import type { Db } from '../store/db.ts';
import { lastDeliveryOfRun, requeueDelivery } from '../store/repositories/webhooks.ts';
import { isoWithOffset, parseBody, serializeBody } from './body.ts';
import { pendingDelivery } from './outbox.ts';
import { resolveDeliverySettings } from './settings.ts';

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
export async function redeliverLastEvent(db: Db, runId: string, now: Date): Promise<{ delivery_id: string; status: string }> {
  const last = await lastDeliveryOfRun(db, runId);
  if (!last) throw new RedeliveryError('no_delivery', `Для прогона ${runId} нет отправленных уведомлений`);
  if (last.status === 'pending') return { delivery_id: last.id, status: 'pending' };
  if (last.status === 'delivered') {
    throw new RedeliveryError('already_delivered', `Уведомление ${last.id} уже доставлено`);
  }
  const url = last.webhookUrl?.trim();
  if (!url) throw new RedeliveryError('no_webhook', 'У организации не настроен адрес уведомлений');

  const parsed = parseBody(last.body);
  if (!parsed) throw new Error(`Stored webhook body of delivery ${last.id} is not a valid notification`);
  const body = serializeBody({ ...parsed, at: isoWithOffset(now) });
  // A concurrent change between the read and the write wins: its status is reported.
  const status = await requeueDelivery(
    db,
    last.id,
    last.status,
    pendingDelivery(body, url, resolveDeliverySettings(last.webhookSettings).settings, now.toISOString()),
  );
  return { delivery_id: last.id, status };
}
