import type { Logger } from 'pino';
import type { Db } from '../store/db.ts';
import type { ClaimedDelivery } from '../kernel/model/webhook.ts';
import { vetWebhookUrl, type GuardResult, type LookupAll } from './address-guard.ts';
import { extendDeliveryLease, recordDeliveryAttempt } from '../store/queue/deliveries.ts';
import { deliveryHeaders } from './headers.ts';
import { afterAttempt, type AttemptRecord } from './outcome.ts';
import { sendWebhook, type SendOutcome } from './sender.ts';
import { resolveDeliverySettings } from './settings.ts';

export interface AttemptDeps {
  db: Db;
  allowPrivate: boolean;
  log: Logger;
  lookup?: LookupAll;
}

/** Margin on top of the worst case of one attempt (resolution + request, each bounded by the timeout). */
const LEASE_MARGIN_MS = 5_000;

export type AttemptResult = AttemptRecord['status'] | 'lost_lease';

/**
 * Performs one claimed attempt: vets the address, sends, and records the outcome. Every write is conditional
 * on the lease this dispatcher holds, so a dispatcher whose lease was taken over cannot overwrite the state.
 */
export async function runAttempt(deps: AttemptDeps, d: ClaimedDelivery): Promise<AttemptResult> {
  const { db, log } = deps;
  const { settings, problems } = resolveDeliverySettings(d.webhookSettings);
  if (problems.length > 0) log.warn({ tenant_id: d.tenantId, problems }, 'webhook settings partly ignored');

  let lease = d.leaseExpiresAt;
  const needed = new Date(Date.now() + 2 * settings.timeoutMs + LEASE_MARGIN_MS).toISOString();
  if (needed > lease) {
    if (!(await extendDeliveryLease(db, d, lease, needed))) return 'lost_lease';
    lease = needed;
  }

  const guard: GuardResult = d.url
    ? await withDeadline(vetWebhookUrl(d.url, { allowPrivate: deps.allowPrivate, lookup: deps.lookup }), settings.timeoutMs, {
        ok: false,
        kind: 'unresolved',
        code: 'ETIMEOUT',
        reason: 'Разрешение имени не завершилось за отведённое время',
      })
    : { ok: false, kind: 'denied', reason: 'Адрес уведомлений не настроен' };

  if (!guard.ok && guard.kind === 'denied') {
    const now = new Date().toISOString();
    const ok = await recordDeliveryAttempt(db, d, lease, { status: 'denied', nextAttemptAt: null, lastError: guard.reason, updatedAt: now });
    log.warn({ delivery_id: d.id, run_id: d.runId, event: d.event, reason: guard.reason }, 'webhook address denied');
    return ok ? 'denied' : 'lost_lease';
  }

  let outcome: SendOutcome;
  if (guard.ok) {
    outcome = await sendWebhook({
      url: guard.url,
      address: guard.address,
      family: guard.family,
      body: d.body,
      headers: deliveryHeaders(d, d.webhookSecret),
      timeoutMs: settings.timeoutMs,
    });
  } else {
    outcome = { kind: 'error', code: guard.code, message: guard.reason };
  }

  const end = new Date();
  const record = afterAttempt(d, outcome, settings, end);
  const ok = await recordDeliveryAttempt(db, d, lease, { ...record, updatedAt: end.toISOString() });
  log.info(
    {
      delivery_id: d.id,
      run_id: d.runId,
      event: d.event,
      attempt: record.attempts,
      status: record.status,
      response_code: record.lastResponseCode,
      error: record.lastError,
    },
    'webhook attempt',
  );
  if (!ok) log.warn({ delivery_id: d.id }, 'webhook lease was taken over; attempt result not recorded');
  return ok ? record.status : 'lost_lease';
}

function withDeadline<T>(p: Promise<T>, ms: number, onTimeout: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(onTimeout), ms);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}
