import type { OrganizationSettings, StoredWebhookSettings } from '../kernel/model/organization.ts';
import { SECTION_CODES } from '../kernel/docset.ts';
import { validateWebhookSettings } from '../notify/settings.ts';
import { knownTimeZone } from '../kernel/time-zone.ts';

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
  'time-zone': { type: 'string' },
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
export function orgSettingsFrom(v: OrgValues, currentWebhookSettings: StoredWebhookSettings | null = null): OrganizationSettings {
  const s: OrganizationSettings = {};
  const limits: NonNullable<OrganizationSettings['limits']> = {};
  if (v.name !== undefined) {
    if (!v.name.trim()) throw new OptionError('--name must not be empty');
    s.name = v.name.trim();
  }
  if (v.checks !== undefined) s.checksLeft = nonNegativeInt('checks', v.checks);
  if (v['max-files'] !== undefined) limits.maxFiles = nonNegativeInt('max-files', v['max-files']);
  if (v['max-file-bytes'] !== undefined) limits.maxFileBytes = nonNegativeInt('max-file-bytes', v['max-file-bytes']);
  if (v['max-total-bytes'] !== undefined) limits.maxTotalBytes = nonNegativeInt('max-total-bytes', v['max-total-bytes']);
  if (v['max-pages'] !== undefined) limits.maxPages = nonNegativeInt('max-pages', v['max-pages']);
  if (v['oversize-factor'] !== undefined) {
    const f = nonNegativeInt('oversize-factor', v['oversize-factor']);
    if (f !== 1 && f !== 2) throw new OptionError('--oversize-factor must be 1 or 2');
    limits.oversizeFactor = f;
  }
  if (v.concurrency !== undefined) {
    const c = nonNegativeInt('concurrency', v.concurrency);
    if (c < 1) throw new OptionError('--concurrency must be at least 1');
    s.concurrency = c;
  }
  if (Object.keys(limits).length) s.limits = limits;
  if (v['webhook-url'] !== undefined) {
    if (v['webhook-url'] === '') s.webhookUrl = null;
    else {
      const u = new URL(v['webhook-url']);
      if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new OptionError('--webhook-url must be an http(s) URL');
      s.webhookUrl = u.toString();
    }
  }
  if (v['webhook-secret'] !== undefined) s.webhookSecret = v['webhook-secret'] === '' ? null : v['webhook-secret'];
  const delivery: Record<string, unknown> = {};
  if (v['webhook-attempts'] !== undefined) delivery.attempts = nonNegativeInt('webhook-attempts', v['webhook-attempts']);
  if (v['webhook-timeout-ms'] !== undefined) delivery.timeout_ms = nonNegativeInt('webhook-timeout-ms', v['webhook-timeout-ms']);
  if (v['webhook-pauses-ms'] !== undefined) {
    delivery.pauses_ms = v['webhook-pauses-ms'].split(',').map((p) => nonNegativeInt('webhook-pauses-ms', p.trim()));
  }
  if (Object.keys(delivery).length) {
    const merged = { ...currentWebhookSettings, ...delivery };
    const check = validateWebhookSettings(merged);
    if (!check.ok) throw new OptionError(`webhook delivery options: ${check.message}`);
    s.webhookSettings = check.value;
  }
  if (v.sections !== undefined) {
    const codes = v.sections
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    const unknown = codes.filter((c) => !SECTION_CODES.includes(c));
    if (unknown.length) throw new OptionError(`--sections: unknown section codes ${unknown.join(', ')}; known: ${SECTION_CODES.join(', ')}`);
    s.sections = codes.length ? codes : null;
  }
  if (v.employees !== undefined) s.hasEmployees = v.employees === 'true' || v.employees === '1';
  if (v['access-until'] !== undefined) {
    if (v['access-until'] === '') s.accessUntil = null;
    else {
      const d = new Date(v['access-until']);
      if (Number.isNaN(d.getTime())) throw new OptionError('--access-until must be a date (ISO 8601)');
      s.accessUntil = d.toISOString();
    }
  }
  if (v['rate-limit-per-minute'] !== undefined) {
    // empty: back to the service's default (RATE_LIMIT_PER_MINUTE); 0: unlimited
    const raw = v['rate-limit-per-minute'];
    s.rateLimitPerMinute = raw === '' ? null : nonNegativeInt('rate-limit-per-minute', raw);
  }
  if (v['time-zone'] !== undefined) {
    const zone = knownTimeZone(v['time-zone']);
    if (!zone) throw new OptionError(`--time-zone: unknown time zone "${v['time-zone']}"; give an IANA name such as Europe/Moscow or Asia/Yekaterinburg`);
    s.timeZone = zone;
  }
  return s;
}
