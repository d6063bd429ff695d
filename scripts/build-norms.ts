// Rebuilds src/review/data/norms.generated.ts from src/review/data/norms-sources/*.json (npm run norms:build).
// `--check` only compares and exits 1 when the generated file is not what the sources build.
import { readFileSync, writeFileSync } from 'node:fs';
import { GENERATED_FILE, SOURCES_DIR, buildRegistry, readRegistrySources } from '../src/review/norms/registry-build.ts';

const text = buildRegistry(readRegistrySources(SOURCES_DIR));
let current = '';
try {
  current = readFileSync(GENERATED_FILE, 'utf8');
} catch {}
if (process.argv.includes('--check')) {
  if (current !== text) {
    console.error('src/review/data/norms.generated.ts is not what the sources build: run npm run norms:build');
    process.exit(1);
  }
} else if (current !== text) writeFileSync(GENERATED_FILE, text);
const count = (name: string) =>
  (
    text
      .split(`export const ${name}`)[1]
      ?.split('\n];')[0]
      ?.match(/^ {2}\{/gm) ?? []
  ).length;
console.log(JSON.stringify({ norms: count('NORMS'), unknown: count('UNKNOWN_DESIGNATIONS'), series: count('SERIES_EDITIONS') }));
