/**
 * Review engine benchmark. Prints one JSON line:
 *  - pages per second of reading + checks on a 500-page set of PDFs, as a ratio to `pdftotext` (poppler)
 *    extracting the same PDFs in the same run (goal ≥ 1.0), median of three rounds, each ratio taken within its round:
 *    the first review of a just-started worker (it has warmed up at start, as src/pipeline/worker.ts does), a review in
 *    a bare process that has never reviewed (cold: probes, expression compiling and cold code included), and a second
 *    review in one process (a worker's steady state); the marginal speed of pages 501–2000 is printed too;
 *  - the PDF reader used: the native `mutool` when installed, else mupdf's WebAssembly build (PDF_READER=wasm
 *    measures the fallback);
 *  - peak RSS of a review of 100, 500 and 2 000 pages, each in a fresh process (should stay flat).
 * Run: node --import tsx bench/review.ts   (or: npm run bench -- bench/review.ts)
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { reviewSet } from '../src/review/engine.ts';
import { loadConfig, readingSettingsOf } from '../src/config.ts';
import { mutoolAvailable } from '../src/review/extract/mutool-reader.ts';
import { closeIdleReaders } from '../src/review/extract/pdf-reader.ts';
import { warmUpReview } from '../src/review/warm-up.ts';
import { DOCSET_ITEMS } from '../src/kernel/docset.ts';
import type { ReviewDocument, ReviewInput } from '../src/review/types.ts';
import { designVolumes, PAGES_PER_DOC, writeDesignSet, type DesignVolume } from './design-set.ts';

const ROUNDS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** A volume as the review is given it. */
const reviewDocument = (v: DesignVolume): ReviewDocument => ({
  index: v.index,
  name: v.name,
  kind: v.section,
  role: 'review',
  format: 'pdf',
  path: v.path,
  pdfPath: v.path,
  pages: PAGES_PER_DOC,
  pageFrom: (v.index - 1) * PAGES_PER_DOC + 1,
});

const makeSet = async (dir: string, pages: number): Promise<ReviewDocument[]> => (await writeDesignSet(dir, pages)).map(reviewDocument);

const input = (docs: ReviewDocument[], workDir: string): ReviewInput => ({
  documents: docs,
  objectAddress: null,
  userRequest: null,
  workDir,
  profile: DOCSET_ITEMS.map((i) => ({ code: i.code, title: i.title, required: i.required })),
});

/** pdftotext over the same files, one process per file as a service would call it. */
function pdftotextSeconds(docs: ReviewDocument[]): number {
  const t = process.hrtime.bigint();
  for (const d of docs) {
    const r = spawnSync('pdftotext', ['-layout', d.pdfPath!, '-'], { stdio: ['ignore', 'ignore', 'ignore'] });
    if (r.status !== 0) throw new Error(`pdftotext failed on ${d.pdfPath}`);
  }
  return Number(process.hrtime.bigint() - t) / 1e9;
}

/** Child mode: review the first `pages` pages of the prepared set and report peak memory. */
const benchDocs = (dir: string, pages: number): ReviewDocument[] => designVolumes(dir, pages).map(reviewDocument);

/** What the service would read with: DOCUMENT_TIMEOUT_MS, REVIEW_READERS, PDF_READER (wasm measures the fallback). */
const reading = readingSettingsOf(loadConfig());

async function childRss(dir: string, pages: number, warmUp = false): Promise<void> {
  const docs = benchDocs(dir, pages);
  if (warmUp) await warmUpReview(reading);
  let readerKb = 0;
  const t = process.hrtime.bigint();
  const out = await reviewSet(input(docs, dir), undefined, {
    ...reading,
    onReaderStats: (s) => {
      readerKb = s.childMaxRssKb;
    },
  });
  const seconds = Number(process.hrtime.bigint() - t) / 1e9;
  process.stdout.write(
    JSON.stringify({
      pages: out.usage.pages_read,
      seconds: +seconds.toFixed(2),
      rss_mb: Math.round(process.resourceUsage().maxRSS / 1024),
      reader_rss_mb: Math.round(readerKb / 1024),
    }),
  );
}

/** Child mode: review the same pages twice in one process, as a worker does with its warm readers; time the second. */
async function childWarm(dir: string, pages: number): Promise<void> {
  const docs = benchDocs(dir, pages);
  await reviewSet(input(docs, dir), undefined, reading);
  const t = process.hrtime.bigint();
  const out = await reviewSet(input(docs, dir), undefined, reading);
  const seconds = Number(process.hrtime.bigint() - t) / 1e9;
  await closeIdleReaders();
  process.stdout.write(
    JSON.stringify({ pages: out.usage.pages_read, seconds: +seconds.toFixed(2), rss_mb: Math.round(process.resourceUsage().maxRSS / 1024), reader_rss_mb: 0 }),
  );
}

function runChild(
  dir: string,
  pages: number,
  mode: '--rss' | '--worker' | '--warm' = '--rss',
): Promise<{ pages: number; seconds: number; rss_mb: number; reader_rss_mb: number }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), mode, dir, String(pages)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    p.on('error', reject);
    p.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`child exited with ${code}`))));
  });
}

async function main(): Promise<void> {
  if (process.argv[2] === '--rss') return childRss(process.argv[3]!, Number(process.argv[4]));
  if (process.argv[2] === '--worker') return childRss(process.argv[3]!, Number(process.argv[4]), true);
  if (process.argv[2] === '--warm') return childWarm(process.argv[3]!, Number(process.argv[4]));
  const dir = await mkdtemp(join(tmpdir(), 'drs-bench-review-'));
  try {
    const all = await makeSet(dir, 2000);
    const set500 = all.slice(0, 500 / PAGES_PER_DOC);
    pdftotextSeconds(set500.slice(0, 2)); // warm the page cache for both contenders
    // Peak memory and the marginal speed: each size reviewed once in a fresh process, as a worker would.
    const runs: Record<string, Awaited<ReturnType<typeof runChild>>> = {};
    for (const n of [100, 500, 2000]) runs[String(n)] = await runChild(dir, n);
    // Speed: ROUNDS rounds of pdftotext and the three reviews of the same 500 pages, each ratio taken within its
    // round so a burst of load on this shared machine spoils one round, not the result; medians reported.
    const rounds: { base: number; worker: number; cold: number; warm: number }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const base = pdftotextSeconds(set500);
      const worker = await runChild(dir, 500, '--worker');
      const cold = await runChild(dir, 500);
      const warm = await runChild(dir, 500, '--warm');
      rounds.push({ base, worker: worker.seconds, cold: cold.seconds, warm: warm.seconds });
    }
    const basePps = 500 / median(rounds.map((r) => r.base));
    const worker = rounds.map((r) => r.base / r.worker);
    const cold = rounds.map((r) => r.base / r.cold);
    const warm = rounds.map((r) => r.base / r.warm);
    const marginal = 1500 / (runs['2000']!.seconds - runs['500']!.seconds);
    const range = (xs: number[]) => [+Math.min(...xs).toFixed(2), +Math.max(...xs).toFixed(2)];
    console.log(
      JSON.stringify({
        bench: 'review',
        reader: loadConfig().pdfReader === 'auto' && (await mutoolAvailable()) ? 'mutool' : 'wasm',
        pages: 500,
        rounds: ROUNDS,
        pdftotext_pages_per_s: +basePps.toFixed(1),
        review_pages_per_s: +(500 / median(rounds.map((r) => r.worker))).toFixed(1),
        // the first review of a worker process that has just started (and warmed up at start)
        ratio_to_pdftotext: +median(worker).toFixed(2),
        ratio_range: range(worker),
        // a review in a bare process that has never reviewed: tool probes, expression compiling and cold code included
        cold_ratio_to_pdftotext: +median(cold).toFixed(2),
        cold_ratio_range: range(cold),
        // a second review of the same 500 pages in one process, as in a worker that has reviewed before
        warm_ratio_to_pdftotext: +median(warm).toFixed(2),
        warm_ratio_range: range(warm),
        // pages 501–2000 of the larger run, against the median pdftotext speed
        marginal_ratio_to_pdftotext: +(marginal / basePps).toFixed(2),
        peak_rss_mb: Object.fromEntries(Object.entries(runs).map(([k, r]) => [k, { review: r.rss_mb, reader: r.reader_rss_mb, seconds: r.seconds }])),
      }),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
