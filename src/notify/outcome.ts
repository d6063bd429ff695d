import type { WebhookDeliveriesTable } from '../store/schema.ts';
import type { SendOutcome } from './sender.ts';
import { pauseAfter, type DeliverySettings } from './settings.ts';

/**
 * What one attempt means for the delivery:
 *  2xx → delivered; 3xx → rejected (redirects are not followed, the configured address is wrong and the
 *  same request would get the same answer); 4xx except 429 → rejected; 429, 5xx, other codes, timeouts,
 *  connection and resolution errors → retry while attempts remain, then failed.
 */
export type Verdict = 'delivered' | 'rejected' | 'retry';

export function verdictOf(outcome: SendOutcome): Verdict {
  if (outcome.kind !== 'response') return 'retry';
  const s = outcome.status;
  if (s >= 200 && s <= 299) return 'delivered';
  if (s >= 300 && s <= 399) return 'rejected';
  if (s >= 400 && s <= 499 && s !== 429) return 'rejected';
  return 'retry';
}

export function describeOutcome(outcome: SendOutcome): string | null {
  switch (outcome.kind) {
    case 'timeout':
      return 'Получатель не ответил за отведённое время';
    case 'error':
      return `Ошибка соединения: ${outcome.code}`;
    case 'response': {
      const s = outcome.status;
      if (s >= 200 && s <= 299) return null;
      if (s >= 300 && s <= 399) {
        return `Перенаправление не выполняется (HTTP ${s}${outcome.location ? `, Location: ${outcome.location}` : ''})`;
      }
      return `Получатель ответил HTTP ${s}`;
    }
  }
}

export type AttemptRecord = Pick<WebhookDeliveriesTable, 'status' | 'attempts' | 'next_attempt_at' | 'last_response_code' | 'last_error' | 'delivered_at'>;

/** The state of a delivery after one more attempt with the given outcome. Pure; `now` is the attempt end. */
export function afterAttempt(current: { attempts: number; max_attempts: number }, outcome: SendOutcome, settings: DeliverySettings, now: Date): AttemptRecord {
  const attempts = current.attempts + 1;
  const verdict = verdictOf(outcome);
  const base = {
    attempts,
    last_response_code: outcome.kind === 'response' ? outcome.status : null,
    last_error: describeOutcome(outcome),
  };
  if (verdict === 'delivered') {
    return { ...base, status: 'delivered', next_attempt_at: null, delivered_at: now.toISOString() };
  }
  if (verdict === 'rejected') return { ...base, status: 'rejected', next_attempt_at: null, delivered_at: null };
  if (attempts >= current.max_attempts) return { ...base, status: 'failed', next_attempt_at: null, delivered_at: null };
  const next = new Date(now.getTime() + pauseAfter(settings, attempts));
  return { ...base, status: 'pending', next_attempt_at: next.toISOString(), delivered_at: null };
}
