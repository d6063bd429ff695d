/**
 * Repositories own all SQL: query-builder calls (`selectFrom`, `updateTable`, `insertInto`, `deleteFrom`, …),
 * transactions and `sql` template tags appear only under src/store/. Everything above it calls a repository
 * method that returns domain objects, so a change of the schema is a change of one folder.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import test from 'node:test';
import ts from 'typescript';
import { SRC_ROOT, sourceFiles } from './source-graph.ts';

/**
 * Files that still build queries outside the store, each only while its owner moves it into the leased-queue
 * module (issue 15, item 3). Remove an entry when its file no longer holds SQL: the test fails on stale ones.
 * A pattern ending in `/**` covers a folder.
 */
const NOT_YET_MOVED: Record<string, string> = {
  // The run worker: claim, lease renewal, stages and publication move to the leased queue and a repository.
  'pipeline/**': 'leased queue of runs',
  // The run state transitions (fail with refund), to be named functions in one place beside the leased queue.
  'domain/run-lifecycle.ts': 'run state transitions',
};

/** Methods of Kysely's query builder and connection that start a statement or a transaction. */
const QUERY_METHODS = new Set([
  'selectFrom',
  'selectNoFrom',
  'updateTable',
  'insertInto',
  'replaceInto',
  'deleteFrom',
  'mergeInto',
  'transaction',
  'startTransaction',
  'connection',
]);

/** `file:line: code` of every query-builder call and `sql` tag in a source text. */
export function sqlSites(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    return `${fileName}:${line + 1}: ${text.split('\n')[line]!.trim()}`;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && QUERY_METHODS.has(node.expression.name.text)) {
      found.push(at(node.expression.name));
    } else if (ts.isTaggedTemplateExpression(node) && /^sql\b/.test(node.tag.getText(file))) {
      found.push(at(node));
    } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'sql') {
      // sql.raw(…), sql.ref(…), sql.lit(…)
      found.push(at(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const rel = (path: string) => relative(SRC_ROOT, path).split('\\').join('/');
const allowedBy = (file: string) => Object.keys(NOT_YET_MOVED).find((entry) => (entry.endsWith('/**') ? file.startsWith(entry.slice(0, -2)) : file === entry));

const sitesOutsideStore = () =>
  sourceFiles()
    .filter((p) => !/\.test\.ts$|\.d\.mts$/.test(p) && !rel(p).startsWith('store/'))
    .flatMap((p) => sqlSites(`src/${rel(p)}`, readFileSync(p, 'utf8')));

test('SQL is written only in src/store/ (besides the files listed as not yet moved)', () => {
  const unexpected = sitesOutsideStore().filter((site) => !allowedBy(site.slice('src/'.length, site.indexOf(':'))));
  assert.deepEqual(unexpected, [], 'move these queries into a repository of src/store/repositories/ and call it');
});

test('every file listed as not yet moved still holds SQL', () => {
  const files = new Set(sitesOutsideStore().map((site) => site.slice('src/'.length, site.indexOf(':'))));
  const stale = Object.keys(NOT_YET_MOVED).filter((entry) => ![...files].some((f) => allowedBy(f) === entry));
  assert.deepEqual(stale, [], 'remove these entries from NOT_YET_MOVED');
});

test('the reader sees every form of a query', () => {
  const text = [
    "await db.selectFrom('runs').selectAll().execute();",
    'await trx',
    "  .updateTable('runs')",
    '  .set({ a: 1 });',
    "await db.insertInto('x').values(v).execute();",
    "await db.deleteFrom('x').execute();",
    'await db.transaction().execute(async () => 1);',
    'const t = sql<string>`now()`;',
    'const r = sql.raw("x");',
    "const notAQuery = 'selectFrom(';",
    'list.select((x) => x);',
  ].join('\n');
  const lines = sqlSites('x.ts', text).map((s) => Number(s.split(':')[1]));
  assert.deepEqual(lines, [1, 3, 5, 6, 7, 8, 9]);
});
