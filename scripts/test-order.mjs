// The order test files start in: longest first, by each file's time in the last run on this checkout, so no long
// file is left running alone at the end while the other slots are idle. Files without a time (new ones) go first.
// Without any times (a fresh checkout) the quality measurement starts first: by far the longest file
// (generation, conversion and two reviews in a row); the rest keep their name order.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DURATIONS = join('.tmp', 'test-durations.json');
const QUALITY = join('test', 'quality');

/** `files` ordered by `durations` (ms per file, from the last run), or null when there are none. */
export function longestFirst(files, durations) {
  const weight = (f) => (durations ? (durations[f] ?? Number.POSITIVE_INFINITY) : f.startsWith(QUALITY) ? 1 : 0);
  return [...files].sort((a, b) => (weight(a) === weight(b) ? a.localeCompare(b) : weight(b) > weight(a) ? 1 : -1));
}

/** The times of the last run, or null when there was none here. */
export function lastDurations(path = DURATIONS) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** Keeps this run's times beside the earlier ones of files it did not run, for files that still exist. */
export function saveDurations(earlier, now, path = DURATIONS) {
  const kept = Object.entries({ ...earlier, ...now }).filter(([f]) => existsSync(f));
  writeFileSync(path, `${JSON.stringify(Object.fromEntries(kept), null, 1)}\n`);
}
