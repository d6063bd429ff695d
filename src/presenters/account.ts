import type { Tenant } from '../store/schema.ts';

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
  };
}
