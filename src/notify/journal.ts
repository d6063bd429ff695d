import type { Db } from '../store/db.ts';
import type { DeliveryEntry } from '../kernel/model/webhook.ts';
import { deliveriesOfRun } from '../store/repositories/webhooks.ts';

/**
 * The delivery journal of one run of the organization, oldest first. null when the run does not exist or
 * belongs to another organization (the caller answers 404 in both cases); [] when nothing was sent.
 */
export function listRunDeliveries(db: Db, tenantId: string, runId: string): Promise<DeliveryEntry[] | null> {
  return deliveriesOfRun(db, tenantId, runId);
}
