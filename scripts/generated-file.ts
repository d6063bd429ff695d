import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');

/** A file's text, or '' when there is none yet. */
export function readOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/**
 * A file the build scripts make from their sources: written when it differs from what they built; with `--check`, only
 * compared — a difference exits 1 naming the command that rebuilds it.
 */
export function writeGenerated(path: string, text: string, rebuild: string): void {
  if (readOrEmpty(path) === text) return;
  if (process.argv.includes('--check')) {
    console.error(`${relative(ROOT, path)} is not what the sources build: run npm run ${rebuild}`);
    process.exit(1);
  }
  writeFileSync(path, text);
}
