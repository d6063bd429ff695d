/**
 * The page renders of one process, shared fairly among organizations.
 *
 * - One render per key however many ask: a request for a page being rendered waits for that render.
 * - An organization holds at most `perOrganization` renders waiting and running; one more is refused with 429
 *   too_many_requests (Retry-After: when its queue should have moved), so nobody's flood queues up here.
 * - A free slot goes to the waiting organization with the fewest renders running, the one longest not served among
 *   equals (an organization that just came is served first), not to the oldest request; and with more than one
 *   slot no organization runs on all of them. So a render waits for no other organization's queue, only behind
 *   one render of each organization waiting before it: not at all while a single other organization keeps the
 *   renders busy, for one slot to free while two do.
 * - Nothing of a render is done before its slot is free (the work function starts then), so a waiting
 *   request holds no copy of its document.
 */
import { errors } from '../kernel/errors.ts';

export interface RenderSlotsOptions {
  /** Renders running at once in this process. */
  slots: number;
  /** Renders waiting and running of one organization at once. */
  perOrganization: number;
}

interface Job {
  key: string;
  start: () => void;
  refuse: (error: Error) => void;
}

interface Organization {
  waiting: Job[];
  running: number;
  /** When it last got a slot (a count of slots given); -1 for never since it last had nothing waiting or running. */
  lastServed: number;
}

/** Until renders have been timed, a render is taken to last this long for Retry-After. */
const FIRST_ESTIMATE_MS = 2000;
const RETRY_AFTER_MAX_S = 60;

export class RenderSlots {
  private running = 0;
  private readonly organizations = new Map<string, Organization>();
  /** Slots given so far: the clock of `lastServed`. */
  private served = 0;
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private meanRenderMs = FIRST_ESTIMATE_MS;
  private closedWith: (() => Error) | null = null;
  /** Renders one organization may run at once: all slots but one when there are several. */
  private readonly runningPerOrganization: number;

  constructor(private readonly opts: RenderSlotsOptions) {
    this.runningPerOrganization = Math.max(1, opts.slots - 1);
  }

  /**
   * The result of `work` for `key`, started once a slot is free and shared by every caller that asks for the same
   * key before it ends. Refuses with 429 when the organization already has its share queued.
   */
  run<T>(organization: string, key: string, work: () => Promise<T>): Promise<T> {
    if (this.closedWith) throw this.closedWith();
    const current = this.inFlight.get(key);
    if (current) return current as Promise<T>;
    const org = this.organizations.get(organization) ?? { waiting: [], running: 0, lastServed: -1 };
    const held = org.waiting.length + org.running;
    if (held >= this.opts.perOrganization) {
      // A place of its own frees when one of its renders ends: about one render's time.
      const seconds = Math.min(RETRY_AFTER_MAX_S, Math.max(1, Math.ceil(this.meanRenderMs / 1000)));
      throw errors.pageImagesBusy(this.opts.perOrganization, seconds);
    }
    this.organizations.set(organization, org);
    const result = new Promise<T>((resolve, reject) => {
      org.waiting.push({
        key,
        refuse: reject,
        start: () => {
          const began = Date.now();
          work()
            .then(resolve, reject)
            .finally(() => {
              this.meanRenderMs = 0.8 * this.meanRenderMs + 0.2 * (Date.now() - began);
              this.running--;
              org.running--;
              this.inFlight.delete(key);
              if (org.running === 0 && org.waiting.length === 0) this.organizations.delete(organization);
              this.dispatch();
            });
        },
      });
    });
    this.inFlight.set(key, result);
    this.dispatch();
    return result;
  }

  /**
   * Refuses every waiting render and every new one with `error()` (the service is stopping); the running ones
   * are their callers' to end.
   */
  close(error: () => Error): void {
    this.closedWith = error;
    for (const [id, org] of this.organizations) {
      for (const job of org.waiting.splice(0)) {
        this.inFlight.delete(job.key);
        job.refuse(error());
      }
      if (org.running === 0) this.organizations.delete(id);
    }
  }

  /** Renders waiting and running of an organization (for tests and logs). */
  held(organization: string): number {
    const org = this.organizations.get(organization);
    return org ? org.waiting.length + org.running : 0;
  }

  /**
   * The organization served next: of those with a render waiting and below their running share, the one with the
   * fewest renders running, then the one longest not served (one that just came first); undefined for none.
   */
  private next(): Organization | undefined {
    let best: Organization | undefined;
    for (const org of this.organizations.values()) {
      if (org.waiting.length === 0 || org.running >= this.runningPerOrganization) continue;
      if (!best || org.running < best.running || (org.running === best.running && org.lastServed < best.lastServed)) best = org;
    }
    return best;
  }

  /** Starts waiting renders while slots are free, one organization after another. */
  private dispatch(): void {
    while (this.running < this.opts.slots) {
      const org = this.next();
      if (!org) return;
      const job = org.waiting.shift()!;
      org.lastServed = this.served++;
      this.running++;
      org.running++;
      job.start();
    }
  }
}
