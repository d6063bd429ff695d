/**
 * The bounds of the work a node does on request, one set per API process, built from the configuration: every kind
 * done in a child process (page pictures, PDF report builds, registers of remarks, archive previews) is a WorkSlots of
 * its own (isolation/work-slots.ts) — per organization (429 past its share) and per node (503 past the node's queue),
 * fair across organizations, identical requests joined — and the upload bound
 * (intake-slots.ts) is shared by POST /runs and POST /imports/preview. A run's own processing (its conversions,
 * readers and review) is bounded by the worker's slots instead (pipeline/worker.ts).
 */
import type { Config } from '../config.ts';
import type { WorkKind } from '../kernel/errors.ts';
import { WorkSlots, type WorkSlotsStats } from '../isolation/work-slots.ts';
import { IntakeSlots } from './intake-slots.ts';

export interface WorkBounds {
  readonly pages: WorkSlots;
  readonly reports: WorkSlots;
  readonly registers: WorkSlots;
  readonly previews: WorkSlots;
  /** Sets in intake per organization: uploads (POST /runs) and archive previews alike. */
  readonly intake: IntakeSlots;
  /** The numbers of every kind now (children running and queued, requests joined and refused), for logs and metrics. */
  stats(): WorkBoundsStats;
}

export interface WorkBoundsStats {
  kinds: Record<WorkKind, WorkSlotsStats>;
  intake: { running: number; queued: number; refused: number };
}

type BoundsConfig = Pick<
  Config,
  | 'pageRenderSlots'
  | 'pageRendersPerOrganization'
  | 'pageRenderTimeoutMs'
  | 'reportBuildSlots'
  | 'registerBuildSlots'
  | 'reportBuildsPerOrganization'
  | 'archivePreviewSlots'
  | 'workQueuePerSlot'
  | 'intakeSlotsPerOrganization'
  | 'intakeWaitMs'
>;

/**
 * After how long a page picture gives its slot to the next organization and renders on beside the slots: a drawing
 * sheet takes a second or two, a hostile page would take the whole PAGE_RENDER_TIMEOUT_MS.
 */
const PAGE_OVERDUE_MS = 5000;

export function workBounds(config: BoundsConfig): WorkBounds {
  const slots = (kind: WorkKind, n: number, perOrganization: number, firstEstimateMs: number, overdueMs?: number) =>
    new WorkSlots({ kind, slots: n, perOrganization, queue: n * config.workQueuePerSlot, firstEstimateMs, ...(overdueMs ? { overdueMs } : {}) });
  const pages = slots(
    'page_render',
    config.pageRenderSlots,
    config.pageRendersPerOrganization,
    2000,
    Math.min(PAGE_OVERDUE_MS, config.pageRenderTimeoutMs / 2),
  );
  // A PDF build of a large run takes a minute; a register a second or two.
  const reports = slots('pdf_build', config.reportBuildSlots, config.reportBuildsPerOrganization, 30_000);
  const registers = slots('register_build', config.registerBuildSlots, config.reportBuildsPerOrganization, 3000);
  // An organization's previews are bounded by its intake slots already; here they share the node's unpacking.
  const previews = slots('archive_preview', config.archivePreviewSlots, config.intakeSlotsPerOrganization, 5000);
  const intake = new IntakeSlots(config.intakeSlotsPerOrganization, config.intakeWaitMs);
  return {
    pages,
    reports,
    registers,
    previews,
    intake,
    stats: () => ({
      kinds: {
        page_render: pages.stats(),
        pdf_build: reports.stats(),
        register_build: registers.stats(),
        archive_preview: previews.stats(),
      },
      intake: intake.stats(),
    }),
  };
}
