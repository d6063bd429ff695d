import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { PdfReadError, textLayerState, type PdfReader, type RawPdfPage, type ReadOptions } from './reader-contract.ts';
import { drawStampCorner, wantsStampPicture } from './stamp-picture.ts';
import { StextPageSplitter, stextPageLines } from './stext-json.ts';
import { titleBlockLines } from './title-block.mjs';

const run = promisify(execFile);
const MUTOOL = 'mutool';
/** stext.json output of `mutool draw` exists since MuPDF 1.18. */
const MIN_VERSION = [1, 18];
// Rendering for OCR: about 200 dpi, but never more than this many pixels on the longer side (A1 drawings).
const OCR_DPI = 200;
const OCR_MAX_SIDE = 3500;
/** Error output kept for the message: the tool may print a warning per page. */
const STDERR_KEEP = 4096;

let probe: Promise<boolean> | null = null;

/** Whether a usable `mutool` is installed (asked once per process). */
export function mutoolAvailable(): Promise<boolean> {
  probe ??= run(MUTOOL, ['-v'], { timeout: 5000 }).then(
    ({ stdout, stderr }) => {
      const m = /(\d+)\.(\d+)/.exec(`${stdout}${stderr}`);
      return !m || Number(m[1]) > MIN_VERSION[0]! || (Number(m[1]) === MIN_VERSION[0] && Number(m[2]) >= MIN_VERSION[1]!);
    },
    () => false,
  );
  return probe;
}

interface PageBox {
  width: number;
  height: number;
}

const boxRe = (name: string) => new RegExp(`<${name} l="([-\\d.]+)" b="([-\\d.]+)" r="([-\\d.]+)" t="([-\\d.]+)"`);
const MEDIA_BOX = boxRe('MediaBox');
const CROP_BOX = boxRe('CropBox');

/** Page sizes as mupdf lays pages out: the crop box within the media box, turned by /Rotate. */
export function parsePageBoxes(listing: string): PageBox[] {
  const out: PageBox[] = [];
  for (const page of listing.split('<page ').slice(1)) {
    const box = (re: RegExp) => {
      const m = re.exec(page);
      return m ? (m.slice(1, 5).map(Number) as [number, number, number, number]) : null;
    };
    const media = box(MEDIA_BOX) ?? [0, 0, 612, 792];
    const crop = box(CROP_BOX) ?? media;
    const w = Math.max(0, Math.min(media[2], crop[2]) - Math.max(media[0], crop[0]));
    const h = Math.max(0, Math.min(media[3], crop[3]) - Math.max(media[1], crop[1]));
    const rotate = ((Number(/<Rotate v="(-?\d+)"/.exec(page)?.[1] ?? 0) % 360) + 360) % 360;
    out.push(rotate === 90 || rotate === 270 ? { width: h, height: w } : { width: w, height: h });
  }
  return out;
}

/**
 * Page sizes of documents announced before they are read: one `mutool pages` lists a whole set, where one process
 * per document would cost a process start each (a fork of a large service process is not free). The tool stops at
 * the first file it cannot open; that file and the ones after it are asked for one by one when they are read.
 */
const announced = new Map<string, Promise<PageBox[] | null>>();
const ANNOUNCE_BATCH = 200;

/** Sections of a `mutool pages` listing of several files, each begun by a line with the file's name. */
export function listingSections(listing: string, paths: readonly string[], complete: boolean): (PageBox[] | null)[] {
  const starts: number[] = [];
  let from = 0;
  for (const p of paths) {
    const at = listing.indexOf(`${p}:\n`, from);
    if (at === -1) break;
    starts.push(at);
    from = at + p.length + 2;
  }
  return paths.map((_p, i) => {
    const at = starts[i];
    // the last listed file of a listing that ended in an error is the one that failed
    if (at === undefined || (!complete && i === starts.length - 1)) return null;
    const boxes = parsePageBoxes(listing.slice(at, starts[i + 1] ?? listing.length));
    return boxes.length ? boxes : null;
  });
}

/** Lists the page sizes of these files in one process ahead of reading; returns a function that forgets those not read. */
export function announceDocuments(paths: readonly string[], timeoutMs: number): () => void {
  const fresh = [...new Set(paths)].filter((p) => !announced.has(p));
  for (let i = 0; i < fresh.length; i += ANNOUNCE_BATCH) {
    const batch = fresh.slice(i, i + ANNOUNCE_BATCH);
    const sections = run(MUTOOL, ['pages', ...batch], { timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024 }).then(
      ({ stdout }) => listingSections(stdout, batch, true),
      (err: { stdout?: string }) => listingSections(String(err.stdout ?? ''), batch, false),
    );
    for (const [k, p] of batch.entries())
      announced.set(
        p,
        sections.then((s) => s[k] ?? null),
      );
  }
  return () => {
    for (const p of fresh) announced.delete(p);
  };
}

/** The tool's own complaint, without its warnings; mupdf's wording for a password is made plain. */
function failure(stderr: string, code: number | null, signal: NodeJS.Signals | null): string {
  if (/password/i.test(stderr)) return 'документ защищён паролем';
  const errors = stderr
    .split('\n')
    .filter((l) => /^error:/i.test(l))
    .map((l) => l.replace(/^error:\s*/i, '').trim());
  return errors.at(-1) ?? `mutool завершился аварийно (${signal ?? `код ${code}`})`;
}

/** A failed run of the tool (execFile's error) as a reading error at a page. */
function toolError(err: unknown, page: number | null, what = ''): PdfReadError {
  const e = err as { killed?: boolean; stderr?: string; code?: number | string; signal?: NodeJS.Signals };
  if (e.killed) return new PdfReadError('превышено время чтения документа', true, page);
  return new PdfReadError(`${what}${failure(String(e.stderr ?? ''), typeof e.code === 'number' ? e.code : null, e.signal ?? null)}`, false, page);
}

/** Peak memory of a running process (Linux); 0 where /proc is not there. */
function peakRssKb(pid: number | undefined): number {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * One `mutool draw -F stext.json` over several documents in a row. Its output is a single array of pages, cut into
 * documents by their page counts from the listing; the pipe's back-pressure holds the tool while a page is handled.
 * The tool stops at the first document it cannot finish, so a document cut short is always the one being read.
 */
class DrawRun {
  private readonly child: ChildProcess;
  private readonly chunks: AsyncIterator<Buffer>;
  // TextDecoder decodes UTF-8 faster than a stream's own decoder (and keeps a character split between chunks)
  private readonly decoder = new TextDecoder();
  private readonly splitter = new StextPageSplitter();
  private ready: string[] = [];
  private taken = 0;
  private stderr = '';
  private timedOut = false;
  private readonly exited: Promise<[number | null, NodeJS.Signals | null]>;
  /** Position in `paths` of the document being read. */
  private at = -1;

  constructor(readonly paths: readonly string[]) {
    // -D: text goes straight to the text device, without the display list drawing would reuse
    this.child = spawn(MUTOOL, ['draw', '-q', '-D', '-F', 'stext.json', '-o', '-', ...paths], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      this.stderr = (this.stderr + d).slice(-STDERR_KEEP);
    });
    this.exited = once(this.child, 'close') as Promise<[number | null, NodeJS.Signals | null]>;
    this.child.on('error', () => undefined);
    // read from the start: output nobody reads yet is thrown away when the tool exits
    this.chunks = this.child.stdout![Symbol.asyncIterator]();
  }

  /** The document this run will give next. */
  get next(): string | undefined {
    return this.paths[this.at + 1];
  }

  /** Moves on to the next document; true when it is the run's last. */
  begin(): boolean {
    this.at++;
    return this.at === this.paths.length - 1;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The next page's JSON, or null when the output has ended; the tool is stopped if no whole page comes in time. */
  async nextPage(timeoutMs: number): Promise<string | null> {
    if (this.taken < this.ready.length) return this.ready[this.taken++]!;
    // the clock runs until a whole page has come, however the tool dribbles its output
    const timer = setTimeout(() => {
      this.timedOut = true;
      this.child.kill('SIGKILL');
    }, timeoutMs);
    try {
      for (;;) {
        const r = await this.chunks.next();
        if (r.done) return null;
        const pages = this.splitter.push(this.decoder.decode(r.value, { stream: true }));
        if (pages.length === 0) continue;
        this.ready = pages;
        this.taken = 1;
        return pages[0]!;
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** How the tool ended, once it has. */
  async outcome(): Promise<{ timedOut: boolean; message: string }> {
    const [code, signal] = await this.exited;
    return { timedOut: this.timedOut, message: failure(this.stderr, code, signal) };
  }

  stop(): void {
    this.child.kill('SIGKILL');
    void this.chunks.return?.();
  }
}

/**
 * Reads PDFs with the native MuPDF tool. The documents planned for this reader are read by one process in a row
 * (a process per document costs a fork of the service and the tool's start-up each, a tenth of the reading time of a
 * set of small documents); a document out of plan, or one after a failure, starts a run of its own.
 */
export class MutoolPdfReader implements PdfReader {
  lastChildMaxRssKb = 0;
  readonly alive = false;
  private planned: readonly string[] = [];
  private current: DrawRun | null = null;

  warm(): void {}
  setIdle(): void {}

  plan(paths: readonly string[]): void {
    this.planned = [...paths];
  }

  async close(): Promise<void> {
    this.current?.stop();
    this.current = null;
  }

  async read(path: string, opts: ReadOptions, onPage: (n: number, page: RawPdfPage) => Promise<void> | void): Promise<number> {
    const boxes = await this.pageBoxes(path, opts.timeoutMs);
    // a file without pages has nothing to draw (a listing never puts one inside a run)
    if (boxes.length === 0) return 0;
    if (this.current?.next !== path) {
      this.current?.stop();
      this.current = new DrawRun(await this.runFrom(path));
    }
    const run = this.current;
    const last = run.begin();
    let n = 0;
    try {
      while (n < boxes.length) {
        const json = await run.nextPage(opts.timeoutMs);
        if (json === null) break;
        n++;
        if (n % 64 === 1) this.lastChildMaxRssKb = Math.max(this.lastChildMaxRssKb, peakRssKb(run.pid));
        await onPage(n, await this.page(path, n, json, boxes[n - 1] ?? boxes[0]!, opts));
      }
    } catch (err) {
      run.stop();
      this.current = null;
      throw err;
    }
    if (n === boxes.length && last) {
      // nothing is left to read but the end of the array: let the stream go
      run.stop();
      this.current = null;
    }
    if (n < boxes.length) {
      // the tool stopped inside this document: how it ended tells why
      this.current = null;
      const end = await run.outcome();
      throw end.timedOut ? new PdfReadError('превышено время чтения документа', true, n + 1) : new PdfReadError(end.message, false, n + 1);
    }
    return n;
  }

  /** This document and the planned ones after it whose page counts are known: one process reads them in a row. */
  private async runFrom(path: string): Promise<string[]> {
    const paths = [path];
    const i = this.planned.indexOf(path);
    if (i === -1) return paths;
    for (const p of this.planned.slice(i + 1)) {
      const known = await announced.get(p);
      if (!known) break;
      paths.push(p);
    }
    return paths;
  }

  private async page(path: string, n: number, json: string, box: PageBox, opts: ReadOptions): Promise<RawPdfPage> {
    const { text, lines } = stextPageLines(json);
    const raw: RawPdfPage = { text, width: box.width, height: box.height, stampLines: titleBlockLines(lines, 0, 0, box.width, box.height), rendered: false };
    const layer = textLayerState(text);
    if (layer === 'misread') raw.misread = true;
    if (opts.renderPrefix && layer !== 'text') {
      const dpi = Math.max(1, Math.floor(Math.min(OCR_DPI, (OCR_MAX_SIDE * 72) / Math.max(box.width, box.height, 1))));
      try {
        await run(MUTOOL, ['draw', '-q', '-r', String(dpi), '-c', 'gray', '-o', `${opts.renderPrefix}-${n}.png`, path, String(n)], { timeout: opts.timeoutMs });
      } catch (err) {
        throw toolError(err, n, 'страница не отрисована для распознавания: ');
      }
      raw.rendered = true;
    }
    // a sheet with no text at all may be a drawing whose every word is lines, its title block among them
    if (opts.renderPrefix && wantsStampPicture(box.width, box.height, raw.stampLines)) {
      // a corner that cannot be drawn leaves the sheet without a title block, as before: the page itself was read
      const picture = await drawStampCorner(path, n, box.width, box.height, `${opts.renderPrefix}-${n}-stamp.png`, opts.timeoutMs).catch(() => null);
      if (picture) raw.stampPicture = picture;
    }
    return raw;
  }

  /** Page sizes (and so the page count) from `mutool pages`; a file it cannot open is reported with its reason. */
  private async pageBoxes(path: string, timeoutMs: number): Promise<PageBox[]> {
    const listed = announced.get(path);
    announced.delete(path);
    const known = listed && (await listed);
    if (known) return known;
    try {
      const { stdout } = await run(MUTOOL, ['pages', path], { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
      return parsePageBoxes(stdout);
    } catch (err) {
      throw toolError(err, null);
    }
  }
}
