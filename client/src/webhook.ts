/**
 * Webhook signature check for receivers: X-SVC-Signature is "sha256=" + lowercase hex HMAC-SHA256 of the raw
 * body bytes keyed with the signing secret (not the API key). Compared in constant time; a missing header is
 * an empty signature and fails.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-svc-signature';

export function webhookSignature(rawBody: Uint8Array | string, secret: string): string {
  const bytes = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  return `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(bytes).digest('hex')}`;
}

/**
 * true when signatureHeader is the signature of exactly these bytes. Pass the body as received, before any
 * JSON parsing; a header given as an array (node:http with a repeated header) is judged by its first value.
 */
export function verifyWebhook(rawBody: Uint8Array | string, signatureHeader: string | readonly string[] | null | undefined, secret: string): boolean {
  const header = Array.isArray(signatureHeader) ? (signatureHeader[0] ?? '') : ((signatureHeader as string | null | undefined) ?? '');
  const expected = Buffer.from(webhookSignature(rawBody, secret), 'utf8');
  const received = Buffer.from(header.trim(), 'utf8');
  const sameLength = received.length === expected.length;
  // timingSafeEqual needs equal lengths: a wrong-length header is compared against a same-length stand-in,
  // so the time spent does not depend on how much of the signature matched.
  const equal = timingSafeEqual(expected, sameLength ? received : Buffer.alloc(expected.length));
  return sameLength && equal;
}
