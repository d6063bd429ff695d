import { randomBytes, randomUUID, createHash, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db.ts';
import type { ApiKey, Tenant, TenantsTable } from '../schema.ts';
import { nowIso } from '../../kernel/clock.ts';

export type TenantSettings = Partial<
  Pick<
    TenantsTable,
    | 'name'
    | 'checks_left'
    | 'max_files'
    | 'max_file_bytes'
    | 'max_total_bytes'
    | 'max_pages'
    | 'oversize_factor'
    | 'concurrency'
    | 'sections'
    | 'webhook_url'
    | 'webhook_secret'
    | 'webhook_settings'
    | 'has_employees'
    | 'access_from'
    | 'access_until'
    | 'rate_limit_per_minute'
  >
>;

/** Defaults of a new organization; 0 in a limit means "not limited" (contract, Limits). */
export const TENANT_DEFAULTS = {
  max_files: 500,
  max_file_bytes: 512 * 1024 * 1024,
  max_total_bytes: 2 * 1024 * 1024 * 1024,
  max_pages: 3000,
  oversize_factor: 1,
  concurrency: 2,
} as const;

export const hashApiKey = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Constant-time comparison of two hex digests of equal length. */
export function sameDigest(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

export async function createTenant(db: Db, settings: TenantSettings & { name: string; checks_left: number }): Promise<Tenant> {
  const now = nowIso();
  const row = {
    id: randomUUID(),
    status: 'active' as const,
    ...TENANT_DEFAULTS,
    sections: null,
    webhook_url: null,
    webhook_secret: null,
    webhook_settings: null,
    has_employees: 0 as const,
    access_from: now,
    access_until: null,
    rate_limit_per_minute: null,
    ...settings,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('tenants').values(row).execute();
  return row;
}

export async function updateTenant(db: Db, tenantId: string, settings: TenantSettings): Promise<Tenant | undefined> {
  if (Object.keys(settings).length) {
    await db
      .updateTable('tenants')
      .set({ ...settings, updated_at: nowIso() })
      .where('id', '=', tenantId)
      .execute();
  }
  return getTenant(db, tenantId);
}

export function getTenant(db: Db, tenantId: string): Promise<Tenant | undefined> {
  return db.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirst();
}

/** The organization's checks left, as committed now (the one read of the balance after a charge or refund). */
export async function checksLeft(db: Db, tenantId: string): Promise<number> {
  return (await db.selectFrom('tenants').select('checks_left').where('id', '=', tenantId).executeTakeFirstOrThrow()).checks_left;
}

export async function setTenantStatus(db: Db, tenantId: string, status: Tenant['status']): Promise<Tenant | undefined> {
  await db.updateTable('tenants').set({ status, updated_at: nowIso() }).where('id', '=', tenantId).execute();
  return getTenant(db, tenantId);
}

/** Creates a key; the secret is returned once and only its hash is stored. */
export async function createApiKey(db: Db, tenantId: string): Promise<{ key: ApiKey; secret: string }> {
  const secret = `drs_${randomBytes(32).toString('base64url')}`;
  const key: ApiKey = {
    id: randomUUID(),
    tenant_id: tenantId,
    key_hash: hashApiKey(secret),
    prefix: secret.slice(0, 10),
    created_at: nowIso(),
    revoked_at: null,
    last_used_at: null,
  };
  await db.insertInto('api_keys').values(key).execute();
  return { key, secret };
}

export async function revokeApiKey(db: Db, keyId: string): Promise<ApiKey | undefined> {
  await db.updateTable('api_keys').set({ revoked_at: nowIso() }).where('id', '=', keyId).where('revoked_at', 'is', null).execute();
  return db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirst();
}

/**
 * Finds the key and its organization for a presented secret, in one query. The lookup is by digest;
 * the digest is compared again in constant time.
 */
export async function findKeyBySecret(db: Db, secret: string): Promise<{ key: ApiKey; tenant: Tenant } | null> {
  const digest = hashApiKey(secret);
  const row = await db
    .selectFrom('api_keys as k')
    .innerJoin('tenants as t', 't.id', 'k.tenant_id')
    .selectAll('t')
    .select([
      'k.id as key_id',
      'k.key_hash as key_hash',
      'k.prefix as key_prefix',
      'k.created_at as key_created_at',
      'k.revoked_at as key_revoked_at',
      'k.last_used_at as key_last_used_at',
    ])
    .where('k.key_hash', '=', digest)
    .executeTakeFirst();
  if (!row || !sameDigest(row.key_hash, digest) || row.key_revoked_at) return null;
  const { key_id, key_hash, key_prefix, key_created_at, key_revoked_at, key_last_used_at, ...tenant } = row;
  return {
    key: {
      id: key_id,
      tenant_id: tenant.id,
      key_hash,
      prefix: key_prefix,
      created_at: key_created_at,
      revoked_at: key_revoked_at,
      last_used_at: key_last_used_at,
    },
    tenant,
  };
}

/** Records a login through the cabinet form (see src/domain/session-entry.ts). */
export async function recordSessionEntry(db: Db, tenantId: string, keyId: string, at: string): Promise<void> {
  await db.insertInto('session_entries').values({ id: randomUUID(), tenant_id: tenantId, key_id: keyId, created_at: at }).execute();
}

export async function touchKey(db: Db, keyId: string, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', keyId).execute();
}

export function parseSections(tenant: Pick<Tenant, 'sections'>): string[] | null {
  if (!tenant.sections) return null;
  const parsed: unknown = JSON.parse(tenant.sections);
  return Array.isArray(parsed) ? parsed.filter((s): s is string => typeof s === 'string') : null;
}
