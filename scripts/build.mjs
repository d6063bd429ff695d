#!/usr/bin/env node
// Builds the production program: src/**/*.ts → dist/**/*.js with tsc (imports rewritten from .ts to .js),
// plus the plain-JavaScript workers (*.mjs) copied beside them. `--if-stale` builds only when a source is
// newer than the last build (used by `npm start` and `npm install`). The program is built beside dist/ and swapped
// in whole, so a server or test starting from dist/ meanwhile never finds half a program.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { distIsCurrent, STAMP } from './dist-state.mjs';

const root = resolve(import.meta.dirname, '..');
if (process.argv.includes('--if-stale') && distIsCurrent(root)) process.exit(0);

let tsc;
try {
  tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
} catch {
  // An install without dev dependencies: nothing to build with; a dist/ built elsewhere is used as it is.
  console.error('build: typescript is not installed; dist/ is left as it is');
  process.exit(0);
}

const dist = join(root, 'dist');
const next = join(root, `dist.next-${process.pid}`);
const res = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', next], { stdio: 'inherit' });
if (res.status !== 0) {
  rmSync(next, { recursive: true, force: true });
  console.error('build: tsc failed; bin/drs.js keeps running the sources');
  process.exit(res.status ?? 1);
}

// Files the program reads or starts by path are copied as they are: workers started by path (fork /
// worker_threads) are plain JavaScript already, and the cabinet's browser files are served from its static/.
const copied = (path, entry) => entry.endsWith('.mjs') || path.split(/[\\/]/).includes('static');
function copyScripts(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) copyScripts(path);
    else if (copied(relative(root, path), entry)) {
      const target = join(next, relative(join(root, 'src'), path));
      mkdirSync(dirname(target), { recursive: true });
      cpSync(path, target);
    }
  }
}
copyScripts(join(root, 'src'));
// The stamp is written last: a build that failed half-way is never taken for a current one.
writeFileSync(join(next, relative('dist', STAMP)), `${new Date().toISOString()}\n`);
// The swap: between the two renames dist/ is absent, and bin/drs.js then runs the sources.
const old = join(root, `dist.old-${process.pid}`);
if (existsSync(dist)) renameSync(dist, old);
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });
