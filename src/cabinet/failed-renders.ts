/**
 * Renders that failed, remembered for a while: a page that could not be rendered (a hostile or broken file, a
 * page past the document's end) is answered from here until its time is up instead of costing a slot and a child
 * per request. Bounded: past `maxEntries` the oldest entries go first.
 */
export interface RememberedFailure<T> {
  failure: T;
  /** Whole seconds until the failure is forgotten (at least 1): the Retry-After of the answer. */
  secondsLeft: number;
}

export class FailedRenders<T> {
  private readonly entries = new Map<string, { failure: T; until: number }>();

  constructor(
    private readonly opts: { ttlMs: number; maxEntries: number },
    private readonly clock: () => number = Date.now,
  ) {}

  remember(key: string, failure: T): void {
    if (this.opts.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { failure, until: this.clock() + this.opts.ttlMs });
    // A Map keeps insertion order: the first entries are the oldest.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.opts.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  recall(key: string): RememberedFailure<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const left = entry.until - this.clock();
    if (left <= 0) {
      this.entries.delete(key);
      return undefined;
    }
    return { failure: entry.failure, secondsLeft: Math.max(1, Math.ceil(left / 1000)) };
  }

  get size(): number {
    return this.entries.size;
  }
}
