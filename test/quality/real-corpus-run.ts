/**
 * Reviews the real documents of real-corpus.json, one object at a time, as ONE set each — the way a client would
 * upload them (no section codes given; context roles for assignments and ГПЗУ), without the HTTP server: the files
 * are sniffed, prepared and numbered as the worker does (src/pipeline/stages/prepare.ts), then reviewSet runs.
 *
 *   node --import tsx test/quality/real-corpus-run.ts --part working --out /work/corpus/out-working
 *   node --import tsx test/quality/real-corpus-run.ts --expert ../shared/quality/expert-remarks.json --out /work/corpus/out-expert
 *        [--mirrors /work/.mirror] [--from <folder of <object>/<file name> or an earlier --out>] [--object <id>] [--facts]
 *
 * The documents come from the bare git mirrors the search tool's fetch brings (<mirrors>/<owner>+<name>/repo) or
 * from a folder of already extracted files; they are written under --out, which must lie outside the checkout.
 * A missing mirror or file never fails the run: the object is reviewed with what is there and the missing files
 * are listed with the fetch that brings them. Per object: result.json (findings, questions, warnings, the set as
 * read) and summary.txt; with --facts also facts.json, what was read of each document (its stamps, names, addresses,
 * values…), to tell a reading slip from a check's.
 */
import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig, readingSettingsOf } from '../../src/config.ts';
import { assignPageNumbers, closePreparation, guessKind, prepareDocument, sniffFile } from '../../src/ingest/index.ts';
import type { DocFormat, PreparedDocument } from '../../src/ingest/types.ts';
import { DOCSET_ITEMS } from '../../src/kernel/docset.ts';
import { checkSet, readSet } from '../../src/review/engine.ts';
import { closeIdleReaders } from '../../src/review/extract/pdf-reader.ts';
import type { ReviewDocument } from '../../src/review/types.ts';
import {
  CORPUS_PARTS,
  type CorpusDocument,
  expertRuns,
  type CorpusPart,
  fileNameOf,
  mirrorGitDir,
  missingMessage,
  objectsOf,
  parseRealCorpus,
  summaryText,
} from './real-corpus.ts';

const here = dirname(fileURLToPath(import.meta.url));
const checkout = resolve(here, '../..');

const { values: args } = parseArgs({
  options: {
    part: { type: 'string' },
    // the expert's objects (../shared/quality/expert-remarks.json) instead of a part of the corpus list
    expert: { type: 'string' },
    out: { type: 'string' },
    mirrors: { type: 'string', default: '/work/.mirror' },
    from: { type: 'string' },
    object: { type: 'string' },
    facts: { type: 'boolean', default: false },
  },
});
const part = args.part as CorpusPart;
if ((!CORPUS_PARTS.includes(part) && !args.expert) || !args.out) {
  console.error(
    'usage: real-corpus-run.ts --part working|held-out | --expert <expert-remarks.json> --out <folder outside the checkout> [--mirrors <dir>] [--from <dir>] [--object <id>] [--facts]',
  );
  process.exit(2);
}
const outRoot = resolve(args.out);
if (!relative(checkout, outRoot).startsWith('..')) {
  console.error(`--out ${outRoot} lies inside the checkout; real documents are never kept there`);
  process.exit(2);
}

if (args.from && resolve(args.from) === outRoot) {
  console.error('--from and --out must differ: each object folder under --out is cleared before its files are written');
  process.exit(2);
}

/** Writes one listed document into dir, from the extracted folder or the repository's mirror; says why when it cannot. */
async function bring(d: CorpusDocument, dir: string): Promise<string | null> {
  const target = join(dir, fileNameOf(d.path));
  if (args.from) {
    // <object>/<file name>, or the files/ folder of an earlier run's --out.
    const source = [join(resolve(args.from), d.object, fileNameOf(d.path)), join(resolve(args.from), d.object, 'files', fileNameOf(d.path))].find((p) =>
      existsSync(p),
    );
    if (!source) return `not in ${args.from}`;
    await copyFile(source, target);
    return null;
  }
  const gitDir = mirrorGitDir(args.mirrors!, d.repo);
  if (!existsSync(gitDir)) return `no mirror at ${gitDir}`;
  const spec = `${d.commit}:${d.path}`;
  if (spawnSync('git', ['--git-dir', gitDir, 'cat-file', '-e', spec]).status !== 0) {
    return 'not in the mirror (a snapshot leaves out files of 4 MiB and more, and history it does not hold)';
  }
  const blob = spawnSync('git', ['--git-dir', gitDir, 'cat-file', 'blob', spec], { maxBuffer: 512 * 1024 * 1024 });
  if (blob.status !== 0) return `git could not read it: ${blob.stderr.toString().trim()}`;
  await writeFile(target, blob.stdout);
  return null;
}

const engineCommit = spawnSync('git', ['-C', checkout, 'rev-parse', 'HEAD']).stdout.toString().trim();
const corpus = parseRealCorpus(await readFile(join(here, 'real-corpus.json'), 'utf8'));
const config = loadConfig();
const missing: { document: CorpusDocument; why: string }[] = [];

const runs = args.expert ? expertRuns(await readFile(resolve(args.expert), 'utf8'), corpus) : objectsOf(corpus, part);
for (const { object, documents } of runs) {
  if (args.object && args.object !== object.id) continue;
  const objectDir = join(outRoot, object.id);
  const filesDir = join(objectDir, 'files');
  await rm(objectDir, { recursive: true, force: true });
  await mkdir(filesDir, { recursive: true });
  const present: CorpusDocument[] = [];
  for (const d of documents) {
    const why = await bring(d, filesDir);
    if (why) missing.push({ document: d, why });
    else present.push(d);
  }
  if (!present.some((d) => d.role === 'review')) {
    console.log(`${object.id}: nothing to review (every reviewed document is missing)`);
    continue;
  }
  const started = Date.now();
  const prepared: { d: CorpusDocument; name: string; path: string; format: DocFormat; result: PreparedDocument; kind: string | null }[] = [];
  for (const [i, d] of present.entries()) {
    const name = fileNameOf(d.path);
    const path = join(filesDir, name);
    const sniffed = await sniffFile(path);
    if (sniffed.kind !== 'document') {
      console.log(`${object.id}: ${name} skipped — not a document the service reads (${sniffed.kind})`);
      continue;
    }
    const result = await prepareDocument({ path, format: sniffed.format, name }, join(objectDir, 'prepare', String(i + 1)), {
      timeoutMs: config.documentTimeoutMs,
    });
    prepared.push({ d, name, path, format: sniffed.format, result, kind: guessKind(name, result.firstPageText ?? null) });
  }
  const numbering = assignPageNumbers(prepared.map((p) => p.result.pages));
  const reviewDocuments: ReviewDocument[] = prepared.map((p, i) => ({
    index: i + 1,
    name: p.name,
    kind: p.kind,
    role: p.d.role,
    format: p.format,
    path: p.path,
    pdfPath: p.result.pdfPath,
    pages: p.result.pages,
    pageFrom: numbering[i]!.page_from,
  }));
  const input = {
    documents: reviewDocuments,
    objectAddress: null,
    userRequest: null,
    profile: DOCSET_ITEMS.map((i) => ({ code: i.code, title: i.title, required: i.required })),
    workDir: join(objectDir, 'review'),
  };
  const read = await readSet(input, undefined, readingSettingsOf(config));
  const outcome = checkSet(input, read);
  // Maps and Sets (norm citations per designation…) written as objects and lists
  const plain = (_: string, v: unknown) => (v instanceof Map ? Object.fromEntries(v) : v instanceof Set ? [...v] : v);
  if (args.facts) await writeFile(join(objectDir, 'facts.json'), `${JSON.stringify(read.docs, plain, 1)}\n`);
  // Preparation warnings join the result as the pipeline's review stage adds them.
  for (const [i, p] of prepared.entries()) for (const w of p.result.warnings) outcome.warnings.push({ code: 'prepare', message: w, doc_index: i + 1 });
  const names = reviewDocuments.map((d) => d.name);
  await writeFile(
    join(objectDir, 'result.json'),
    `${JSON.stringify(
      {
        object: object.id,
        part: args.expert ? 'expert' : part,
        engine_commit: engineCommit,
        reviewed_at: new Date().toISOString(),
        seconds: Math.round((Date.now() - started) / 1000),
        documents: reviewDocuments.map((d) => ({
          index: d.index,
          name: d.name,
          listed_kind: prepared[d.index - 1]!.d.kind,
          kind_guess: d.kind,
          role: d.role,
          format: d.format,
          pages: d.pages,
        })),
        missing: missing.filter((m) => m.document.object === object.id).map((m) => ({ path: m.document.path, why: m.why })),
        ...outcome,
      },
      null,
      2,
    )}\n`,
  );
  const summary = summaryText(object.id, names, outcome);
  await writeFile(join(objectDir, 'summary.txt'), summary);
  await rm(join(objectDir, 'prepare'), { recursive: true, force: true });
  await rm(join(objectDir, 'review'), { recursive: true, force: true });
  process.stdout.write(`${summary}\n`);
}

if (missing.length > 0) console.log(missingMessage(missing));
await closePreparation();
await closeIdleReaders();
