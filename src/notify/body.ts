/** The webhook notification body of the contract. It carries no text of findings. */
export type WebhookEvent = 'run.finished' | 'run.failed';

export interface WebhookBody {
  event: WebhookEvent;
  run_id: string;
  tenant_id: string;
  api_version: string;
  /** ISO 8601 with an explicit offset, e.g. 2026-11-22T00:34:04.000+00:00. */
  at: string;
  status: 'done' | 'failed';
  findings: number;
  refunded: boolean;
  pages_total: number;
  checks_left: number;
}

export const eventForStatus = (status: 'done' | 'failed'): WebhookEvent => (status === 'done' ? 'run.finished' : 'run.failed');

/** UTC timestamp with a numeric offset (+00:00) rather than "Z": every ISO 8601 parser reads it. */
export function isoWithOffset(d: Date): string {
  return d.toISOString().replace(/Z$/, '+00:00');
}

/** Serializes the body with a fixed key order; these exact bytes are stored, signed and sent. */
export function serializeBody(body: WebhookBody): string {
  const ordered: WebhookBody = {
    event: body.event,
    run_id: body.run_id,
    tenant_id: body.tenant_id,
    api_version: body.api_version,
    at: body.at,
    status: body.status,
    findings: body.findings,
    refunded: body.refunded,
    pages_total: body.pages_total,
    checks_left: body.checks_left,
  };
  return JSON.stringify(ordered);
}

const isNonNegInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Reads a received body; null when it is not a well-formed notification. */
export function parseBody(text: string): WebhookBody | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  if (o.event !== 'run.finished' && o.event !== 'run.failed') return null;
  if (o.status !== 'done' && o.status !== 'failed') return null;
  for (const k of ['run_id', 'tenant_id', 'api_version', 'at'] as const) {
    if (typeof o[k] !== 'string' || o[k] === '') return null;
  }
  if (Number.isNaN(Date.parse(o.at as string))) return null;
  if (typeof o.refunded !== 'boolean') return null;
  if (!isNonNegInt(o.findings) || !isNonNegInt(o.pages_total) || !isNonNegInt(o.checks_left)) return null;
  return o as unknown as WebhookBody;
}
