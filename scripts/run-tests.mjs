#!/usr/bin/env node
// Finds every *.test.ts under the given roots (default: src and test) and runs them with node:test via tsx.
// `--exclude DIR` (repeatable) leaves a folder out: the test tiers in package.json are roots and exclusions.
// `--list` prints the files it would run and exits.
import { readdirSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { spawnSync } from 'node:child_process';

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
// One switch for the whole suite: TEST_DATABASE_URL=postgres://… also moves tests that read TEST_PG_URL.
const env = { ...process.env };
if (env.TEST_DATABASE_URL && !env.TEST_PG_URL) env.TEST_PG_URL = env.TEST_DATABASE_URL;
// In-process tests import the TypeScript sources. The programs tests start (servers, operator commands, the
// children that run reviews) run through bin/drs.js, which takes dist/ when it is current: it is built here
// first, so they run what `npm start` runs and start without compiling the sources each time.
const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const res = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files], {
  stdio: 'inherit',
  env,
});
process.exit(res.status ?? 1);
