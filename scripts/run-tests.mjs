#!/usr/bin/env node
// Finds every *.test.ts under the given roots (default: src and test) and runs them with node:test, compiled to
// JavaScript first (scripts/compile-tests.mjs) so no test process pays for a TypeScript loader.
// `--exclude DIR` (repeatable) leaves a folder out: the test tiers in package.json are roots and exclusions.
// `--list` prints the files it would run and exits.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { pipeline } from 'node:stream/promises';
import { compileTests } from './compile-tests.mjs';
import { lastDurations, longestFirst, saveDurations } from './test-order.mjs';

const args = process.argv.slice(2);
const roots = [];
const excluded = [];
let listOnly = false;
const folder = (p) => normalize(p).replace(/[\\/]+$/, '');
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--exclude') excluded.push(folder(args[++i] ?? ''));
  else if (args[i] === '--list') listOnly = true;
  else roots.push(args[i]);
}
if (!roots.length) roots.push('src', 'test');
const files = [];
function walk(p) {
  if (excluded.includes(folder(p))) return;
  const st = statSync(p);
  if (st.isDirectory()) {
    for (const e of readdirSync(p)) if (e !== 'node_modules') walk(join(p, e));
  } else if (p.endsWith('.test.ts')) files.push(p);
}
for (const r of roots) walk(r);
files.sort();
if (!files.length) {
  console.error(`no test files under ${roots.join(', ')}`);
  process.exit(1);
}
if (listOnly) {
  console.log(files.join('\n'));
  process.exit(0);
}
const concurrency = process.env.TEST_CONCURRENCY ?? '2';
// Test processes inherit this environment. One switch for the whole suite: TEST_DATABASE_URL=postgres://… also
// moves tests that read TEST_PG_URL. Stack traces point into the TypeScript sources.
const env = process.env;
if (env.TEST_DATABASE_URL && !env.TEST_PG_URL) env.TEST_PG_URL = env.TEST_DATABASE_URL;
// The official Минстрой XML schemas are not part of the project: tests read the copies beside the checkout
// (../shared/xsd) unless XSD_DIR names another folder; without either, the tests that need them are skipped.
const sharedXsd = fileURLToPath(new URL('../../shared/xsd/', import.meta.url));
if (!env.XSD_DIR && existsSync(sharedXsd)) env.XSD_DIR = sharedXsd;
env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --enable-source-maps`.trim();
// The programs tests start (servers, operator commands, the children that run reviews) run through bin/drs.js,
// which takes dist/ when it is current: it is built here first, so they run what `npm start` runs.
const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const compiled = await compileTests();

const last = lastDurations();
const ordered = longestFirst(files, last);
const sourceOf = new Map(ordered.map((f) => [compiled.compiledPath(f), f]));

const took = {};
let failed = false;
// A test's file is its TypeScript source (through the source map) or, for a file that failed to load, its compiled path.
const sourceFileOf = (t) => sourceOf.get(t.file) ?? relative(process.cwd(), t.file);
const count = (t) => {
  if (t.nesting !== 0 || !t.file) return;
  const file = sourceFileOf(t);
  took[file] = (took[file] ?? 0) + t.details.duration_ms;
};
const stream = run({ files: [...sourceOf.keys()], concurrency: Number(concurrency) });
stream.on('test:pass', count);
stream.on('test:fail', (t) => {
  failed = true;
  count(t);
});
await pipeline(stream.compose(spec), process.stdout, { end: false });
saveDurations(last, took);
compiled.remove();
process.exitCode = failed ? 1 : 0;
