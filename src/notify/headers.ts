import { signBody } from './signature.ts';

export const USER_AGENT = 'DocumentReviewService-Webhooks/1';

/** Request headers of one delivery; X-SVC-Signature only when the organization has a signing secret. */
export function deliveryHeaders(d: { id: string; event: string; body: string }, secret: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': USER_AGENT,
    'X-SVC-Event': d.event,
    'X-SVC-Delivery': d.id,
  };
  if (secret) headers['X-SVC-Signature'] = signBody(d.body, secret);
  return headers;
}
