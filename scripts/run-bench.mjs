#!/usr/bin/env node
// Runs every benchmark in bench/ (or the ones named) one after another; each prints one JSON line.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const named = process.argv.slice(2);
const files = (
  named.length
    ? named
    : readdirSync('bench')
        .filter((f) => f.endsWith('.ts'))
        .map((f) => `bench/${f}`)
).sort();
let failed = 0;
for (const file of files) {
  console.error(`== ${file}`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', file], { stdio: 'inherit' });
  if (res.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
