import type { DeliveryState } from '../kernel/model/webhook.ts';
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

export type AttemptRecord = Omit<DeliveryState, 'updatedAt'>;

/** The state of a delivery after one more attempt with the given outcome. Pure; `now` is the attempt end. */
export function afterAttempt(current: { attempts: number; maxAttempts: number }, outcome: SendOutcome, settings: DeliverySettings, now: Date): AttemptRecord {
  const attempts = current.attempts + 1;
  const verdict = verdictOf(outcome);
  const base = {
    attempts,
    lastResponseCode: outcome.kind === 'response' ? outcome.status : null,
    lastError: describeOutcome(outcome),
  };
  if (verdict === 'delivered') {
    return { ...base, status: 'delivered', nextAttemptAt: null, deliveredAt: now.toISOString() };
  }
  if (verdict === 'rejected') return { ...base, status: 'rejected', nextAttemptAt: null, deliveredAt: null };
  if (attempts >= current.maxAttempts) return { ...base, status: 'failed', nextAttemptAt: null, deliveredAt: null };
  const next = new Date(now.getTime() + pauseAfter(settings, attempts));
  return { ...base, status: 'pending', nextAttemptAt: next.toISOString(), deliveredAt: null };
}
