import type { Role } from './types.ts';

/**
 * Turns a raw path from an archive into a safe relative document name ("/" separated) or null when
 * nothing usable remains. Traversal is neutralised rather than refused: "..", "." and empty segments
 * are dropped, a leading "/" or drive letter ("C:") is removed, backslashes become "/". The document is
 * kept under the sanitised name, so a hostile archive cannot write outside the run directory and a
 * careless one (absolute paths from some Windows archivers) still delivers its documents.
 */
export function sanitizeEntryName(raw: string): string | null {
  const parts = raw
    .replace(/\\/g, '/')
    .replace(/^[a-zA-Z]:/, '')
    .split('/')
    .map((p) => p.replace(/[\u0000-\u001f\u007f]/g, '').trim())
    .filter((p) => p !== '' && p !== '.' && p !== '..');
  if (parts.length === 0) return null;
  // NFC: the same name from macOS (NFD) and Windows (NFC) archivers is one name and one key in kinds / roles.
  return parts.join('/').normalize('NFC');
}

/** Role implied by the nearest folder named Context or Reviews (case-insensitive) on the document's path. */
export function folderRoleOf(name: string): Role | null {
  const dirs = name.split('/').slice(0, -1).reverse();
  for (const d of dirs) {
    const n = d.toLowerCase();
    if (n === 'context') return 'context';
    if (n === 'reviews') return 'review';
  }
  return null;
}

/**
 * Deterministic disambiguation of equal names: the first document keeps its name, later ones get
 * " (2)", " (3)"… before the extension («ПЗ.pdf», «ПЗ (2).pdf»). Comparison ignores case, because
 * clients often treat names case-insensitively and a collision there would be confusing.
 */
export class NameRegistry {
  private readonly taken = new Set<string>();

  claim(name: string): string {
    if (this.reserve(name)) return name;
    const slash = name.lastIndexOf('/');
    const dot = name.lastIndexOf('.');
    const cut = dot > slash + 1 ? dot : name.length;
    for (let i = 2; ; i++) {
      const candidate = `${name.slice(0, cut)} (${i})${name.slice(cut)}`;
      if (this.reserve(candidate)) return candidate;
    }
  }

  private reserve(name: string): boolean {
    const key = name.toLowerCase();
    if (this.taken.has(key)) return false;
    this.taken.add(key);
    return true;
  }
}
