/**
 * The one poll loop of the leased queues (the run worker, the webhook dispatcher): a pass claims and starts
 * what it can, then the loop sleeps until the time the pass asked for, a wake-up, or stop. A wake-up that
 * comes during a pass is kept, so the next sleep ends at once (a run queued meanwhile is not left waiting).
 * A pass that throws is reported and the loop sleeps its interval before the next.
 */
export interface PollLoop {
  /** Ends the current or next sleep at once. */
  wake(): void;
  /** True once stop() was called: a pass stops claiming. */
  readonly stopping: boolean;
  /** Stops the loop; settles when the pass in progress has ended. */
  stop(): Promise<void>;
}

export interface PollLoopOptions {
  /** Sleep after a pass that did not name one, and after a failed pass. */
  intervalMs: number;
  /** One pass; may return how long to sleep before the next (ms). */
  pass(loop: PollLoop): Promise<number | undefined>;
  onError(err: unknown): void;
}

export function startPollLoop(opts: PollLoopOptions): PollLoop {
  let stopping = false;
  let woken = false;
  let endSleep: (() => void) | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopping) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        endSleep = null;
        resolve();
      }
      endSleep = done;
    });

  const loop: PollLoop = {
    wake() {
      woken = true;
      endSleep?.();
    },
    get stopping() {
      return stopping;
    },
    async stop() {
      stopping = true;
      loop.wake();
      await running;
    },
  };

  const running = (async () => {
    while (!stopping) {
      let pause = opts.intervalMs;
      woken = false;
      try {
        pause = (await opts.pass(loop)) ?? opts.intervalMs;
      } catch (err) {
        opts.onError(err);
      }
      if (stopping) break;
      await sleep(pause);
    }
  })();
  return loop;
}
