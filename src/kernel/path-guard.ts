import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The one function every write of untrusted names goes through: resolves `name` under `root` and
 * throws when the result would lie outside it (traversal, absolute paths, drive letters).
 */
export function resolveInside(root: string, name: string): string {
  const base = resolve(root);
  const target = resolve(base, name);
  const rel = relative(base, target);
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) {
    throw new Error(`Path escapes its directory: ${name}`);
  }
  return target;
}
