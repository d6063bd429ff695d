import { randomBytes, randomUUID, hash, timingSafeEqual } from 'node:crypto';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../db.ts';
import type { ApiKeysTable, TenantsTable } from '../schema.ts';
import type { ApiKeyRecord, KeyOwner, Organization, OrganizationSettings, OrganizationStatus } from '../../kernel/model/organization.ts';
import { nowIso } from '../../kernel/clock.ts';
import { DEFAULT_TIME_ZONE } from '../../kernel/time-zone.ts';

/** Defaults of a new organization; 0 in a limit means "not limited" (contract, Limits). */
export const TENANT_DEFAULTS = {
  max_files: 500,
  max_file_bytes: 512 * 1024 * 1024,
  max_total_bytes: 2 * 1024 * 1024 * 1024,
  max_pages: 3000,
  oversize_factor: 1,
  concurrency: 2,
} as const;

/** JSON text of a column, or null when it is not valid JSON: a damaged value must not lock the organization out. */
function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function parseSections(text: string | null): string[] | null {
  const parsed = parseJson(text);
  return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : null;
}

function parseWebhookSettings(text: string | null): Organization['webhookSettings'] {
  const parsed = parseJson(text);
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
}

/** A tenants row as the domain sees it. */
export function toOrganization(row: Selectable<TenantsTable>): Organization {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    checksLeft: row.checks_left,
    limits: {
      maxFiles: row.max_files,
      maxFileBytes: row.max_file_bytes,
      maxTotalBytes: row.max_total_bytes,
      maxPages: row.max_pages,
      oversizeFactor: row.oversize_factor,
    },
    concurrency: row.concurrency,
    sections: parseSections(row.sections),
    webhookUrl: row.webhook_url,
    webhookSecret: row.webhook_secret,
    webhookSettings: parseWebhookSettings(row.webhook_settings),
    hasEmployees: row.has_employees === 1,
    accessFrom: row.access_from,
    accessUntil: row.access_until,
    rateLimitPerMinute: row.rate_limit_per_minute,
    timeZone: row.time_zone,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns an operator's settings change; fields left out are not written. */
export function tenantColumns(s: OrganizationSettings): Updateable<TenantsTable> {
  const columns: Updateable<TenantsTable> = {
    name: s.name,
    checks_left: s.checksLeft,
    max_files: s.limits?.maxFiles,
    max_file_bytes: s.limits?.maxFileBytes,
    max_total_bytes: s.limits?.maxTotalBytes,
    max_pages: s.limits?.maxPages,
    oversize_factor: s.limits?.oversizeFactor,
    concurrency: s.concurrency,
    sections: s.sections === undefined ? undefined : s.sections && JSON.stringify(s.sections),
    webhook_url: s.webhookUrl,
    webhook_secret: s.webhookSecret,
    webhook_settings: s.webhookSettings === undefined ? undefined : s.webhookSettings && JSON.stringify(s.webhookSettings),
    has_employees: s.hasEmployees === undefined ? undefined : s.hasEmployees ? 1 : 0,
    access_from: s.accessFrom,
    access_until: s.accessUntil,
    rate_limit_per_minute: s.rateLimitPerMinute,
    time_zone: s.timeZone,
  };
  for (const k of Object.keys(columns) as (keyof typeof columns)[]) if (columns[k] === undefined) delete columns[k];
  return columns;
}

/** An api_keys row as the domain sees it. */
export function toApiKey(row: Omit<Selectable<ApiKeysTable>, 'label'>): ApiKeyRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    keyHash: row.key_hash,
    prefix: row.prefix,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
  };
}

export const hashApiKey = (secret: string): string => hash('sha256', secret, 'hex');

/** Constant-time comparison of two hex digests of equal length. */
export function sameDigest(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

export async function createTenant(db: Db, settings: OrganizationSettings & { name: string; checksLeft: number }): Promise<Organization> {
  const now = nowIso();
  const row: Selectable<TenantsTable> = {
    id: randomUUID(),
    status: 'active',
    ...TENANT_DEFAULTS,
    name: settings.name,
    checks_left: settings.checksLeft,
    sections: null,
    webhook_url: null,
    webhook_secret: null,
    webhook_settings: null,
    has_employees: 0,
    access_from: now,
    access_until: null,
    rate_limit_per_minute: null,
    time_zone: DEFAULT_TIME_ZONE,
    ...tenantColumns(settings),
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('tenants').values(row).execute();
  return toOrganization(row);
}

export async function updateTenant(db: Db, tenantId: string, settings: OrganizationSettings): Promise<Organization | undefined> {
  const columns = tenantColumns(settings);
  if (Object.keys(columns).length) {
    await db
      .updateTable('tenants')
      .set({ ...columns, updated_at: nowIso() })
      .where('id', '=', tenantId)
      .execute();
  }
  return getTenant(db, tenantId);
}

export async function getTenant(db: Db, tenantId: string): Promise<Organization | undefined> {
  const row = await db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirst();
  return row && toOrganization(row);
}

/** The organization's checks left, as committed now (the one read of the balance after a charge or refund). */
export async function checksLeft(db: Db, tenantId: string): Promise<number> {
  return (await db.selectFrom('tenants').select('checks_left').where('id', '=', tenantId).executeTakeFirstOrThrow()).checks_left;
}

export async function setTenantStatus(db: Db, tenantId: string, status: OrganizationStatus): Promise<Organization | undefined> {
  await db.updateTable('tenants').set({ status, updated_at: nowIso() }).where('id', '=', tenantId).execute();
  return getTenant(db, tenantId);
}

/** Creates a key; the secret is returned once and only its hash is stored. */
export async function createApiKey(db: Db, tenantId: string, label: string | null = null): Promise<{ key: ApiKeyRecord; secret: string }> {
  const secret = `drs_${randomBytes(32).toString('base64url')}`;
  const row: Selectable<ApiKeysTable> = {
    id: randomUUID(),
    tenant_id: tenantId,
    key_hash: hashApiKey(secret),
    prefix: secret.slice(0, 10),
    created_at: nowIso(),
    revoked_at: null,
    last_used_at: null,
    label,
  };
  await db.insertInto('api_keys').values(row).execute();
  return { key: toApiKey(row), secret };
}

/** Gives a key its name (null takes it away); false when there is no such key. */
export async function setApiKeyLabel(db: Db, keyId: string, label: string | null): Promise<boolean> {
  const res = await db.updateTable('api_keys').set({ label }).where('id', '=', keyId).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The names an organization gives its keys, by key id (keys without one are left out). */
export async function apiKeyLabels(db: Db, tenantId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom('api_keys').select(['id', 'label']).where('tenant_id', '=', tenantId).where('label', 'is not', null).execute();
  return new Map(rows.map((r) => [r.id, r.label ?? '']));
}

export async function revokeApiKey(db: Db, keyId: string): Promise<ApiKeyRecord | undefined> {
  await db.updateTable('api_keys').set({ revoked_at: nowIso() }).where('id', '=', keyId).where('revoked_at', 'is', null).execute();
  const row = await db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirst();
  return row && toApiKey(row);
}

/** The columns of a key joined as `k` beside its organization's (`t.*`), read back by toKeyOwner. */
export const KEY_OWNER_COLUMNS = [
  'k.id as key_id',
  'k.key_hash as key_hash',
  'k.prefix as key_prefix',
  'k.created_at as key_created_at',
  'k.revoked_at as key_revoked_at',
  'k.last_used_at as key_last_used_at',
] as const;

type KeyOwnerRow = Selectable<TenantsTable> & {
  key_id: string;
  key_hash: string;
  key_prefix: string;
  key_created_at: string;
  key_revoked_at: string | null;
  key_last_used_at: string | null;
};

/** A row of an organization with its key's columns (KEY_OWNER_COLUMNS) as the key and its organization. */
export function toKeyOwner(row: KeyOwnerRow): KeyOwner {
  const { key_id, key_hash, key_prefix, key_created_at, key_revoked_at, key_last_used_at, ...tenant } = row;
  return {
    key: toApiKey({
      id: key_id,
      tenant_id: tenant.id,
      key_hash,
      prefix: key_prefix,
      created_at: key_created_at,
      revoked_at: key_revoked_at,
      last_used_at: key_last_used_at,
    }),
    tenant: toOrganization(tenant),
  };
}

/**
 * Finds the key and its organization for a presented secret, in one query. The lookup is by digest;
 * the digest is compared again in constant time.
 */
export async function findKeyBySecret(db: Db, secret: string): Promise<KeyOwner | null> {
  const digest = hashApiKey(secret);
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('tenants as t', 't.id', 'k.tenant_id')
    .selectAll('t')
    .select(KEY_OWNER_COLUMNS)
    .where('k.key_hash', '=', digest)
    .executeTakeFirst();
  if (!row || !sameDigest(row.key_hash, digest) || row.key_revoked_at) return null;
  return toKeyOwner(row);
}

/** Records a login through the cabinet form (see src/domain/session-entry.ts). */
export async function recordSessionEntry(db: Db, tenantId: string, keyId: string, at: string): Promise<void> {
  await db.insertInto('session_entries').values({ id: randomUUID(), tenant_id: tenantId, key_id: keyId, created_at: at }).execute();
}

/** Deletes the records of logins made before `before` (ISO time). */
export async function deleteSessionEntriesBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('session_entries').where('created_at', '<', before).execute();
}

export async function touchKey(db: Db, keyId: string, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
}
