import { fork, type ChildProcess } from 'node:child_process';

export interface PdfFacts {
  pages: number | null;
  text: string | null;
  /** Why pages is null: the PDF is broken, or reading it took too long. */
  error: string | null;
}

const WORKER = new URL('./page-count-worker.mjs', import.meta.url);

/**
 * Reads page counts in a long-lived child process, one PDF at a time. A PDF that hangs or crashes the
 * child costs only that document: the child is killed and started again for the next one.
 */
export class PdfReader {
  private child: ChildProcess | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private seq = 0;

  read(path: string, timeoutMs: number, withText = true): Promise<PdfFacts> {
    const next = this.tail.then(() => this.readNow(path, timeoutMs, withText));
    this.tail = next.catch(() => undefined);
    return next;
  }

  /** Process id of the reader child while it runs (for resource measurements). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  close(): void {
    this.child?.kill('SIGKILL');
    this.child = null;
  }

  private spawn(): ChildProcess {
    // execArgv [] : the worker is plain JavaScript, so it needs no loader whichever way the service started.
    const child = fork(WORKER, [], { execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    child.on('exit', () => {
      if (this.child === child) this.child = null;
    });
    child.unref();
    child.channel?.unref();
    return child;
  }

  private readNow(path: string, timeoutMs: number, withText: boolean, retried = false): Promise<PdfFacts> {
    const child = (this.child ??= this.spawn());
    const id = ++this.seq;
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: PdfFacts | Promise<PdfFacts>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
        child.channel?.unref();
        resolve(outcome);
      };
      const onMessage = (m: { id: number; pages?: number; text?: string | null; error?: string }) => {
        if (m.id !== id) return;
        if (m.error !== undefined) settle({ pages: null, text: null, error: m.error });
        else settle({ pages: m.pages ?? null, text: m.text ?? null, error: null });
      };
      // The child may have died before it saw this document (killed, out of memory on the previous one)
      // or because of it: one more try with a fresh child, then the document is given up.
      const lost = (e: Error | null) => {
        if (!e) return;
        if (this.child === child) this.child = null;
        if (retried) settle({ pages: null, text: null, error: `PDF reader process unavailable: ${e.message}` });
        else settle(this.readNow(path, timeoutMs, withText, true));
      };
      const onExit = () => lost(new Error('PDF reader process stopped unexpectedly'));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        if (this.child === child) this.child = null;
        settle({ pages: null, text: null, error: `timeout after ${timeoutMs} ms` });
      }, timeoutMs);
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.channel?.ref();
      try {
        child.send({ id, path, withText }, lost);
      } catch (e) {
        lost(e as Error);
      }
    });
  }
}
