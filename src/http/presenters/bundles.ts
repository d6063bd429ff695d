import type { Bundle } from '../../kernel/model/feedback.ts';

/** A bundle as the API shows it. */
export function bundleView(b: Bundle) {
  return { bundle_id: b.id, label: b.label, version: b.version, created_at: b.createdAt, updated_at: b.updatedAt };
}

/** GET /bundles. */
export function bundleListView(bundles: Bundle[]) {
  return { bundles: bundles.map(bundleView) };
}
