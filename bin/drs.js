#!/usr/bin/env node
// Operator CLI and server entry. Runs the JavaScript built into dist/ (scripts/build.mjs) when it is current,
// which starts fast and without the TypeScript loader; otherwise — a development checkout with edited
// sources, or DRS_FROM_SOURCES=1 — runs the TypeScript sources through tsx.
import { setFlagsFromString } from 'node:v8';
import { distIsCurrent } from '../scripts/dist-state.mjs';

// A serving process runs V8 in its memory-saving mode (--optimize-for-size: a smaller heap growing step, less
// retained compiler data), which keeps an idle API node some 30 MiB smaller at no measurable cost per poll
// (bench/api.ts --v8-defaults). Set before the program is loaded, in the process only: the children that run
// reviews (started with process.execArgv) keep V8's defaults. Memory settings the operator chose (node flags or
// NODE_OPTIONS) are left as they are.
const operatorChose = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((flag) => /semi-space|optimize-for-size|old-space/.test(flag));
if (process.argv[2] === 'serve' && !operatorChose) setFlagsFromString('--optimize-for-size');

const root = new URL('..', import.meta.url).pathname;
if (process.env.DRS_FROM_SOURCES !== '1' && distIsCurrent(root)) {
  await import('../dist/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
