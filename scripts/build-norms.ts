// Rebuilds src/review/data/norms.generated.ts from src/review/data/norms-sources/*.json (npm run norms:build).
// `--check` only compares and exits 1 when the generated file is not what the sources build.
// With the mirror of Akumsk/russian-construction-standards present (the fetch brings it under /work/.mirror, or the
// folder NORMS_MIRRORS names), the prefaces of its texts are read again into norms-sources/prefaces.json first (and
// `--check` also holds that file equal to what the mirror gives); without it the committed prefaces.json stands.
import { writeFileSync } from 'node:fs';
import { readOrEmpty, writeGenerated } from './generated-file.ts';
import { join } from 'node:path';
import { GENERATED_FILE, SOURCES_DIR, buildRegistryWithReport, readRegistrySources } from '../src/review/norms/registry-build.ts';
import { mirrorDir, readMirror } from '../src/review/norms/prefaces.ts';

const check = process.argv.includes('--check');
const prefacesFile = join(SOURCES_DIR, 'prefaces.json');
const mirror = mirrorDir(process.env.NORMS_MIRRORS ?? '/work/.mirror');
const fromMirror = readMirror(mirror);
if (fromMirror) {
  const text = `${JSON.stringify(fromMirror, null, 2)}\n`;
  if (readOrEmpty(prefacesFile) !== text) {
    if (check) {
      console.error(`src/review/data/norms-sources/prefaces.json is not what ${mirror} gives: run npm run norms:build`);
      process.exit(1);
    }
    writeFileSync(prefacesFile, text);
  }
}

const { text, merge } = buildRegistryWithReport(readRegistrySources(SOURCES_DIR));
writeGenerated(GENERATED_FILE, text, 'norms:build');
for (const c of merge.conflicts) console.error(`sources disagree, judged uncertain between the dates: ${c}`);
const count = (name: string) =>
  (
    text
      .split(`export const ${name}`)[1]
      ?.split('\n];')[0]
      ?.match(/^ {2}\{/gm) ?? []
  ).length;
console.log(
  JSON.stringify({
    prefaces: fromMirror ? 'read from the mirror' : 'committed prefaces.json',
    norms: count('NORMS'),
    fromPrefaces: merge.added.length,
    datedByPrefaces: merge.dated.size,
    unknown: count('UNKNOWN_DESIGNATIONS'),
    series: count('SERIES_EDITIONS'),
    inForceDates: count('NORM_DATES'),
  }),
);
