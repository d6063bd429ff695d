/** The operator's work on organizations and their keys (drs org …, drs key …). */
import type { Db } from '../store/db.ts';
import type { ApiKeyRecord, Organization, OrganizationSettings, OrganizationStatus } from '../kernel/model/organization.ts';
import { createApiKey, createTenant, getTenant, revokeApiKey, setApiKeyLabel, setTenantStatus, updateTenant } from '../store/repositories/tenants.ts';

export interface IssuedKey {
  key: ApiKeyRecord;
  /** Shown once; only its hash is stored. */
  secret: string;
}

export function findOrganization(db: Db, tenantId: string): Promise<Organization | undefined> {
  return getTenant(db, tenantId);
}

/** A new active organization with its first key. */
export async function createOrganization(
  db: Db,
  settings: OrganizationSettings & { name: string; checksLeft: number },
): Promise<{ organization: Organization } & IssuedKey> {
  const organization = await createTenant(db, settings);
  return { organization, ...(await createApiKey(db, organization.id)) };
}

/** Changes the given settings; undefined when there is no such organization. */
export function updateOrganization(db: Db, tenantId: string, settings: OrganizationSettings): Promise<Organization | undefined> {
  return updateTenant(db, tenantId, settings);
}

/** Suspends or resumes an organization; undefined when there is no such organization. */
export async function setOrganizationStatus(db: Db, tenantId: string, status: OrganizationStatus): Promise<Organization | undefined> {
  if (!(await getTenant(db, tenantId))) return undefined;
  return setTenantStatus(db, tenantId, status);
}

/** Issues another key of an organization; undefined when there is no such organization. */
export async function issueKey(db: Db, tenantId: string, label: string | null = null): Promise<IssuedKey | undefined> {
  if (!(await getTenant(db, tenantId))) return undefined;
  return createApiKey(db, tenantId, label);
}

/** Names a key after the specialist who uses it (decisions and registers name their author so); "" takes the name away. */
export function labelKey(db: Db, keyId: string, label: string): Promise<boolean> {
  return setApiKeyLabel(db, keyId, label.trim() || null);
}

/** Revokes a key (a repeat keeps the first revocation time); undefined when there is no such key. */
export function revokeKey(db: Db, keyId: string): Promise<ApiKeyRecord | undefined> {
  return revokeApiKey(db, keyId);
}
