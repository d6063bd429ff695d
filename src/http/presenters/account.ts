import { profileItems } from '../../kernel/docset.ts';
import type { ApiKeyRecord, Organization, UsageDay } from '../../kernel/model/organization.ts';

/** The organization's limits (GET /limits, GET /me, the operator's view). */
export const limitsOf = ({ limits }: Organization) => ({
  max_files: limits.maxFiles,
  max_file_bytes: limits.maxFileBytes,
  max_total_bytes: limits.maxTotalBytes,
  max_pages: limits.maxPages,
  oversize_factor: limits.oversizeFactor,
});

export function featuresOf(t: Organization) {
  return {
    imports_preview: true,
    bundles: true,
    feedback: true,
    memory: true,
    memory_automatic_application: false,
    webhooks: true,
    thematic_reports: true,
    section_reports: true,
    remark_register: true,
    revision_comparison: true,
    employees: t.hasEmployees,
    ocr: true,
  };
}

/** An organization as the operator commands print it (drs org …): settings included, the webhook secret not. */
export function tenantView(t: Organization) {
  return {
    tenant_id: t.id,
    name: t.name,
    status: t.status,
    checks_left: t.checksLeft,
    limits: limitsOf(t),
    concurrency: t.concurrency,
    sections: t.sections,
    webhook_url: t.webhookUrl,
    webhook_secret_set: !!t.webhookSecret,
    webhook_settings: t.webhookSettings,
    employees: t.hasEmployees,
    access_until: t.accessUntil,
    /** null: the service's default (RATE_LIMIT_PER_MINUTE); 0: unlimited. */
    rate_limit_per_minute: t.rateLimitPerMinute,
    time_zone: t.timeZone,
  };
}

/** GET /me: the organization, its section profile and limits. */
export function meView(t: Organization) {
  return {
    tenant_id: t.id,
    name: t.name,
    status: t.status,
    checks_left: t.checksLeft,
    profile: {
      sections: profileItems(t.sections).map(({ code, title, required }) => ({ code, title, required })),
    },
    limits: limitsOf(t),
    webhook_configured: !!t.webhookUrl,
    time_zone: t.timeZone,
  };
}

/** GET /key: the key that authenticated the request, without its secret. */
export function keyView(key: ApiKeyRecord, t: Organization) {
  return {
    key_id: key.id,
    prefix: key.prefix,
    created_at: key.createdAt,
    last_used_at: key.lastUsedAt,
    concurrency: t.concurrency,
    webhook_url: t.webhookUrl,
  };
}

/** GET /subscription. */
export function subscriptionView(t: Organization) {
  return {
    status: t.status,
    access_from: t.accessFrom,
    access_until: t.accessUntil,
    checks_left: t.checksLeft,
  };
}

/** GET /usage: the days of a period with their totals. */
export function usageView(period: { days: number; from: string; to: string }, daily: UsageDay[], checksLeft: number) {
  const charged = daily.reduce((s, d) => s + d.charged, 0);
  const refunded = daily.reduce((s, d) => s + d.refunded, 0);
  return { ...period, charged, refunded, net: charged - refunded, checks_left: checksLeft, daily };
}

/** A key just issued by `drs key create`: the only time its secret is shown. */
export function issuedKeyView(key: ApiKeyRecord, secret: string) {
  return { tenant_id: key.tenantId, key_id: key.id, api_key: secret, created_at: key.createdAt };
}

/** A key revoked by `drs key revoke`. */
export function revokedKeyView(key: ApiKeyRecord) {
  return { key_id: key.id, tenant_id: key.tenantId, revoked_at: key.revokedAt };
}
