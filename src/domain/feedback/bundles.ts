import type { Db } from '../../store/db.ts';
import type { Bundle } from '../../kernel/model/feedback.ts';
import { errors } from '../../kernel/errors.ts';
import { nowIso } from '../../kernel/clock.ts';
import { getBundleForTenant, insertBundle, listBundles, renameBundle } from '../../store/repositories/bundles.ts';

export const LABEL_MAX = 200;
export const BUNDLES_MAX = 200;

/** A bundle label: trimmed, not empty, at most LABEL_MAX characters. */
export function normalizeLabel(label: string): string {
  const trimmed = label.trim();
  if (!trimmed) throw errors.emptyBundleLabel();
  if ([...trimmed].length > LABEL_MAX) throw errors.bundleLabelTooLong(LABEL_MAX);
  return trimmed;
}

/** POST /bundles: a new bundle of the organization under a checked label. */
export function createBundle(db: Db, tenantId: string, label: string): Promise<Bundle> {
  return insertBundle(db, tenantId, normalizeLabel(label), nowIso());
}

/** GET /bundles: newest first, `limit` brought into 1..BUNDLES_MAX (default BUNDLES_MAX). */
export function bundlesOfTenant(db: Db, tenantId: string, limit: number | undefined): Promise<Bundle[]> {
  return listBundles(db, tenantId, Math.min(BUNDLES_MAX, Math.max(1, limit ?? BUNDLES_MAX)));
}

/** A bundle of the organization; 404 not_found for a foreign or missing one. */
export function bundleOfTenant(db: Db, tenantId: string, bundleId: string): Promise<Bundle> {
  return getBundleForTenant(db, tenantId, bundleId);
}

/** Renames a bundle at the version the client saw: 404 for a foreign or missing bundle comes before a bad label. */
export async function relabelBundle(db: Db, tenantId: string, bundleId: string, label: string, version: number): Promise<Bundle> {
  await getBundleForTenant(db, tenantId, bundleId);
  return renameBundle(db, tenantId, bundleId, normalizeLabel(label), version, nowIso());
}
