/**
 * Identifiers are UUIDs stored in lower case; a client may send them in upper case (some libraries
 * print them so). Every `*_id` value of a path, query or JSON body that is a UUID is lower-cased before
 * validation, so each endpoint treats «0F8F…» and «0f8f…» as the same id.
 */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const canonicalId = (value: string): string => (UUID_RE.test(value) ? value.toLowerCase() : value);

/** Lower-cases the UUIDs among the `*_id` values of one request part (params, query, body) in place. */
export function canonicalizeIds(part: unknown): void {
  if (part === null || typeof part !== 'object' || Array.isArray(part)) return;
  const record = part as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (typeof value === 'string' && key.endsWith('_id')) record[key] = canonicalId(value);
  }
}
