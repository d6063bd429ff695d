/**
 * Maximum lengths of the strings a client supplies, in characters (Unicode code points). Every one is
 * enforced at acceptance with 422 validation_error, so nothing longer reaches the store, the review or a
 * report. The README's limits table lists the same numbers.
 */
import { errors } from '../kernel/errors.ts';
import { DEFAULT_OPTIONS as DEFAULT_UNPACK_OPTIONS } from '../ingest/budget.ts';

export const TEXT_LIMITS = {
  /** POST /runs object_address. */
  objectAddress: 500,
  /** POST /runs user_request, as a field or as an uploaded UTF-8 file. */
  userRequest: 20_000,
  /** POST /runs kinds and roles (JSON text). */
  choicesJson: 1_000_000,
  /** Identifiers passed as text: bundle_id, feedback_id, run_id in a query. */
  identifier: 100,
  /** An uploaded file's name (its last path segment). */
  fileName: 255,
  /** A document's path inside an archive: enforced where archives are unpacked (ingest/budget.ts). */
  entryPath: DEFAULT_UNPACK_OPTIONS.maxEntryPath,
  /** Short codes and filters of queries (status, reason_code). */
  code: 100,
} as const;

/** Multipart text fields of POST /runs and their maximum lengths. */
export const RUN_FIELD_LIMITS: Readonly<Record<string, number>> = {
  object_address: TEXT_LIMITS.objectAddress,
  user_request: TEXT_LIMITS.userRequest,
  kinds: TEXT_LIMITS.choicesJson,
  roles: TEXT_LIMITS.choicesJson,
  bundle_id: TEXT_LIMITS.identifier,
};

export const charCount = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/** 422 when value is longer than max characters. */
export function assertMaxLength(field: string, value: string, max: number, file?: string): void {
  // A string of max UTF-16 units cannot hold more than max code points: the count is needed only above that.
  if (value.length > max && charCount(value) > max) {
    throw errors.fieldTooLong(field, max, file);
  }
}
