/**
 * The service's side of one child process (`drs job-child`): waits for it to be ready, hands it one job at a
 * time and tells how the job ended — with the child's answer, or with the child's death (out of memory, a
 * signal, a crash), the time limit or the caller's abort, in which cases the child's whole process group is
 * killed (its PDF readers and tools with it).
 */
import type { ChildProcess } from 'node:child_process';
import type { FromChild, Job, JobResult, ToChild } from './protocol.ts';

/** How a child ended: exit code or signal, and whether V8 reported its heap limit on stderr. */
export interface ChildDeath {
  code: number | null;
  signal: NodeJS.Signals | null;
  outOfMemory: boolean;
}

export type JobOutcome = JobResult | { kind: 'died'; death: ChildDeath } | { kind: 'timeout'; ms: number } | { kind: 'aborted' };

/** V8's last words when a heap reaches --max-old-space-size. */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Ineffective mark-compacts near heap limit/;
const STDERR_TAIL = 8192;
const STOP_GRACE_MS = 10_000;
/** How long a child told to end mid-job (SIGTERM) has to end its helpers before its group is killed. */
const TERMINATE_GRACE_MS = 3000;
const CLOSE_WAIT_MS = 1000;

export class IsolatedChild {
  readonly pid: number | undefined;
  private readonly ready: Promise<boolean>;
  private readonly ended: Promise<ChildDeath>;
  private stderrTail = '';
  private resultWaiter: ((r: JobResult) => void) | null = null;
  private death: ChildDeath | null = null;
  /** True while a job is handed to it. */
  busy = false;

  constructor(private readonly child: ChildProcess) {
    this.pid = child.pid;
    // stderr passes through to the service's own, and its tail is kept to tell an out-of-memory death.
    child.stderr?.on('data', (d: Buffer) => {
      process.stderr.write(d);
      this.stderrTail = (this.stderrTail + d.toString('utf8')).slice(-STDERR_TAIL);
    });
    this.ended = new Promise((resolve) => {
      const end = (code: number | null, signal: NodeJS.Signals | null) => {
        if (this.death) return;
        this.death = { code, signal, outOfMemory: OUT_OF_MEMORY.test(this.stderrTail) };
        resolve(this.death);
      };
      // 'exit' may come before stderr is drained: 'close' waits for the streams, so the OOM text is seen;
      // a helper that kept the stream open must not hold the verdict back, hence the bounded wait.
      child.once('exit', (code, signal) => setTimeout(() => end(code, signal), CLOSE_WAIT_MS).unref());
      child.once('close', end);
      child.once('error', () => end(null, null));
    });
    this.ready = new Promise((resolve) => {
      child.on('message', (m: FromChild) => {
        if (m.type === 'ready') resolve(true);
        else if (m.type === 'result') {
          const waiter = this.resultWaiter;
          this.resultWaiter = null;
          waiter?.(m.result);
        }
      });
      void this.ended.then(() => resolve(false));
    });
  }

  get alive(): boolean {
    return this.death === null;
  }

  /** Settles with how the child ended (at once when it has). */
  exited(): Promise<ChildDeath> {
    return this.ended;
  }

  /**
   * Hands the child one job and waits for its answer. Over timeoutMs (0: no limit) or when `signal` aborts,
   * the child is killed. Never rejects.
   */
  async perform(job: Job, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<JobOutcome> {
    if (this.busy) throw new Error('a child carries one job at a time');
    this.busy = true;
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    try {
      const stopped = new Promise<JobOutcome>((resolve) => {
        if (opts.timeoutMs > 0) timer = setTimeout(() => resolve({ kind: 'timeout', ms: opts.timeoutMs }), opts.timeoutMs);
        onAbort = () => resolve({ kind: 'aborted' });
        if (opts.signal?.aborted) onAbort();
        else opts.signal?.addEventListener('abort', onAbort, { once: true });
      });
      const died = this.ended.then((death): JobOutcome => ({ kind: 'died', death }));
      const answered = (async (): Promise<JobOutcome> => {
        if (!(await this.ready)) return died;
        const result = new Promise<JobResult>((resolve) => (this.resultWaiter = resolve));
        if (!this.send(job)) return died;
        return result;
      })();
      const outcome = await Promise.race([answered, died, stopped]);
      if (outcome.kind === 'timeout' || outcome.kind === 'aborted') await this.terminate();
      return outcome;
    } finally {
      clearTimeout(timer);
      if (onAbort) opts.signal?.removeEventListener('abort', onAbort);
      this.resultWaiter = null;
      this.busy = false;
    }
  }

  /**
   * Ends a child in the middle of a job: SIGTERM first, on which the child ends the helpers that live in process
   * groups of their own (LibreOffice), removes their profiles and kills its own group (child-main.ts); SIGKILL
   * to the group when it has not ended within the grace (busy on its event loop), and once more after it ended
   * for anything left in the group.
   */
  async terminate(graceMs = TERMINATE_GRACE_MS): Promise<void> {
    if (this.alive) {
      try {
        this.child.kill('SIGTERM');
      } catch {
        /* gone already */
      }
      const timer = setTimeout(() => this.kill(), graceMs);
      await this.ended;
      clearTimeout(timer);
    }
    this.killGroup();
  }

  /** SIGKILL to the child's process group (it leads one: spawned detached), so its helpers go too. */
  kill(): void {
    if (!this.alive || this.pid === undefined) return;
    try {
      process.kill(-this.pid, 'SIGKILL');
    } catch {
      this.child.kill('SIGKILL');
    }
  }

  /** SIGKILL to what is left of the child's group after the child itself ended (its helpers). */
  private killGroup(): void {
    if (this.pid === undefined) return;
    try {
      process.kill(-this.pid, 'SIGKILL');
    } catch {
      /* the group is empty */
    }
  }

  /** Asks the child to close its helpers and exit; kills it when it has not within the grace period. */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    if (!this.alive) return;
    this.send({ type: 'stop' });
    const timer = setTimeout(() => this.kill(), graceMs);
    await this.ended;
    clearTimeout(timer);
  }

  private send(message: ToChild): boolean {
    if (!this.child.connected) return false;
    try {
      this.child.send(message);
      return true;
    } catch {
      return false;
    }
  }
}
