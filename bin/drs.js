#!/usr/bin/env node
// Operator CLI and server entry. Runs the JavaScript built into dist/ (scripts/build.mjs) when it is current,
// which starts fast and without the TypeScript loader; otherwise — a development checkout with edited
// sources, or DRS_FROM_SOURCES=1 (the test suite) — runs the TypeScript sources through tsx.
import { setFlagsFromString } from 'node:v8';
import { distIsCurrent } from '../scripts/dist-state.mjs';

// A serving process keeps V8's young generation at its first size (1 MiB per semi-space): by default the
// allocations of loading the program grow it to 16 MiB per semi-space, about 30 MiB of resident memory an API
// node never gives back, while a poll's garbage dies young and fits the small one. Set before the program is
// loaded, in the process only: the children that run reviews (started with process.execArgv) keep V8's default.
// Memory settings the operator chose (node flags or NODE_OPTIONS) are left as they are, e.g. V8's default
// young generation back with NODE_OPTIONS=--max-semi-space-size=16 for some 10 % less CPU per poll.
const operatorChose = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((flag) => /semi-space|optimize-for-size/.test(flag));
if (process.argv[2] === 'serve' && !operatorChose) {
  setFlagsFromString('--semi-space-growth-factor=1');
  // V8's memory-saving mode (a smaller heap growing step, less retained compiler data): about 5 MiB less.
  setFlagsFromString('--optimize-for-size');
}

const root = new URL('..', import.meta.url).pathname;
if (process.env.DRS_FROM_SOURCES !== '1' && distIsCurrent(root)) {
  await import('../dist/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
