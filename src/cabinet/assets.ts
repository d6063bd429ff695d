import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const STATIC_DIR = fileURLToPath(new URL('./static/', import.meta.url));

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export interface StaticAssets {
  /** Path prefix that changes whenever any file changes, e.g. "/assets/3f2a9c0d1e4b/". */
  base: string;
  get(version: string, name: string): { body: Buffer; type: string } | null;
}

/**
 * The cabinet's scripts and styles, read once at start. They are ES modules that import one another by relative
 * path, so the fingerprint is one hash of all files in the folder name: every URL is immutable and a new release
 * gets new URLs for all of them at once. A few dozen kilobytes: kept in memory.
 */
export function loadStaticAssets(dir = STATIC_DIR): StaticAssets {
  const files = new Map<string, { body: Buffer; type: string }>();
  const hash = createHash('sha256');
  for (const name of readdirSync(dir).sort()) {
    const type = TYPES[extname(name)];
    if (!type) continue;
    const body = readFileSync(join(dir, name));
    hash.update(name).update('\0').update(body);
    files.set(name, { body, type });
  }
  const version = hash.digest('hex').slice(0, 12);
  return {
    base: `/assets/${version}/`,
    get: (v, name) => (v === version ? (files.get(name) ?? null) : null),
  };
}
