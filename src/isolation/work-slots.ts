/**
 * The bound of one kind of work done on request in a child process (page pictures, PDF report builds, registers of
 * remarks, archive previews), shared fairly among organizations on this node. One class for every kind: each kind
 * is one instance with its own numbers (domain/work-bounds.ts builds them from the configuration).
 *
 * - One job per key however many ask: a request for a job that is waiting or running waits for that job and shares
 *   its result (two downloads of the same register of the same decisions build it once). A joined request is never
 *   refused: it costs nothing.
 * - An organization holds at most `perOrganization` jobs waiting and running; one more is refused with 429
 *   too_many_requests (Retry-After: about one job's time, when its own queue should have moved), so nobody's flood
 *   queues up here.
 * - The node holds at most `queue` jobs waiting; past it, an organization that already has a job waiting or running
 *   is refused with 503 (the kind's code, Retry-After: when the queue ahead should have drained), so a node that
 *   organizations fill says so at once instead of answering minutes later. An organization with nothing here is
 *   still queued — it waits for one slot at most (below) — so a full node refuses those who fill it, never a
 *   newcomer; the queue may pass its bound by one job per such organization.
 * - A free slot goes to the waiting organization with the fewest jobs running, the one longest not served among
 *   equals (an organization that just came is served first), not to the oldest request; and with more than one
 *   slot no organization runs on all of them. So a job waits for no other organization's queue, only behind one job
 *   of each organization waiting before it: not at all while a single other organization keeps the slots busy, for
 *   one slot to free while two do.
 * - An organization whose job failed in the last `failurePenaltyMs` (a hostile page that ran to its time limit, a
 *   build that crashed) runs on the slots but one together with every other such organization: two organizations
 *   whose pages each hold a slot to the time limit no longer hold both, so the others' work waits for none of them.
 *   A slot may then stay free while only failing organizations wait: their failures cost them, not the others.
 * - A job still running after `overdueMs` (a page that would take a core for minutes) gives its slot to the queue and
 *   runs on beside the slots, at most `slots` such jobs at once (past that it keeps its slot), still counted in its
 *   organization's share: so a hostile page holds a slot for seconds, not to the time limit, and the others' pictures
 *   wait for none of them — at the cost of at most twice the slots' children for a while.
 * - Nothing of a job is done before its slot is free (the work function starts then), so a waiting request holds no
 *   copy of its document and no child.
 */
import { errors, type WorkKind } from '../kernel/errors.ts';

export interface WorkSlotsOptions {
  kind: WorkKind;
  /** Jobs running at once on this node. */
  slots: number;
  /** Jobs waiting and running of one organization at once. */
  perOrganization: number;
  /** Jobs waiting on this node (all organizations) beyond which a new one is refused with 503. */
  queue: number;
  /** How long a job is taken to last (for Retry-After) until jobs have been timed. */
  firstEstimateMs?: number;
  /** How long an organization whose job failed shares the slots but one with the other failing ones (default 10 min). */
  failurePenaltyMs?: number;
  /** After how long a running job gives its slot to the queue and runs on beside the slots (absent: never). */
  overdueMs?: number;
}

/** Numbers of one kind for logs and metrics. */
export interface WorkSlotsStats {
  kind: WorkKind;
  slots: number;
  /** Jobs running, in the slots and beside them. */
  running: number;
  /** Of those, the jobs running past `overdueMs` beside the slots. */
  overdue: number;
  queued: number;
  /** Jobs started since the process began (a joined request starts none). */
  started: number;
  /** Requests that joined a job waiting or running instead of starting one. */
  joined: number;
  /** Requests refused: 429, an organization past its share; 503, the node's queue full. */
  refused: { organization: number; node: number };
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

const FIRST_ESTIMATE_MS = 2000;
const FAILURE_PENALTY_MS = 10 * 60_000;
/** Organizations whose last failure is remembered at most (older ones forgotten first). */
const MAX_FAILING = 10_000;
const RETRY_AFTER_MAX_S = 60;

export class WorkSlots {
  readonly kind: WorkKind;
  /** Jobs in the slots. */
  private running = 0;
  /** Jobs past `overdueMs` that gave their slot back and run on beside the slots. */
  private overdue = 0;
  private queued = 0;
  private readonly organizations = new Map<string, Organization>();
  /** Slots given so far: the clock of `lastServed`. */
  private served = 0;
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private meanMs: number;
  private closedWith: (() => Error) | null = null;
  /** Jobs one organization may run at once: all slots but one when there are several. */
  private readonly runningPerOrganization: number;
  private readonly counts = { started: 0, joined: 0, organization: 0, node: 0 };
  /** When each organization's job last failed (ms), oldest first. */
  private readonly failedAt = new Map<string, number>();
  private readonly failurePenaltyMs: number;

  constructor(private readonly opts: WorkSlotsOptions) {
    this.kind = opts.kind;
    this.runningPerOrganization = Math.max(1, opts.slots - 1);
    this.meanMs = opts.firstEstimateMs ?? FIRST_ESTIMATE_MS;
    this.failurePenaltyMs = opts.failurePenaltyMs ?? FAILURE_PENALTY_MS;
  }

  /**
   * The result of `work` for `key`, started once a slot is free and shared by every caller that asks for the same
   * key before it ends. Throws (synchronously) 429 when the organization already has its share waiting and running,
   * 503 when the node's queue is full and the organization already has a job here.
   */
  run<T>(organization: string, key: string, work: () => Promise<T>): Promise<T> {
    if (this.closedWith) throw this.closedWith();
    const current = this.inFlight.get(key);
    if (current) {
      this.counts.joined++;
      return current as Promise<T>;
    }
    const org = this.organizations.get(organization) ?? { waiting: [], running: 0, lastServed: -1 };
    if (org.waiting.length + org.running >= this.opts.perOrganization) {
      this.counts.organization++;
      // A place of its own frees when one of its jobs ends: about one job's time.
      throw errors.workBusy(this.kind, this.opts.perOrganization, this.seconds(this.meanMs));
    }
    // A job that can start at once waits in no queue; past the node's queue the wait would be the whole queue's
    // for an organization already served, not for one that has nothing here.
    const startsNow = this.running < this.opts.slots && org.running < this.runningPerOrganization;
    const holdsSome = org.waiting.length + org.running > 0;
    if (!startsNow && holdsSome && this.queued >= this.opts.queue) {
      this.counts.node++;
      throw errors.nodeBusy(this.kind, this.seconds(this.meanMs * (this.queued / this.opts.slots + 1)));
    }
    this.organizations.set(organization, org);
    const result = new Promise<T>((resolve, reject) => {
      org.waiting.push({
        key,
        refuse: reject,
        start: () => {
          const began = Date.now();
          this.counts.started++;
          let beside = false;
          const overdue =
            this.opts.overdueMs === undefined
              ? undefined
              : setTimeout(() => {
                  if (this.overdue >= this.opts.slots) return;
                  beside = true;
                  this.overdue++;
                  this.running--;
                  this.dispatch();
                }, this.opts.overdueMs);
          overdue?.unref();
          // Started at once (its first steps run now); one that throws before returning a promise is a failure
          // like any other, not a stuck slot.
          let done: Promise<T>;
          try {
            done = work();
          } catch (e) {
            done = Promise.reject(e);
          }
          done
            .then(resolve, (e: unknown) => {
              this.failed(organization);
              reject(e);
            })
            .finally(() => {
              clearTimeout(overdue);
              this.meanMs = 0.8 * this.meanMs + 0.2 * (Date.now() - began);
              if (beside) this.overdue--;
              else this.running--;
              org.running--;
              this.inFlight.delete(key);
              if (org.running === 0 && org.waiting.length === 0) this.organizations.delete(organization);
              this.dispatch();
            });
        },
      });
    });
    this.queued++;
    this.inFlight.set(key, result);
    this.dispatch();
    return result;
  }

  /**
   * Refuses every waiting job and every new one with `error()` (the service is stopping); the running ones are
   * their callers' to end.
   */
  close(error: () => Error): void {
    this.closedWith = error;
    for (const [id, org] of this.organizations) {
      for (const job of org.waiting.splice(0)) {
        this.queued--;
        this.inFlight.delete(job.key);
        job.refuse(error());
      }
      if (org.running === 0) this.organizations.delete(id);
    }
  }

  /** Jobs waiting and running of an organization (for tests and logs). */
  held(organization: string): number {
    const org = this.organizations.get(organization);
    return org ? org.waiting.length + org.running : 0;
  }

  stats(): WorkSlotsStats {
    const { started, joined, organization, node } = this.counts;
    return {
      kind: this.kind,
      slots: this.opts.slots,
      running: this.running + this.overdue,
      overdue: this.overdue,
      queued: this.queued,
      started,
      joined,
      refused: { organization, node },
    };
  }

  private seconds(ms: number): number {
    return Math.min(RETRY_AFTER_MAX_S, Math.max(1, Math.ceil(ms / 1000)));
  }

  /**
   * The organization served next: of those with a job waiting and below their running share, the one with the
   * fewest jobs running, then the one longest not served (one that just came first); undefined for none.
   */
  private next(): Organization | undefined {
    const now = Date.now();
    const failing = (id: string) => (this.failedAt.get(id) ?? Number.NEGATIVE_INFINITY) > now - this.failurePenaltyMs;
    let failingRunning = 0;
    for (const [id, org] of this.organizations) if (failing(id)) failingRunning += org.running;
    let best: Organization | undefined;
    for (const [id, org] of this.organizations) {
      if (org.waiting.length === 0 || org.running >= this.runningPerOrganization) continue;
      if (failingRunning >= this.runningPerOrganization && failing(id)) continue;
      if (!best || org.running < best.running || (org.running === best.running && org.lastServed < best.lastServed)) best = org;
    }
    return best;
  }

  /** Remembers that a job of the organization failed (the most recent last, so the oldest are forgotten first). */
  private failed(organization: string): void {
    this.failedAt.delete(organization);
    this.failedAt.set(organization, Date.now());
    if (this.failedAt.size > MAX_FAILING) this.failedAt.delete(this.failedAt.keys().next().value!);
  }

  /** Starts waiting jobs while slots are free, one organization after another. */
  private dispatch(): void {
    while (this.running < this.opts.slots) {
      const org = this.next();
      if (!org) return;
      const job = org.waiting.shift()!;
      org.lastServed = this.served++;
      this.queued--;
      this.running++;
      org.running++;
      job.start();
    }
  }
}
