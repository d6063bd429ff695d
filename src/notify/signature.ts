import { createHmac } from 'node:crypto';

export const SIGNATURE_PREFIX = 'sha256=';

/** X-SVC-Signature value: "sha256=" + lowercase hex HMAC-SHA256 of the raw body bytes, keyed with the secret. */
export function signBody(rawBody: Buffer | string, secret: string): string {
  const bytes = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  return SIGNATURE_PREFIX + createHmac('sha256', Buffer.from(secret, 'utf8')).update(bytes).digest('hex');
}
