// Intake throughput: unpack + page count of ~500 PDF pages inside ZIP and 7z archives, against the
// baseline `7z x` + `pdfinfo` on the same archives in the same run.
// Run: node --import tsx bench/intake.ts   (prints one JSON line)
// The fixtures are generated first; the measurement runs in a fresh process so that its peak RSS is
// the intake's own and not the PDF generator's.
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yazl from 'yazl';
import { PdfReader, detectTools, prepareDocument, unpackUploads } from '../src/ingest/index.ts';
import { sevenZipWasm } from '../test/ingest/archive-builders.ts';
import { writePdf } from '../test/ingest/documents.ts';

const DOCS = 25;
const PAGES_PER_DOC = 20;
/** Vector line work per page: about 60 KB of drawing per page, like a light drawing sheet. */
const STROKES_PER_PAGE = 3000;
const NO_LIMITS = { maxFiles: 0, maxFileBytes: 0, maxTotalBytes: 0 };

if (process.argv[2] === '--measure') await measure(process.argv[3]!);
else await generateAndRun();

async function generateAndRun(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'drs-bench-intake-'));
  try {
    const src = join(root, 'src');
    await mkdir(join(src, 'ПД'), { recursive: true });
    for (let i = 1; i <= DOCS; i++) {
      await writePdf(join(src, 'ПД', `24-017-${String(i).padStart(2, '0')}-КР.pdf`), PAGES_PER_DOC, `Том ${i}`, STROKES_PER_PAGE);
    }
    const zip = new yazl.ZipFile();
    for (const n of await readdir(join(src, 'ПД'))) zip.addFile(join(src, 'ПД', n), `ПД/${n}`);
    zip.end();
    const out = createWriteStream(join(root, 'set.zip'));
    zip.outputStream.pipe(out);
    await once(out, 'finish');
    await sevenZipWasm(src, join(root, 'set.7z'));
    const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--measure', root], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    process.stdout.write(r.stdout);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

async function measure(root: string): Promise<void> {
  let unpackedBytes = 0;
  for (const n of await readdir(join(root, 'src', 'ПД'))) unpackedBytes += (await stat(join(root, 'src', 'ПД', n))).size;
  const tools = await detectTools();
  const reader = new PdfReader();
  // The service keeps its reader child alive; start it before timing so that both rounds see the steady state.
  const firstPdf = (await readdir(join(root, 'src', 'ПД')))[0]!;
  await reader.read(join(root, 'src', 'ПД', firstPdf), 60_000);
  let readerPeakKb = 0;
  const results: Record<string, unknown> = {};
  for (const label of ['zip', '7z'] as const) {
    const archive = join(root, `set.${label}`);
    const runDir = join(root, `run-${label}`);
    const t0 = performance.now();
    const intake = await unpackUploads([{ name: `set.${label}`, path: archive, size: (await stat(archive)).size, sha256: '' }], runDir, NO_LIMITS);
    const unpackS = (performance.now() - t0) / 1000;
    let pages = 0;
    for (const d of intake.documents) {
      const p = await prepareDocument({ path: d.path, format: d.format, name: d.name }, join(runDir, 'w'), { timeoutMs: 60_000, pdfReader: reader });
      pages += p.pages ?? 0;
    }
    const oursS = (performance.now() - t0) / 1000;
    readerPeakKb = Math.max(readerPeakKb, await vmHwmKb(reader.pid));

    let baselineS: number | null = null;
    if (tools.sevenZip && tools.pdfinfo) {
      const dir = join(root, `base-${label}`);
      const t1 = performance.now();
      spawnSync(tools.sevenZip, ['x', '-y', `-o${dir}`, archive], { stdio: 'ignore' });
      let basePages = 0;
      for (const n of await readdir(join(dir, 'ПД'))) {
        const info = spawnSync(tools.pdfinfo, [join(dir, 'ПД', n)], { encoding: 'utf8' }).stdout;
        basePages += Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
      }
      baselineS = (performance.now() - t1) / 1000;
      if (basePages !== pages) throw new Error(`page counts differ: ours ${pages}, pdfinfo ${basePages}`);
    }
    const mb = unpackedBytes / 1024 / 1024;
    results[label] = {
      documents: intake.documents.length,
      pages,
      mb: +mb.toFixed(2),
      ours_s: +oursS.toFixed(3),
      ours_unpack_s: +unpackS.toFixed(3),
      ours_page_count_s: +(oursS - unpackS).toFixed(3),
      ours_mb_s: +(mb / oursS).toFixed(2),
      ours_pages_s: +(pages / oursS).toFixed(1),
      baseline_s: baselineS === null ? null : +baselineS.toFixed(3),
      baseline_mb_s: baselineS === null ? null : +(mb / baselineS).toFixed(2),
      baseline_pages_s: baselineS === null ? null : +(pages / baselineS).toFixed(1),
      // Above 1: the intake takes that many times longer than the command-line baseline.
      time_ratio_vs_baseline: baselineS === null ? null : +(oursS / baselineS).toFixed(2),
    };
  }
  reader.close();
  console.log(
    JSON.stringify({
      bench: 'intake',
      ...results,
      peak_rss_mb: +(process.resourceUsage().maxRSS / 1024).toFixed(1),
      pdf_reader_peak_rss_mb: +(readerPeakKb / 1024).toFixed(1),
    }),
  );
}

/** Peak resident memory of a live process (Linux /proc), 0 when unknown. */
async function vmHwmKb(pid: number | undefined): Promise<number> {
  if (!pid) return 0;
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}
