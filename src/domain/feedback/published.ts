import type { Db } from '../../store/db.ts';
import type { Run } from '../../kernel/model/runs.ts';
import type { PublishedResult } from '../../kernel/result.ts';
import { errors } from '../../kernel/errors.ts';
import { getRunForTenant } from '../../store/repositories/runs.ts';
import { publishedResultOf } from '../../store/repositories/results.ts';

export interface Published {
  run: Run;
  /** feedback_snapshot of the published result. */
  snapshot: string;
  result: PublishedResult;
}

/** The published result of a run of this tenant: 404 not_found for a foreign or missing run, 404 no_report before done. */
export async function loadPublished(db: Db, tenantId: string, runId: string): Promise<Published> {
  const run = await getRunForTenant(db, tenantId, runId);
  if (run.status !== 'done') throw errors.noReport();
  const stored = await publishedResultOf(db, tenantId, run.id);
  if (!stored) throw errors.noReport();
  return { run, ...stored };
}
