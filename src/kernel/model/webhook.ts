/**
 * Domain objects of the webhook outbox: a delivery of a run's event, the delivery a dispatcher claimed for one
 * attempt, and an entry of the delivery journal. The store returns them (src/store/repositories/webhooks.ts,
 * src/store/queue/deliveries.ts); src/notify sends them.
 */

export type WebhookEvent = 'run.finished' | 'run.failed';

export type DeliveryStatus = 'pending' | 'delivered' | 'rejected' | 'failed' | 'denied';

/** The notification of one event of a run and the state of its attempts. */
export interface WebhookDelivery {
  /** Delivery id, sent as X-SVC-Delivery; the same across retries of one event. */
  id: string;
  tenantId: string;
  runId: string;
  event: WebhookEvent;
  /** Exact JSON bytes that are signed and sent. */
  body: string;
  url: string | null;
  status: DeliveryStatus;
  attempts: number;
  maxAttempts: number;
  nextAttemptAt: string | null;
  lastResponseCode: number | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
}

/** What an attempt (or a redelivery) changes in a delivery. */
export type DeliveryState = Pick<WebhookDelivery, 'status' | 'attempts' | 'nextAttemptAt' | 'lastResponseCode' | 'lastError' | 'deliveredAt' | 'updatedAt'>;

/** A delivery claimed by a dispatcher for one attempt, with its organization's secret and settings. */
export interface ClaimedDelivery extends Pick<WebhookDelivery, 'id' | 'tenantId' | 'runId' | 'event' | 'body' | 'url' | 'attempts' | 'maxAttempts'> {
  webhookSecret: string | null;
  /** The organization's delivery settings as stored (JSON text; src/notify/settings.ts reads it). */
  webhookSettings: string | null;
  /** The lease this claim holds; every write of the attempt is conditional on it. */
  leaseOwner: string;
  leaseExpiresAt: string;
}

/** One delivery of a run's journal (GET /webhooks/deliveries shows it through presenters/webhooks.ts). */
export type DeliveryEntry = Pick<
  WebhookDelivery,
  'id' | 'runId' | 'event' | 'status' | 'attempts' | 'lastResponseCode' | 'createdAt' | 'updatedAt' | 'deliveredAt' | 'nextAttemptAt'
>;
