/**
 * How many sets one organization may have in intake (receiving and unpacking) at once on this node. Unpacking
 * nested archives costs seconds of CPU per request; without a bound one organization's archives would hold the
 * node's cores while every other organization's upload waits behind them. A set over the bound waits for a slot
 * a short while (a client's batch of uploads just goes one after another), then is refused. Per node: each API
 * node bounds its own work, which is what protects its event loop and cores. One instance per node counts both
 * POST /runs and POST /imports/preview (domain/work-bounds.ts): a preview unpacks the same archives.
 */
export class IntakeSlots {
  private readonly taken = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();
  private refusedCount = 0;

  /** Waiters per organization beyond which a set is refused at once: a flood is not parked in memory. */
  readonly maxWaiting: number;

  constructor(
    readonly perOrganization: number,
    private readonly waitMs: number,
  ) {
    this.maxWaiting = perOrganization * 8;
  }

  /**
   * One of the organization's slots and its release (idempotent), or null when none became free within the wait
   * (or too many sets already wait).
   */
  async take(organizationId: string): Promise<(() => void) | null> {
    if ((this.taken.get(organizationId) ?? 0) < this.perOrganization) return this.grant(organizationId);
    const queue = this.waiting.get(organizationId) ?? [];
    if (this.waitMs <= 0 || queue.length >= this.maxWaiting) {
      this.refusedCount++;
      return null;
    }
    this.waiting.set(organizationId, queue);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        resolve(this.grant(organizationId));
      };
      const timer = setTimeout(() => {
        const at = queue.indexOf(wake);
        if (at >= 0) queue.splice(at, 1);
        if (!queue.length) this.waiting.delete(organizationId);
        this.refusedCount++;
        resolve(null);
      }, this.waitMs);
      queue.push(wake);
    });
  }

  /** Slots the organization holds now. */
  inUse(organizationId: string): number {
    return this.taken.get(organizationId) ?? 0;
  }

  /** Sets in intake and waiting for a slot on this node, and those refused since the process began (logs, metrics). */
  stats(): { running: number; queued: number; refused: number } {
    let running = 0;
    let queued = 0;
    for (const n of this.taken.values()) running += n;
    for (const q of this.waiting.values()) queued += q.length;
    return { running, queued, refused: this.refusedCount };
  }

  private grant(organizationId: string): () => void {
    this.taken.set(organizationId, (this.taken.get(organizationId) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.taken.get(organizationId) ?? 1) - 1;
      if (left > 0) this.taken.set(organizationId, left);
      else this.taken.delete(organizationId);
      // the slot goes to the set that waited longest
      const queue = this.waiting.get(organizationId);
      const next = queue?.shift();
      if (queue && !queue.length) this.waiting.delete(organizationId);
      next?.();
    };
  }
}
