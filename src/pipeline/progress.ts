import type { Progress } from '../kernel/progress.ts';
import { STAGE_SPAN } from './stages.ts';

/** Percent and ETA from the stage span and pages done inside it; throttled writes are the caller's job. */
export function computeProgress(
  stage: keyof typeof STAGE_SPAN,
  fraction: number,
  startedAt: number,
  now: number,
  pages: { total: number | null; done: number | null },
): Progress {
  const [from, to] = STAGE_SPAN[stage];
  const percent = Math.round((from + (to - from) * Math.min(1, Math.max(0, fraction))) * 10) / 10;
  const elapsed = Math.max(0, (now - startedAt) / 1000);
  const eta = percent >= 5 && percent < 100 ? Math.round((elapsed * (100 - percent)) / percent) : percent >= 100 ? 0 : null;
  return { percent, pages_total: pages.total, pages_done: pages.done, elapsed_s: Math.round(elapsed * 10) / 10, eta_s: eta };
}
