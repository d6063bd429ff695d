import type { Bundle } from '../store/schema.ts';

/** A bundle as the API shows it. */
export function bundleView(b: Bundle) {
  return { bundle_id: b.id, label: b.label, version: b.version, created_at: b.created_at, updated_at: b.updated_at };
}

/** GET /bundles. */
export function bundleListView(bundles: Bundle[]) {
  return { bundles: bundles.map(bundleView) };
}
