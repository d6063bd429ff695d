// Whether dist/ (the JavaScript built from src/ by scripts/build.mjs) is current: its stamp is newer than
// every source file and build setting. Shared by the build (rebuild only when stale) and bin/drs.js (run
// the built program only when it matches the sources, so an edited checkout never runs old code).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const STAMP = join('dist', '.built');
const INPUTS = ['src', 'tsconfig.json', 'tsconfig.build.json', 'package.json'];

function newestMtime(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when root/dist was built after the last change of any input. */
export function distIsCurrent(root) {
  let built;
  try {
    built = statSync(join(root, STAMP)).mtimeMs;
  } catch {
    return false;
  }
  return INPUTS.every((input) => newestMtime(join(root, input)) <= built);
}
