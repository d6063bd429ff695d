import type { Bundle } from '../../store/schema.ts';
import { errors } from '../../kernel/errors.ts';

export const LABEL_MAX = 200;
export const BUNDLES_MAX = 200;

/** A bundle label: trimmed, not empty, at most LABEL_MAX characters. */
export function normalizeLabel(label: string): string {
  const trimmed = label.trim();
  if (!trimmed) throw errors.emptyBundleLabel();
  if ([...trimmed].length > LABEL_MAX) throw errors.bundleLabelTooLong(LABEL_MAX);
  return trimmed;
}

export function bundleView(b: Bundle) {
  return { bundle_id: b.id, label: b.label, version: b.version, created_at: b.created_at, updated_at: b.updated_at };
}
