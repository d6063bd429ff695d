import { randomUUID } from 'node:crypto';
import type { Db } from '../db.ts';
import type { Bundle } from '../schema.ts';
import { errors } from '../../kernel/errors.ts';

const bundleNotFound = () => errors.bundleNotFound();

export async function insertBundle(db: Db, tenantId: string, label: string, at: string): Promise<Bundle> {
  const row: Bundle = { id: randomUUID(), tenant_id: tenantId, label, version: 1, created_at: at, updated_at: at };
  await db.insertInto('bundles').values(row).execute();
  return row;
}

/** Newest first; ties broken by id so the order is stable. */
export function listBundles(db: Db, tenantId: string, limit: number): Promise<Bundle[]> {
  return db.selectFrom('bundles').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** A bundle of this tenant, or 404: a foreign bundle is indistinguishable from a missing one. */
export async function getBundleForTenant(db: Db, tenantId: string, bundleId: string): Promise<Bundle> {
  const bundle = await db.selectFrom('bundles').selectAll().where('id', '=', bundleId).where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!bundle) throw bundleNotFound();
  return bundle;
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
