// Compiles the TypeScript that tests run (src, test, bench, client) into .tmp/compiled/<pid>/, one JavaScript file per
// source at the same relative path with its relative imports renamed to .js, so each test process starts on plain
// JavaScript instead of loading a TypeScript loader and compiling on the fly (about a second of CPU per file).
// Every file of those folders (the TypeScript too, for tests that read sources) and every other entry of the
// checkout (assets, docs, package.json…) is linked into the same place, so paths a module builds from
// import.meta.url (workers, fonts, fixtures, generated types) still lead to them.
// Each test run compiles into a folder of its own, so runs at the same time (SQLite and PostgreSQL) never replace
// each other's files. Types are not checked here: `npm test` runs tsc first. Used by scripts/run-tests.mjs.
import { mkdirSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const RUNS = join(root, '.tmp', 'compiled');
const COMPILED_ROOTS = ['src', 'test', 'bench', 'client'];
const SKIPPED = new Set(['node_modules', 'dist']);

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};

/**
 * Compiles today's sources into .tmp/compiled/<this pid>/ (after removing the folders of runs that are gone) and
 * returns the compiled path of a source file (`test/x.test.ts` → `…/test/x.test.js`) and the removal of the folder.
 */
export async function compileTests() {
  mkdirSync(RUNS, { recursive: true });
  for (const entry of readdirSync(RUNS)) if (!(/^\d+$/.test(entry) && alive(Number(entry)))) rmSync(join(RUNS, entry), { recursive: true, force: true });
  const dir = join(RUNS, String(process.pid));

  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      if (!statSync(path).isDirectory()) files.push(path);
      else if (!SKIPPED.has(entry)) walk(path);
    }
  };
  for (const r of COMPILED_ROOTS) walk(join(root, r));

  await build({
    entryPoints: files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')),
    outdir: dir,
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
    const to = join(dir, relative(root, from));
    mkdirSync(dirname(to), { recursive: true });
    symlinkSync(from, to);
  };
  for (const path of files) link(path);
  for (const entry of readdirSync(root)) if (!entry.startsWith('.') && !COMPILED_ROOTS.includes(entry)) link(join(root, entry));
  return {
    compiledPath: (source) => join(dir, relative(root, resolve(source))).replace(/\.ts$/, '.js'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
