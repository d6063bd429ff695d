// Compiles the TypeScript that tests run (src, test, bench, client) into .tmp/compiled/, one JavaScript file per
// source at the same relative path with its relative imports renamed to .js, so each test process starts on plain
// JavaScript instead of loading a TypeScript loader and compiling on the fly (about a second of CPU per file).
// Every file of those folders (the TypeScript too, for tests that read sources) and every other entry of the
// checkout (assets, docs, package.json…) is linked into the same place, so paths a module builds from
// import.meta.url (workers, fonts, fixtures, generated types) still lead to them.
// Types are not checked here: `npm test` runs tsc first. Used by scripts/run-tests.mjs.
import { mkdirSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
export const COMPILED = join(root, '.tmp', 'compiled');
const COMPILED_ROOTS = ['src', 'test', 'bench', 'client'];
const SKIPPED = new Set(['node_modules', 'dist']);

/** The compiled path of a source file (`test/x.test.ts` → `<COMPILED>/test/x.test.js`). */
export const compiledPath = (source) => join(COMPILED, relative(root, resolve(source))).replace(/\.ts$/, '.js');

/** Replaces .tmp/compiled/ with a fresh compilation of today's sources. */
export async function compileTests() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (!statSync(path).isDirectory()) files.push(path);
      else if (!SKIPPED.has(entry)) walk(path);
    }
  };
  for (const r of COMPILED_ROOTS) walk(join(root, r));

  rmSync(COMPILED, { recursive: true, force: true });
  await build({
    entryPoints: files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')),
    outdir: COMPILED,
    outbase: root,
    // Bundling with every import left outside is what lets a plugin see (and rename) each import; nothing is inlined.
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'imports-as-compiled',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'entry-point') return undefined;
            const path = args.path.startsWith('.') ? args.path.replace(/\.ts$/, '.js') : args.path;
            return { path, external: true };
          });
        },
      },
    ],
  });

  const link = (from) => {
    const to = join(COMPILED, relative(root, from));
    mkdirSync(dirname(to), { recursive: true });
    symlinkSync(from, to);
  };
  for (const path of files) link(path);
  for (const entry of readdirSync(root)) if (!entry.startsWith('.') && !COMPILED_ROOTS.includes(entry)) link(join(root, entry));
}
