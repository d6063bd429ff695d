import { createHash } from 'node:crypto';

/** Canonical hash of a POST /runs request: file names and contents (by hash), kinds, roles, address, task, bundle. */
export function runRequestHash(req: {
  files: { name: string; sha256: string }[];
  kinds?: string;
  roles?: string;
  objectAddress?: string;
  userRequest?: string;
  bundleId?: string;
}): string {
  const canonical = JSON.stringify([
    req.files.map((f) => [f.name, f.sha256]),
    canonicalJson(req.kinds),
    canonicalJson(req.roles),
    req.objectAddress ?? null,
    req.userRequest ?? null,
    req.bundleId ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** JSON text compared by meaning (key order and spacing do not matter); invalid JSON compares as text. */
function canonicalJson(text: string | undefined): string | null {
  if (text === undefined || text.trim() === '') return null;
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return JSON.stringify(
        Object.keys(v)
          .sort()
          .map((k) => [k, (v as Record<string, unknown>)[k]]),
      );
    }
    return JSON.stringify(v);
  } catch {
    return text;
  }
}
