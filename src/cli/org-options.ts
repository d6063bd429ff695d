import type { TenantSettings } from '../store/repositories/tenants.ts';
import { SECTION_CODES } from '../kernel/docset.ts';
import { validateWebhookSettings } from '../notify/settings.ts';

/** A bad operator option: reported as a usage error. */
export class OptionError extends Error {}

/** Options shared by `drs org create` and `drs org set`, in node:util parseArgs form. */
export const ORG_OPTIONS = {
  name: { type: 'string' },
  checks: { type: 'string' },
  'max-files': { type: 'string' },
  'max-file-bytes': { type: 'string' },
  'max-total-bytes': { type: 'string' },
  'max-pages': { type: 'string' },
  'oversize-factor': { type: 'string' },
  concurrency: { type: 'string' },
  'webhook-url': { type: 'string' },
  'webhook-secret': { type: 'string' },
  'webhook-attempts': { type: 'string' },
  'webhook-timeout-ms': { type: 'string' },
  'webhook-pauses-ms': { type: 'string' },
  sections: { type: 'string' },
  employees: { type: 'string' },
  'access-until': { type: 'string' },
  'rate-limit-per-minute': { type: 'string' },
} as const;

export type OrgValues = { [K in keyof typeof ORG_OPTIONS]?: string };

function nonNegativeInt(name: string, raw: string): number {
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isSafeInteger(n) || n < 0) throw new OptionError(`--${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/**
 * Validates CLI values into tenant settings; throws with a precise message on bad input.
 * Delivery options are merged into the organization's current webhook settings (`currentWebhookSettings`).
 */
export function orgSettingsFrom(v: OrgValues, currentWebhookSettings: string | null = null): TenantSettings {
  const s: TenantSettings = {};
  if (v.name !== undefined) {
    if (!v.name.trim()) throw new OptionError('--name must not be empty');
    s.name = v.name.trim();
  }
  if (v.checks !== undefined) s.checks_left = nonNegativeInt('checks', v.checks);
  if (v['max-files'] !== undefined) s.max_files = nonNegativeInt('max-files', v['max-files']);
  if (v['max-file-bytes'] !== undefined) s.max_file_bytes = nonNegativeInt('max-file-bytes', v['max-file-bytes']);
  if (v['max-total-bytes'] !== undefined) s.max_total_bytes = nonNegativeInt('max-total-bytes', v['max-total-bytes']);
  if (v['max-pages'] !== undefined) s.max_pages = nonNegativeInt('max-pages', v['max-pages']);
  if (v['oversize-factor'] !== undefined) {
    const f = nonNegativeInt('oversize-factor', v['oversize-factor']);
    if (f !== 1 && f !== 2) throw new OptionError('--oversize-factor must be 1 or 2');
    s.oversize_factor = f;
  }
  if (v.concurrency !== undefined) {
    const c = nonNegativeInt('concurrency', v.concurrency);
    if (c < 1) throw new OptionError('--concurrency must be at least 1');
    s.concurrency = c;
  }
  if (v['webhook-url'] !== undefined) {
    if (v['webhook-url'] === '') s.webhook_url = null;
    else {
      const u = new URL(v['webhook-url']);
      if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new OptionError('--webhook-url must be an http(s) URL');
      s.webhook_url = u.toString();
    }
  }
  if (v['webhook-secret'] !== undefined) s.webhook_secret = v['webhook-secret'] === '' ? null : v['webhook-secret'];
  const delivery: Record<string, unknown> = {};
  if (v['webhook-attempts'] !== undefined) delivery.attempts = nonNegativeInt('webhook-attempts', v['webhook-attempts']);
  if (v['webhook-timeout-ms'] !== undefined) delivery.timeout_ms = nonNegativeInt('webhook-timeout-ms', v['webhook-timeout-ms']);
  if (v['webhook-pauses-ms'] !== undefined) {
    delivery.pauses_ms = v['webhook-pauses-ms'].split(',').map((p) => nonNegativeInt('webhook-pauses-ms', p.trim()));
  }
  if (Object.keys(delivery).length) {
    const merged = { ...(currentWebhookSettings ? (JSON.parse(currentWebhookSettings) as object) : {}), ...delivery };
    const check = validateWebhookSettings(merged);
    if (!check.ok) throw new OptionError(`webhook delivery options: ${check.message}`);
    s.webhook_settings = JSON.stringify(check.value);
  }
  if (v.sections !== undefined) {
    const codes = v.sections
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    const unknown = codes.filter((c) => !SECTION_CODES.includes(c));
    if (unknown.length) throw new OptionError(`--sections: unknown section codes ${unknown.join(', ')}; known: ${SECTION_CODES.join(', ')}`);
    s.sections = codes.length ? JSON.stringify(codes) : null;
  }
  if (v.employees !== undefined) s.has_employees = v.employees === 'true' || v.employees === '1' ? 1 : 0;
  if (v['access-until'] !== undefined) {
    if (v['access-until'] === '') s.access_until = null;
    else {
      const d = new Date(v['access-until']);
      if (Number.isNaN(d.getTime())) throw new OptionError('--access-until must be a date (ISO 8601)');
      s.access_until = d.toISOString();
    }
  }
  if (v['rate-limit-per-minute'] !== undefined) {
    // empty: back to the service's default (RATE_LIMIT_PER_MINUTE); 0: unlimited
    const raw = v['rate-limit-per-minute'];
    s.rate_limit_per_minute = raw === '' ? null : nonNegativeInt('rate-limit-per-minute', raw);
  }
  return s;
}
