/**
 * Requests per key in fixed windows (a minute), counted in memory on each node and shared through the database
 * asynchronously, so a request costs a map lookup and never a round trip.
 *
 * Each node keeps, per key of the current window, the shared count it last learned (every node's requests, its
 * own included), the requests it has sent to be added and awaits, and the requests it has not sent yet. A request
 * is refused when their sum has reached the limit; refused requests are not counted. flush() sends the unsent
 * requests of every key in one exchange and learns the totals. Between flushes a node does not see the other
 * nodes' new requests, so all nodes together may admit up to what the others admitted in one flush interval
 * over the limit (at most the limit per other node).
 */

/** Adds a node's requests of the window beginning at windowStart (ms) and answers every node's totals of those keys. */
export type WindowExchange = (windowStart: number, requests: ReadonlyMap<string, number>) => Promise<ReadonlyMap<string, number>>;

export interface RequestWindowsOptions {
  exchange: WindowExchange;
  /** Deletes the shared counts of windows that began before windowStart (ms); called once per window per active node. */
  dropBefore: (windowStart: number) => Promise<void>;
  windowMs?: number;
  now?: () => number;
}

interface KeyCount {
  /** Every node's requests, as last learned. */
  shared: number;
  /** This node's requests sent to be added, not yet answered. */
  sending: number;
  /** This node's requests not sent yet. */
  unsent: number;
}

export class RequestWindows {
  private readonly windowMs: number;
  private readonly now: () => number;
  private windowStart = -1;
  private counts = new Map<string, KeyCount>();
  private droppedBefore = -1;
  /** Flushes run one after another, so each learns totals that include the previous one. */
  private queue: Promise<void> = Promise.resolve();
  private flushes = 0;

  constructor(private readonly options: RequestWindowsOptions) {
    this.windowMs = options.windowMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Counts one request of the key against its limit per window (0 = unlimited: nothing is counted). Answers 0
   * when the request is admitted, else the whole seconds until the window ends (at least 1) and does not count it.
   */
  admit(key: string, limit: number): number {
    if (limit === 0) return 0;
    const now = this.now();
    this.enterWindowOf(now);
    let count = this.counts.get(key);
    if (!count) {
      count = { shared: 0, sending: 0, unsent: 0 };
      this.counts.set(key, count);
    }
    if (count.shared + count.sending + count.unsent >= limit) return Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000));
    count.unsent++;
    return 0;
  }

  /**
   * What admit would answer for one more request of the key, without counting it: 0 when it would be admitted,
   * else the whole seconds until the window ends (for counts of events that are recorded after the fact).
   */
  waitOf(key: string, limit: number): number {
    if (limit === 0) return 0;
    const now = this.now();
    this.enterWindowOf(now);
    const count = this.counts.get(key);
    if (!count || count.shared + count.sending + count.unsent < limit) return 0;
    return Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000));
  }

  /** Whether a flush is under way (the periodic flush skips its turn rather than queue behind a slow database). */
  get flushing(): boolean {
    return this.flushes > 0;
  }

  /** Sends every key's unsent requests of the current window and learns the totals; on failure they stay unsent. */
  flush(): Promise<void> {
    // With none under way the requests are taken at once: what is admitted after this call goes to the next flush.
    const done = (this.flushes++ === 0 ? this.exchangeOnce() : this.queue.then(() => this.exchangeOnce())).finally(() => this.flushes--);
    this.queue = done.catch(() => undefined);
    return done;
  }

  /** Starts counting afresh when the window of `now` is not the current one: what was counted belongs to a window that ended. */
  private enterWindowOf(now: number): void {
    const start = now - (now % this.windowMs);
    if (start === this.windowStart) return;
    this.windowStart = start;
    this.counts = new Map();
  }

  private async exchangeOnce(): Promise<void> {
    this.enterWindowOf(this.now());
    const start = this.windowStart;
    const counts = this.counts;
    const requests = new Map<string, number>();
    for (const [key, count] of counts) if (count.unsent > 0) requests.set(key, count.unsent);
    if (requests.size === 0) return; // an idle node touches no database
    for (const [key, n] of requests) {
      const count = counts.get(key)!;
      count.unsent -= n;
      count.sending += n;
    }
    let totals: ReadonlyMap<string, number>;
    try {
      if (this.droppedBefore !== start) {
        await this.options.dropBefore(start);
        this.droppedBefore = start;
      }
      totals = await this.options.exchange(start, requests);
    } catch (err) {
      for (const [key, n] of requests) {
        const count = counts.get(key)!;
        count.sending -= n;
        count.unsent += n;
      }
      throw err;
    }
    // counts is the map of the window sent for; if that window ended meanwhile, this updates nothing in use
    for (const [key, n] of requests) {
      const count = counts.get(key)!;
      count.sending -= n;
      count.shared = Math.max(count.shared + n, totals.get(key) ?? 0);
    }
  }
}
