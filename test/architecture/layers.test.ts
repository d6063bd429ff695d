/**
 * The layering of src/ (README, «How it works»), enforced: every import between top folders must be in
 * ALLOWED, and no group of files may import each other in a cycle. Type-only imports count too: a type
 * shared across layers belongs to the lower one.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { fileCycles, importEdges, layerOf, moduleSpecifiers, SRC_ROOT, type ImportEdge } from './source-graph.ts';

/**
 * Which layers each layer may import (besides itself), bottom to top. The kernel imports nothing of the
 * app; store and blobs sit on it; ingest, review and report are the processing libraries; notify owns the
 * webhook outbox the domain writes into run transactions; isolation starts and watches the child processes that
 * carry runs, PDF builds, registers, archive previews and page pictures; domain is the request-side services; pipeline, http and cli drive them (http/presenters/
 * turns domain objects into the contract's JSON for the API, the cabinet and the operator commands alike); app
 * composes the HTTP API (with the children its requests share) and main is the entry point.
 */
export const ALLOWED: Record<string, readonly string[]> = {
  kernel: [],
  config: [],
  store: ['kernel', 'config'],
  blobs: ['kernel', 'config'],
  ingest: ['kernel'],
  review: ['kernel', 'ingest'],
  report: ['kernel', 'store', 'blobs'],
  notify: ['kernel', 'config', 'store'],
  isolation: ['kernel', 'store', 'ingest', 'report'],
  domain: ['kernel', 'config', 'store', 'blobs', 'ingest', 'notify', 'isolation'],
  pipeline: ['kernel', 'config', 'store', 'blobs', 'ingest', 'review', 'report', 'notify', 'isolation', 'domain'],
  http: ['kernel', 'config', 'store', 'blobs', 'ingest', 'report', 'notify', 'isolation', 'domain'],
  cabinet: ['kernel', 'config', 'store', 'blobs', 'isolation', 'domain', 'http'],
  cli: ['kernel', 'config', 'store', 'notify', 'domain'],
  app: ['kernel', 'config', 'store', 'blobs', 'isolation', 'domain', 'http', 'cabinet'],
  main: ['kernel', 'config', 'store', 'blobs', 'ingest', 'review', 'notify', 'isolation', 'domain', 'pipeline', 'http', 'cli', 'app'],
};

/** Production code only: unit tests beside modules may also use test/ helpers, and nothing imports a test. */
const productionEdges = () => importEdges().filter((e) => !e.from.endsWith('.test.ts'));

const describe = (e: ImportEdge) => `src/${e.from} → src/${e.to} (${layerOf(e.from)} → ${layerOf(e.to)})`;

test('the import reader sees every form of import', () => {
  const text = [
    "import a from './a.ts';",
    "import type { B } from '../b.ts';",
    "export { c } from './c.ts';",
    "export * from './d.ts';",
    "const e = await import('./e.ts');",
    "type F = import('./f.ts').F;",
    "const g = new URL('./g.mjs', import.meta.url);",
    "import 'node:fs';",
    'const notAnImport = \'from "./h.ts"\';',
  ].join('\n');
  assert.deepEqual(moduleSpecifiers('x.ts', text), ['./a.ts', '../b.ts', './c.ts', './d.ts', './e.ts', './f.ts', './g.mjs', 'node:fs']);
  const js = [
    "import { h } from './dom.js';",
    "/** @import { Run } from '../api-types.ts' */",
    '/** @param {Run} run */',
    'export const f = (run) => h(run);',
  ].join('\n');
  assert.deepEqual(moduleSpecifiers('x.js', js), ['./dom.js', '../api-types.ts']);
});

test('every top folder and top file of src/ has a row in the layer table', () => {
  const layers = new Set(productionEdges().flatMap((e) => [layerOf(e.from), layerOf(e.to)]));
  const missing = [...layers].filter((l) => !(l in ALLOWED));
  assert.deepEqual(missing, [], `add these to ALLOWED in test/architecture/layers.test.ts: ${missing.join(', ')}`);
});

test('the layer table itself has no cycle', () => {
  const visiting = new Set<string>();
  const done = new Set<string>();
  const visit = (layer: string, path: string[]): void => {
    if (done.has(layer)) return;
    assert.ok(!visiting.has(layer), `layer cycle: ${[...path, layer].join(' → ')}`);
    visiting.add(layer);
    for (const below of ALLOWED[layer] ?? []) visit(below, [...path, layer]);
    visiting.delete(layer);
    done.add(layer);
  };
  for (const layer of Object.keys(ALLOWED)) visit(layer, []);
});

test('every import between folders of src/ is allowed by the layer table', () => {
  const edges = productionEdges();
  assert.ok(edges.length > 500, `the import reader found only ${edges.length} imports in src/`);
  const outside = edges.filter((e) => e.to.startsWith('../'));
  assert.deepEqual(outside.map(describe), [], 'production code imports files outside src/');
  const unresolved = edges.filter((e) => !existsSync(join(SRC_ROOT, e.to)));
  assert.deepEqual(
    unresolved.map((e) => `src/${e.from}: ${e.specifier}`),
    [],
    'imports of files that do not exist',
  );
  const forbidden = edges.filter((e) => {
    const from = layerOf(e.from);
    const to = layerOf(e.to);
    return from !== to && !(ALLOWED[from] ?? []).includes(to);
  });
  assert.deepEqual(forbidden.map(describe), [], 'imports against the layering (move the shared piece down, or change ALLOWED with a reason)');
});

test('no files of src/ import each other in a cycle', () => {
  const cycles = fileCycles(productionEdges());
  assert.deepEqual(
    cycles.map((c) => c.map((f) => `src/${f}`).join(' → ')),
    [],
    'import cycles between files (extract the piece both need into a lower module)',
  );
});

test('the cycle finder reports a cycle with its path', () => {
  const edge = (from: string, to: string): ImportEdge => ({ from, to, specifier: to });
  const cycles = fileCycles([edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('c.ts', 'a.ts'), edge('c.ts', 'd.ts')]);
  assert.deepEqual(cycles, [['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  assert.deepEqual(fileCycles([edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts')]), []);
});
