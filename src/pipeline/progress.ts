import type { Progress } from '../kernel/progress.ts';
import { PROCESSING_STAGES, type ProcessingStage } from '../kernel/stages.ts';

/** Percent and ETA from the stage span and the fraction done inside it; throttled writes are the caller's job. */
export function computeProgress(
  stage: ProcessingStage,
  fraction: number,
  startedAt: number,
  now: number,
  pages: { total: number | null; done: number | null },
): Progress {
  const [from, to] = PROCESSING_STAGES.find((s) => s.code === stage)!.span;
  const percent = Math.round((from + (to - from) * Math.min(1, Math.max(0, fraction))) * 10) / 10;
  const elapsed = Math.max(0, (now - startedAt) / 1000);
  const eta = percent >= 5 && percent < 100 ? Math.round((elapsed * (100 - percent)) / percent) : percent >= 100 ? 0 : null;
  return { percent, pages_total: pages.total, pages_done: pages.done, elapsed_s: Math.round(elapsed * 10) / 10, eta_s: eta };
}
