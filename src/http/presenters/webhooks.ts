import type { DeliveryEntry } from '../../kernel/model/webhook.ts';

/** A delivery of the webhook journal as the API shows it: its id is the X-SVC-Delivery header the receiver saw. */
export function deliveryView(d: DeliveryEntry) {
  return {
    delivery_id: d.id,
    run_id: d.runId,
    event: d.event,
    status: d.status,
    attempts: d.attempts,
    last_response_code: d.lastResponseCode,
    created_at: d.createdAt,
    updated_at: d.updatedAt,
    delivered_at: d.deliveredAt,
    next_attempt_at: d.nextAttemptAt,
  };
}

/** GET /webhooks/deliveries. */
export function deliveryListView(deliveries: DeliveryEntry[]) {
  return { deliveries: deliveries.map(deliveryView) };
}
