import { randomUUID } from 'node:crypto';
import type { Db } from '../db.ts';
import type { BundlesTable } from '../schema.ts';
import type { Bundle } from '../../kernel/model/feedback.ts';
import { errors } from '../../kernel/errors.ts';
import type { Selectable } from 'kysely';

const bundleNotFound = () => errors.bundleNotFound();

/** A bundles row as the domain sees it. */
export function toBundle(row: Selectable<BundlesTable>): Bundle {
  return { id: row.id, tenantId: row.tenant_id, label: row.label, version: row.version, createdAt: row.created_at, updatedAt: row.updated_at };
}

export async function insertBundle(db: Db, tenantId: string, label: string, at: string): Promise<Bundle> {
  const bundle: Bundle = { id: randomUUID(), tenantId, label, version: 1, createdAt: at, updatedAt: at };
  await db.insertInto('bundles').values({ id: bundle.id, tenant_id: tenantId, label, version: bundle.version, created_at: at, updated_at: at }).execute();
  return bundle;
}

/** Newest first; ties broken by id so the order is stable. */
export async function listBundles(db: Db, tenantId: string, limit: number): Promise<Bundle[]> {
  const rows = await db
    .selectFrom('bundles')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toBundle);
}

/** A bundle of this tenant, or 404: a foreign bundle is indistinguishable from a missing one. */
export async function getBundleForTenant(db: Db, tenantId: string, bundleId: string): Promise<Bundle> {
  const row = await db.selectFrom('bundles').selectAll().where('id', '=', bundleId).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!row) throw bundleNotFound();
  return toBundle(row);
}

/**
 * Renames a bundle only while its version is the one the client saw (UPDATE … WHERE version = ?):
 * of concurrent renames with one version exactly one succeeds, the others get 409 version_conflict.
 */
export async function renameBundle(db: Db, tenantId: string, bundleId: string, label: string, version: number, at: string): Promise<Bundle> {
  const res = await db
    .updateTable('bundles')
    .set((eb) => ({ label, version: eb('version', '+', 1), updated_at: at }))
    .where('id', '=', bundleId)
    .where('tenant_id', '=', tenantId)
    .where('version', '=', version)
    .executeTakeFirst();
  const current = await getBundleForTenant(db, tenantId, bundleId);
  if (Number(res.numUpdatedRows) === 0) throw errors.versionConflict(current.version);
  return current;
}
