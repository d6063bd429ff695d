/**
 * The HTTP surface organised one way (README, «Layers»): a route file per resource holds only the wiring —
 * parse, call the domain, present; its schemas come from src/http/schemas/ and its bodies from src/http/presenters/.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import test from 'node:test';
import { moduleSpecifiers, SRC_ROOT, sourceFiles } from './source-graph.ts';

const production = (dir: string) => sourceFiles(join(SRC_ROOT, dir)).filter((f) => !f.endsWith('.test.ts'));
const read = (file: string) => readFileSync(file, 'utf8');

/** Route files that are plumbing rather than a resource. */
const NOT_RESOURCES = new Set(['index.ts', 'json-body.ts']);

test('route files declare no schemas of their own', () => {
  const routes = production('http/routes');
  assert.ok(routes.length >= 10, `found only ${routes.length} route files`);
  const offending = routes.filter((f) => moduleSpecifiers(f, read(f)).includes('@sinclair/typebox') || /\bType\.\w+\(/.test(read(f)));
  assert.deepEqual(offending, [], 'move these schemas to src/http/schemas/<resource>.ts');
});

test('every resource route file has its schema file', () => {
  const missing = production('http/routes')
    .map((f) => basename(f))
    .filter((name) => !NOT_RESOURCES.has(name))
    .filter((name) => !production('http/schemas').some((s) => basename(s) === name));
  assert.deepEqual(missing, [], 'add src/http/schemas/<resource>.ts for these routes');
});

test('presenters are pure: domain objects in, JSON out — no store, no HTTP framework, no I/O', () => {
  const forbidden = /^(kysely|fastify|@fastify\/|node:fs|node:net|node:http|pg|better-sqlite3)/;
  const presenters = production('http/presenters');
  assert.ok(presenters.length >= 5, `found only ${presenters.length} presenters`);
  const offending = presenters.flatMap((f) =>
    moduleSpecifiers(f, read(f))
      .filter((s) => forbidden.test(s) || (s.startsWith('.') && !/^(\.\/|\.\.\/\.\.\/(kernel|domain)\/)/.test(s)))
      .map((s) => `${f}: ${s}`),
  );
  assert.deepEqual(offending, [], 'a presenter reads only kernel types, domain helpers and other presenters');
});
