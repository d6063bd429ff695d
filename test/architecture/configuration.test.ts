/**
 * Configuration is read in one place: src/config.ts turns the environment into a typed Config once, the entry
 * point (src/main.ts) calls it, and everything else is handed what it needs. A module that read the environment
 * itself would silently ignore what the operator configured for the process that called it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import test from 'node:test';
import ts from 'typescript';
import { ROOT } from '../helpers/server.ts';
import { SRC_ROOT, sourceFiles } from './source-graph.ts';

/**
 * Uses of process.env outside config.ts that are not configuration, each with why. A new entry needs the same:
 * a setting of the service belongs in Config.
 */
const NOT_CONFIGURATION: Record<string, string> = {
  // The operating system's search path, read the way a shell (and spawn itself) finds an optional tool.
  'ingest/tools.ts: process.env.PATH': 'tool lookup on PATH',
  // tesseract inherits this process's environment, as any spawned tool does, with OpenMP held to one thread.
  'review/extract/ocr.ts: ...process.env': 'environment of a child process',
  // the same for the tesseract a page render starts for the words of a scan
  'isolation/page-render-child.mjs: ...process.env': 'environment of a child process',
};

/** Every `process.env` in a file, with the expression around it (`process.env.X`, `...process.env`, `process.env[…]`). */
function environmentReads(path: string): string[] {
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && node.getText(file).replace(/\s+/g, '') === 'process.env') {
      const parent = node.parent;
      const around = ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent) || ts.isSpreadAssignment(parent) ? parent : node;
      found.push(around.getText(file));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const rel = (path: string) => relative(SRC_ROOT, path).split('\\').join('/');
const production = () => sourceFiles().filter((p) => !/\.test\.ts$|\.d\.mts$/.test(p));

test('process.env is read only in src/config.ts (and the uses listed as not configuration)', () => {
  const reads = production()
    .filter((p) => rel(p) !== 'config.ts')
    .flatMap((p) => environmentReads(p).map((expr) => `${rel(p)}: ${expr}`));
  const unexpected = reads.filter((r) => !(r in NOT_CONFIGURATION));
  assert.deepEqual(unexpected, [], 'read the setting in config.ts and pass it down');
  // the exceptions must still exist: a stale entry would let a real read slip in under its name later
  assert.deepEqual(
    Object.keys(NOT_CONFIGURATION).filter((k) => !reads.includes(k)),
    [],
    'remove stale entries',
  );
});

test('the environment reader sees every form of reading', () => {
  // the source as written (the file running may be its compiled form)
  const own = environmentReads(join(ROOT, 'test', 'architecture', 'configuration.test.ts'));
  // this file's own examples below, read as code
  assert.ok(own.includes('process.env.EXAMPLE_A'), own.join(', '));
  assert.ok(own.includes("process.env['EXAMPLE_B']"), own.join(', '));
  assert.ok(own.includes('...process.env'), own.join(', '));
});

test('loadConfig is called only by the entry point', () => {
  const callers = production().filter((p) => rel(p) !== 'config.ts' && /\bloadConfig\s*\(/.test(readFileSync(p, 'utf8')));
  assert.deepEqual(callers.map(rel), ['main.ts']);
});

// Examples for the reader's own test (never run).
export function examples(): unknown {
  // biome-ignore lint/complexity/useLiteralKeys: the bracket form is one of the forms the reader must see
  return [process.env.EXAMPLE_A, process.env['EXAMPLE_B'], { ...process.env }];
}
