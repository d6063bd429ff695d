/**
 * Reads the import graph of src/ with the TypeScript parser: static imports, `export … from`, `import type`,
 * dynamic `import()`, `import('…')` types, JSDoc `@import` tags (the cabinet's browser modules) and
 * `new URL('./x.mjs', import.meta.url)` (worker scripts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { ROOT } from '../helpers/server.ts';

export const SRC_ROOT = join(ROOT, 'src');

const CODE_FILE = /\.(?:ts|mts|mjs|js)$/;

/** Every source file under `root` (absolute paths, sorted), declaration files included. */
export function sourceFiles(root = SRC_ROOT): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (CODE_FILE.test(name)) out.push(path);
    }
  };
  walk(root);
  return out.sort();
}

/** Module specifiers a file's text refers to, in order of appearance. */
export function moduleSpecifiers(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  // `/** @import { T } from './x.ts' */` in the cabinet's browser modules: their type-only imports.
  const jsDocImports = new Set<string>();
  const visit = (node: ts.Node): void => {
    // Every JSDoc comment before the node (ts.getJSDocTags reads only the last one, and @import stands apart).
    for (const doc of (node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [])
      for (const tag of doc.tags ?? [])
        if (ts.isJSDocImportTag(tag) && ts.isStringLiteral(tag.moduleSpecifier) && !jsDocImports.has(tag.moduleSpecifier.text)) {
          jsDocImports.add(tag.moduleSpecifier.text);
          found.push(tag.moduleSpecifier.text);
        }
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push(node.moduleReference.expression.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'URL') {
      // new URL('./worker.mjs', import.meta.url): a script the module starts, so a dependency too.
      const [arg, base] = node.arguments ?? [];
      if (arg && ts.isStringLiteralLike(arg) && base && base.getText(file) === 'import.meta.url' && CODE_FILE.test(arg.text)) found.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

export interface ImportEdge {
  /** Importing file, relative to src/ with "/" separators. */
  from: string;
  /** Imported file, relative to src/ ("../test/x.ts" when it lies outside). */
  to: string;
  specifier: string;
}

const posix = (p: string) => p.split(sep).join('/');

/** Every relative import between files of src/ (package and node: imports are not part of the layering). */
export function importEdges(root = SRC_ROOT): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const path of sourceFiles(root)) {
    for (const specifier of moduleSpecifiers(path, readFileSync(path, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      edges.push({ from: posix(relative(root, path)), to: posix(relative(root, resolve(dirname(path), specifier))), specifier });
    }
  }
  return edges;
}

/** The layer a file belongs to: its top folder under src/, or its own name for a file at the top (app, main, config). */
export function layerOf(srcRelative: string): string {
  const parts = srcRelative.split('/');
  if (parts[0] === '..') return '(outside src)';
  return parts.length === 1 ? parts[0]!.replace(CODE_FILE, '') : parts[0]!;
}

/**
 * Cycles among files: one example cycle (a → b → … → a) for every strongly connected group of files
 * (Tarjan's algorithm, then a path back to the start inside the group).
 */
export function fileCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const connect = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      const selfLoop = (next.get(v) ?? []).includes(v);
      if (group.length > 1 || selfLoop) groups.push(group);
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) connect(v);
  return groups.map((group) => cycleThrough(group.sort()[0]!, new Set(group), next));
}

/** A shortest path from `start` back to itself inside one group (breadth-first). */
function cycleThrough(start: string, group: Set<string>, next: Map<string, string[]>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of next.get(v) ?? []) {
      if (!group.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let at = v; at !== start; at = cameFrom.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}
