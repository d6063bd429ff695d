/**
 * Children that carry runs, kept warm between runs: one spare is started ahead (it loads the program, opens
 * the store and warms the review up while nothing waits for it), so a claimed run starts in a ready process.
 * A child carries one run at a time and goes back to the pool after it, unless it died, was killed or crashed;
 * the child used last is handed out first (it is the warmest), and at most `maxIdle` (the worker's slots) wait.
 */
import type { IsolatedChild } from './isolated-child.ts';

export class ChildPool {
  private readonly idle: IsolatedChild[] = [];
  private readonly all = new Set<IsolatedChild>();
  private stopped = false;

  constructor(
    private readonly startChild: () => IsolatedChild,
    private readonly maxIdle: number,
  ) {}

  /** Starts the spare now (at worker start), so the first run is not the one that waits for it. */
  warm(): void {
    this.keepSpare();
  }

  /** A ready (or starting) child for one run; a new spare starts behind it. */
  take(): IsolatedChild {
    let child = this.idle.pop();
    while (child && !child.alive) child = this.idle.pop();
    child ??= this.start();
    this.keepSpare();
    return child;
  }

  /** Gives a child back after its run: kept for the next when healthy and there is room, else stopped. */
  release(child: IsolatedChild, healthy: boolean): void {
    if (healthy && child.alive && !this.stopped && this.idle.length < this.maxIdle) this.idle.push(child);
    else void child.stop();
  }

  /** Every child stopped (idle ones asked to exit; busy ones are the caller's to abort first). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.idle.length = 0;
    await Promise.allSettled([...this.all].map((c) => c.stop()));
  }

  /** Children alive now (for logs and tests). */
  get size(): number {
    return this.all.size;
  }

  private keepSpare(): void {
    if (this.stopped || this.idle.some((c) => c.alive)) return;
    this.idle.push(this.start());
  }

  private start(): IsolatedChild {
    const child = this.startChild();
    this.all.add(child);
    void child.exited().then(() => {
      this.all.delete(child);
      const i = this.idle.indexOf(child);
      if (i >= 0) this.idle.splice(i, 1);
    });
    return child;
  }
}
