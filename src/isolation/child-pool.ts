/**
 * Children kept warm between jobs. For runs, one spare is started ahead (it loads the program, opens the store and
 * warms the review up while nothing waits for it), so a claimed run starts in a ready process. For the report
 * builds of the API (registers, PDFs) no spare is kept — an idle API node holds no child — and a child that has
 * waited `idleMs` unused is stopped.
 * A child carries one job at a time and goes back to the pool after it, unless it died, was killed or crashed;
 * the child used last is handed out first (it is the warmest), and at most `maxIdle` (the worker's slots, or the
 * builds' slots) wait.
 */
import type { IsolatedChild, JobOutcome } from './isolated-child.ts';
import type { Job } from './protocol.ts';

export interface ChildPoolOptions {
  /** Keep one child started ahead (default true). */
  spare?: boolean;
  /** Stop a child that has waited this long unused (0 or absent: kept). */
  idleMs?: number;
}

export class ChildPool {
  private readonly idle: IsolatedChild[] = [];
  private readonly all = new Set<IsolatedChild>();
  private readonly idleTimers = new Map<IsolatedChild, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly startChild: () => IsolatedChild,
    private readonly maxIdle: number,
    private readonly opts: ChildPoolOptions = {},
  ) {}

  /** Starts the spare now (at worker start), so the first run is not the one that waits for it. */
  warm(): void {
    this.keepSpare();
  }

  /** A ready (or starting) child for one run; a new spare starts behind it. */
  take(): IsolatedChild {
    let child = this.idle.pop();
    while (child && !child.alive) child = this.idle.pop();
    if (child) this.clearIdleTimer(child);
    child ??= this.start();
    this.keepSpare();
    return child;
  }

  /** Gives a child back after its run: kept for the next when healthy and there is room, else stopped. */
  release(child: IsolatedChild, healthy: boolean): void {
    if (healthy && child.alive && !this.stopped && this.idle.length < this.maxIdle) {
      this.idle.push(child);
      if (this.opts.idleMs) {
        const timer = setTimeout(() => {
          this.idleTimers.delete(child);
          const i = this.idle.indexOf(child);
          if (i >= 0) this.idle.splice(i, 1);
          void child.stop();
        }, this.opts.idleMs);
        timer.unref();
        this.idleTimers.set(child, timer);
      }
    } else void child.stop();
  }

  /**
   * One job in a kept child: taken, handed the job, given back — kept for the next job only when it answered
   * (a crash, its death, the time limit or an abort leave nothing of it to reuse).
   */
  async perform(job: Job, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<JobOutcome> {
    const child = this.take();
    let healthy = false;
    try {
      const outcome = await child.perform(job, opts);
      healthy = outcome.kind !== 'died' && outcome.kind !== 'timeout' && outcome.kind !== 'aborted' && outcome.kind !== 'crash';
      return outcome;
    } finally {
      this.release(child, healthy);
    }
  }

  /** Every child stopped (idle ones asked to exit; busy ones are the caller's to abort first). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.idle.length = 0;
    for (const timer of this.idleTimers.values()) clearTimeout(timer);
    this.idleTimers.clear();
    await Promise.allSettled([...this.all].map((c) => c.stop()));
  }

  /** Children alive now (for logs and tests). */
  get size(): number {
    return this.all.size;
  }

  /** Process ids of the children alive now (for logs and benchmarks). */
  pids(): number[] {
    return [...this.all].flatMap((c) => (c.pid === undefined ? [] : [c.pid]));
  }

  /** Children waiting for a job now. */
  get idleCount(): number {
    return this.idle.length;
  }

  private clearIdleTimer(child: IsolatedChild): void {
    clearTimeout(this.idleTimers.get(child));
    this.idleTimers.delete(child);
  }

  private keepSpare(): void {
    if (this.opts.spare === false || this.stopped || this.idle.some((c) => c.alive)) return;
    this.idle.push(this.start());
  }

  private start(): IsolatedChild {
    const child = this.startChild();
    this.all.add(child);
    void child.exited().then(() => {
      this.all.delete(child);
      this.clearIdleTimer(child);
      const i = this.idle.indexOf(child);
      if (i >= 0) this.idle.splice(i, 1);
    });
    return child;
  }
}
