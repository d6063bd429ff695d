#!/usr/bin/env node
// Operator CLI and server entry. Runs the JavaScript built into dist/ (scripts/build.mjs) when it is current,
// which starts fast and without the TypeScript loader; otherwise — a development checkout with edited
// sources, or DRS_FROM_SOURCES=1 (the test suite) — runs the TypeScript sources through tsx.
import { distIsCurrent } from '../scripts/dist-state.mjs';

const root = new URL('..', import.meta.url).pathname;
if (process.env.DRS_FROM_SOURCES !== '1' && distIsCurrent(root)) {
  await import('../dist/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
}
