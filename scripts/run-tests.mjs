#!/usr/bin/env node
// Finds every *.test.ts under the given roots (default: src and test) and runs them with node:test via tsx.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['src', 'test'];
const files = [];
function walk(p) {
  const st = statSync(p);
  if (st.isDirectory()) {
    for (const e of readdirSync(p)) if (e !== 'node_modules') walk(join(p, e));
  } else if (p.endsWith('.test.ts')) files.push(p);
}
for (const r of roots) walk(r);
files.sort();
const concurrency = process.env.TEST_CONCURRENCY ?? '2';
const res = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files],
  { stdio: 'inherit' },
);
process.exit(res.status ?? 1);
