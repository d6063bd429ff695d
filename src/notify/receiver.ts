import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseBody, type WebhookBody } from './body.ts';

export type { WebhookBody } from './body.ts';

export type VerifyResult = { ok: true; event: WebhookBody } | { ok: false; reason: 'bad_signature' | 'stale' | 'bad_body' };

function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() !== wanted || v === undefined) continue;
    return Array.isArray(v) ? (v[0] ?? '') : v;
  }
  return '';
}

/**
 * Verifies a received notification the way the contract asks receivers to:
 *  1. X-SVC-Signature must equal "sha256=" + hex HMAC-SHA256(raw body bytes, secret); compared in constant
 *     time; a missing header is an empty signature (so it fails);
 *  2. the body must be a well-formed notification;
 *  3. its signed `at` must be within toleranceSeconds (default 300) of now, in either direction: an old
 *     captured request replayed later is refused.
 * Pass the raw bytes exactly as received, before any JSON parsing.
 */
export function verifyWebhook(
  rawBody: Buffer | string,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): VerifyResult {
  const bytes = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(bytes).digest('hex')}`, 'utf8');
  const received = Buffer.from(header(headers, 'x-svc-signature'), 'utf8');
  // timingSafeEqual needs equal lengths; compare against a same-length copy so timing does not depend on content.
  const sameLength = received.length === expected.length;
  const equal = timingSafeEqual(expected, sameLength ? received : Buffer.alloc(expected.length));
  if (!sameLength || !equal) return { ok: false, reason: 'bad_signature' };

  const event = parseBody(bytes.toString('utf8'));
  if (!event) return { ok: false, reason: 'bad_body' };

  const tolerance = options.toleranceSeconds ?? 300;
  const now = (options.now ?? new Date()).getTime();
  if (Math.abs(now - Date.parse(event.at)) > tolerance * 1000) return { ok: false, reason: 'stale' };
  return { ok: true, event };
}

/** The identity of a notification for duplicate detection: the pair (run_id, event). */
export const dedupeKey = (e: Pick<WebhookBody, 'run_id' | 'event'>): string => `${e.run_id}\u0000${e.event}`;

/**
 * In-memory duplicate filter for receivers: firstTime() is true once per (run_id, event) and false for every
 * repeat (retries and redeliveries of the same event). Keeps the most recent `capacity` keys. A receiver
 * with several processes keeps the same key in its own database (unique constraint) instead.
 */
export class WebhookDeduplicator {
  readonly #seen = new Set<string>();
  constructor(readonly capacity = 10_000) {}

  firstTime(e: Pick<WebhookBody, 'run_id' | 'event'>): boolean {
    const key = dedupeKey(e);
    if (this.#seen.has(key)) return false;
    this.#seen.add(key);
    if (this.#seen.size > this.capacity) {
      const oldest = this.#seen.values().next().value;
      if (oldest !== undefined) this.#seen.delete(oldest);
    }
    return true;
  }
}
