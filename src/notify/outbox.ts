import { randomUUID } from 'node:crypto';
import type { Db } from '../store/db.ts';
import type { Organization } from '../kernel/model/organization.ts';
import { insertDelivery, type Requeued } from '../store/repositories/webhooks.ts';
import { eventForStatus, isoWithOffset, serializeBody } from './body.ts';
import { deliverySettingsOf, type DeliverySettings } from './settings.ts';

export interface FinishedRun {
  id: string;
  tenant_id: string;
  status: 'done' | 'failed';
  refunded: boolean;
}

export interface RunFacts {
  findings: number;
  pagesTotal: number;
  checksLeft: number;
}

/**
 * Enqueues the notification of a finished run. Must be called inside the transaction that moves the run to
 * done/failed, so the event exists exactly when the state change does. Writes nothing when the organization
 * has no webhook_url. The unique index on (run_id, event) with ON CONFLICT DO NOTHING makes a repeated call
 * (a retried transaction) a no-op: the first row, its delivery id and body stay.
 */
export async function recordRunEvent(trx: Db, run: FinishedRun, facts: RunFacts, tenant: Organization, apiVersion: string, now: Date): Promise<void> {
  if (tenant.id !== run.tenant_id) {
    throw new Error(`recordRunEvent: run ${run.id} belongs to tenant ${run.tenant_id}, not ${tenant.id}`);
  }
  const url = tenant.webhookUrl?.trim();
  if (!url) return;
  const event = eventForStatus(run.status);
  const body = serializeBody({
    event,
    run_id: run.id,
    tenant_id: run.tenant_id,
    api_version: apiVersion,
    at: isoWithOffset(now),
    status: run.status,
    findings: facts.findings,
    refunded: run.refunded,
    pages_total: facts.pagesTotal,
    checks_left: facts.checksLeft,
  });
  const ts = now.toISOString();
  await insertDelivery(trx, {
    id: randomUUID(),
    tenantId: run.tenant_id,
    runId: run.id,
    event,
    createdAt: ts,
    ...pendingDelivery(body, url, deliverySettingsOf(tenant.webhookSettings).settings, ts),
  });
}

/**
 * The columns of a delivery that is due now with a fresh set of attempts: a new event, or a redelivery of
 * an old one (same row, same delivery id).
 */
export function pendingDelivery(body: string, url: string, settings: DeliverySettings, ts: string): Requeued {
  return {
    body,
    url,
    status: 'pending',
    attempts: 0,
    maxAttempts: settings.attempts,
    nextAttemptAt: ts,
    lastResponseCode: null,
    lastError: null,
    deliveredAt: null,
    updatedAt: ts,
  };
}
