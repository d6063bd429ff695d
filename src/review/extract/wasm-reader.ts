import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { PdfReadError, type PdfReader, type RawPdfPage, type ReadOptions } from './reader-contract.ts';
import type { PlacedLine } from '../types.ts';

const CHILD = fileURLToPath(new URL('./pdf-child.mjs', import.meta.url));
/** Pages the reader may send before the review has consumed them: enough to hide process switches, still tiny. */
const WINDOW = 8;
/** Consumed pages are returned to the reader in batches: one message per page would cost as much as the page. */
const CREDIT_BATCH = WINDOW / 2;

type Msg = { type: string; seq?: number; n?: number; message?: string; [k: string]: unknown };

/**
 * mupdf's WebAssembly build in a process of its own, reused for the documents of a review (and kept warm between
 * reviews by the reader pool). A hang or crash kills only that process; the next document starts a fresh one.
 */
export class WasmPdfReader implements PdfReader {
  private child: ChildProcess | null = null;
  private inbox: Msg[] = [];
  private waiter: ((m: Msg | null) => void) | null = null;
  /** Number of the document being read, echoed by the reader in every message. */
  private seq = 0;
  /** Peak RSS (kB) reported by the last reader process on close; for the benchmark. */
  lastChildMaxRssKb = 0;

  private start(): ChildProcess {
    // execArgv [] : the child is plain JavaScript and must not inherit the tsx loader or test flags.
    const child = fork(CHILD, [], { execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'], serialization: 'advanced' });
    child.on('message', (m: Msg) => this.deliver(child, m));
    child.on('exit', (code, signal) => this.deliver(child, { type: 'exit', message: `процесс чтения PDF завершился аварийно (${signal ?? `код ${code}`})` }));
    child.on('error', () => undefined);
    this.child = child;
    this.inbox = [];
    return child;
  }

  private deliver(from: ChildProcess, m: Msg): void {
    // messages of a document given up earlier (an error in the caller) must not pass for the current one's
    if (from !== this.child || (m.seq !== undefined && m.seq !== this.seq)) return;
    if (m.type === 'exit') this.child = null;
    const w = this.waiter;
    this.waiter = null;
    if (w) w(m);
    else this.inbox.push(m);
  }

  /** The next message of the reader, or a PdfReadError on timeout, crash or a reported error. */
  private next(timeoutMs: number, page: number | null): Promise<Msg> {
    const queued = this.inbox.shift();
    const check = (m: Msg | null): Msg => {
      if (!m) {
        this.kill();
        throw new PdfReadError('превышено время чтения документа', true, page);
      }
      if (m.type === 'exit') throw new PdfReadError(m.message ?? 'процесс чтения PDF завершился', false, page);
      if (m.type === 'error') throw new PdfReadError(m.message ?? 'ошибка чтения PDF', false, m.n ?? page);
      return m;
    };
    if (queued) return Promise.resolve().then(() => check(queued));
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        try {
          check(null);
        } catch (e) {
          reject(e);
        }
      }, timeoutMs);
      this.waiter = (m) => {
        clearTimeout(timer);
        try {
          resolve(check(m));
        } catch (e) {
          reject(e);
        }
      };
    });
  }

  warm(): void {
    if (!this.child) this.start();
  }

  /** One process reads any number of documents already. */
  plan(): void {}

  /** A reader whose process died is not worth keeping warm. */
  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null;
  }

  setIdle(idle: boolean): void {
    const c = this.child;
    if (!c) return;
    if (idle) {
      c.unref();
      c.channel?.unref();
    } else {
      c.ref();
      c.channel?.ref();
    }
  }

  /**
   * Reads a PDF page by page, awaiting onPage for each before taking the next. Pages without text are rendered
   * for OCR when renderPrefix is given. Returns the page count; throws PdfReadError (with the failing page).
   */
  async read(path: string, opts: ReadOptions, onPage: (n: number, page: RawPdfPage) => Promise<void> | void): Promise<number> {
    const child = this.child ?? this.start();
    this.inbox = [];
    this.seq++;
    child.send({ type: 'open', seq: this.seq, path, window: WINDOW, renderPrefix: opts.renderPrefix });
    const opened = await this.next(opts.timeoutMs, null);
    const pages = Number(opened.pages);
    let owed = 0;
    for (let n = 1; n <= pages; n++) {
      const m = await this.next(opts.timeoutMs, n);
      await onPage(n, {
        text: String(m.text ?? ''),
        width: Number(m.width),
        height: Number(m.height),
        stampLines: (m.stampLines as PlacedLine[]) ?? [],
        rendered: m.rendered === true,
        misread: m.misread === true,
      });
      if (++owed === CREDIT_BATCH) {
        this.child?.send({ type: 'credit', seq: this.seq, n: owed });
        owed = 0;
      }
    }
    return pages;
  }

  /** Ends the process (after asking it for its peak memory when it is healthy). */
  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    // an idle reader is unreferenced; its answer and exit must keep the program alive until it is closed
    this.setIdle(false);
    try {
      this.inbox = [];
      child.send({ type: 'close' });
      // pages still in flight from an abandoned document come first
      let m = await this.next(5000, null);
      while (m.type !== 'closed') m = await this.next(5000, null);
      this.lastChildMaxRssKb = Number(m.maxRssKb) || 0;
      // it exits by itself after answering; give it a moment before forcing
      if (child.exitCode === null) await Promise.race([once(child, 'exit'), new Promise((r) => setTimeout(r, 2000).unref())]);
    } catch {
      // already gone: nothing to report
    }
    this.kill();
  }

  private kill(): void {
    const c = this.child;
    this.child = null;
    if (c && c.exitCode === null) c.kill('SIGKILL');
  }
}
