import { profileItems } from '../kernel/docset.ts';
import type { UsageDay } from '../store/repositories/ledger.ts';
import { parseSections } from '../store/repositories/tenants.ts';
import type { ApiKey, Tenant } from '../store/schema.ts';

/** The organization's limits (GET /limits, GET /me, the operator's view). */
export const limitsOf = (t: Tenant) => ({
  max_files: t.max_files,
  max_file_bytes: t.max_file_bytes,
  max_total_bytes: t.max_total_bytes,
  max_pages: t.max_pages,
  oversize_factor: t.oversize_factor,
});

export function featuresOf(t: Tenant) {
  return {
    imports_preview: true,
    bundles: true,
    feedback: true,
    memory: true,
    memory_automatic_application: false,
    webhooks: true,
    thematic_reports: true,
    section_reports: true,
    employees: t.has_employees === 1,
    ocr: true,
  };
}

/** An organization as the operator commands print it (drs org …): settings included, the webhook secret not. */
export function tenantView(t: Tenant) {
  return {
    tenant_id: t.id,
    name: t.name,
    status: t.status,
    checks_left: t.checks_left,
    limits: limitsOf(t),
    concurrency: t.concurrency,
    sections: t.sections ? (JSON.parse(t.sections) as string[]) : null,
    webhook_url: t.webhook_url,
    webhook_secret_set: !!t.webhook_secret,
    webhook_settings: t.webhook_settings ? (JSON.parse(t.webhook_settings) as unknown) : null,
    employees: t.has_employees === 1,
    access_until: t.access_until,
    /** null: the service's default (RATE_LIMIT_PER_MINUTE); 0: unlimited. */
    rate_limit_per_minute: t.rate_limit_per_minute,
  };
}

/** GET /me: the organization, its section profile and limits. */
export function meView(t: Tenant) {
  return {
    tenant_id: t.id,
    name: t.name,
    status: t.status,
    checks_left: t.checks_left,
    profile: {
      sections: profileItems(parseSections(t)).map(({ code, title, required }) => ({ code, title, required })),
    },
    limits: limitsOf(t),
    webhook_configured: !!t.webhook_url,
  };
}

/** GET /key: the key that authenticated the request, without its secret. */
export function keyView(key: ApiKey, t: Tenant) {
  return {
    key_id: key.id,
    prefix: key.prefix,
    created_at: key.created_at,
    last_used_at: key.last_used_at,
    concurrency: t.concurrency,
    webhook_url: t.webhook_url,
  };
}

/** GET /subscription. */
export function subscriptionView(t: Tenant) {
  return {
    status: t.status,
    access_from: t.access_from,
    access_until: t.access_until,
    checks_left: t.checks_left,
  };
}

/** GET /usage: the days of a period with their totals. */
export function usageView(period: { days: number; from: string; to: string }, daily: UsageDay[], checksLeft: number) {
  const charged = daily.reduce((s, d) => s + d.charged, 0);
  const refunded = daily.reduce((s, d) => s + d.refunded, 0);
  return { ...period, charged, refunded, net: charged - refunded, checks_left: checksLeft, daily };
}

/** A key just issued by `drs key create`: the only time its secret is shown. */
export function issuedKeyView(key: ApiKey, secret: string) {
  return { tenant_id: key.tenant_id, key_id: key.id, api_key: secret, created_at: key.created_at };
}

/** A key revoked by `drs key revoke`. */
export function revokedKeyView(key: ApiKey) {
  return { key_id: key.id, tenant_id: key.tenant_id, revoked_at: key.revoked_at };
}
