import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PlacedLine } from '../types.ts';

const CHILD = fileURLToPath(new URL('./pdf-child.mjs', import.meta.url));

export interface RawPdfPage {
  text: string;
  width: number;
  height: number;
  stampLines: PlacedLine[];
  rendered: boolean;
}

/** Raised when the reader process hangs past the deadline or dies; the process is gone afterwards. */
export class PdfReadError extends Error {
  constructor(message: string, readonly timedOut: boolean) {
    super(message);
    this.name = 'PdfReadError';
  }
}

type Reply = { type: string; message?: string; [k: string]: unknown };

/**
 * One mupdf process reused for the documents of a review, one request at a time (so at most one page is
 * in flight). A hang or crash kills only that process; the next document starts a fresh one.
 */
export class PdfReader {
  private child: ChildProcess | null = null;
  private pending: { resolve: (r: Reply) => void; reject: (e: Error) => void } | null = null;
  /** Peak RSS (kB) reported by the last reader process on close; for the benchmark. */
  lastChildMaxRssKb = 0;

  private start(): ChildProcess {
    // execArgv [] : the child is plain JavaScript and must not inherit the tsx loader or test flags.
    const child = fork(CHILD, [], { execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'], serialization: 'advanced' });
    child.on('message', (m: Reply) => {
      const p = this.pending;
      this.pending = null;
      if (!p) return;
      if (m.type === 'error') p.reject(new PdfReadError(m.message ?? 'ошибка чтения PDF', false));
      else p.resolve(m);
    });
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      const p = this.pending;
      this.pending = null;
      p?.reject(new PdfReadError(`процесс чтения PDF завершился аварийно (${signal ?? `код ${code}`})`, false));
    });
    child.on('error', () => undefined);
    this.child = child;
    return child;
  }

  private request(msg: Record<string, unknown>, deadline: number): Promise<Reply> {
    const child = this.child ?? this.start();
    return new Promise<Reply>((resolve, reject) => {
      const left = deadline - Date.now();
      if (left <= 0) {
        this.kill();
        reject(new PdfReadError('превышено время чтения документа', true));
        return;
      }
      const timer = setTimeout(() => {
        this.pending = null;
        this.kill();
        reject(new PdfReadError('превышено время чтения документа', true));
      }, left);
      this.pending = {
        resolve: (r) => { clearTimeout(timer); resolve(r); },
        reject: (e) => { clearTimeout(timer); reject(e); },
      };
      child.send(msg);
    });
  }

  async open(path: string, deadline: number): Promise<number> {
    const r = await this.request({ type: 'open', path }, deadline);
    return Number(r.pages);
  }

  async page(n: number, renderTo: string | null, deadline: number): Promise<RawPdfPage> {
    const r = await this.request({ type: 'page', n, renderTo }, deadline);
    return {
      text: String(r.text ?? ''),
      width: Number(r.width),
      height: Number(r.height),
      stampLines: (r.stampLines as PlacedLine[]) ?? [],
      rendered: r.rendered === true,
    };
  }

  /** Ends the process (after asking it for its peak memory when it is healthy). */
  async close(): Promise<void> {
    if (!this.child) return;
    try {
      const r = await this.request({ type: 'close' }, Date.now() + 5000);
      this.lastChildMaxRssKb = Number(r.maxRssKb) || 0;
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
