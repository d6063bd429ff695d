import type { DeliveryEntry } from '../notify/journal.ts';

/** A delivery of the webhook journal as the API shows it: its id is the X-SVC-Delivery header the receiver saw. */
export function deliveryView({ id, ...rest }: DeliveryEntry) {
  return { delivery_id: id, ...rest };
}

/** GET /webhooks/deliveries. */
export function deliveryListView(deliveries: DeliveryEntry[]) {
  return { deliveries: deliveries.map(deliveryView) };
}
