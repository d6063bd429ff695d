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
// A young-generation size the operator chose (node flags or NODE_OPTIONS) is left as it is.
const youngGenerationChosen = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((flag) => flag.includes('semi-space'));
if (process.argv[2] === 'serve' && !youngGenerationChosen) setFlagsFromString('--semi-space-growth-factor=1');

const root = new URL('..', import.meta.url).pathname;
if (process.env.DRS_FROM_SOURCES !== '1' && distIsCurrent(root)) {
  await import('../dist/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
