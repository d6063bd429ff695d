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
