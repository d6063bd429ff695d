/**
 * The API's report children (`drs job-child reports`): PDF builds, registers of remarks and archive previews, started
 * when first needed and kept between jobs — at most as many as the jobs that may run at once (the node's report,
 * register and preview slots, domain/work-bounds.ts), each stopped after a minute unused, so an idle API node holds none.
 */
import { ChildPool } from './child-pool.ts';
import type { ChildLauncher } from './launcher.ts';

/** How long a report child waits unused before it is stopped. */
export const REPORT_CHILD_IDLE_MS = 60_000;

export function keptReportChildren(launcher: ChildLauncher, maxKept: number, idleMs = REPORT_CHILD_IDLE_MS): ChildPool {
  return new ChildPool(() => launcher.start('reports'), maxKept, { spare: false, idleMs });
}
