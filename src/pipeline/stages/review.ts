import { checkSet } from '../../review/engine.ts';
import { fromEarlierStage, type RunJob } from '../run-job.ts';
import { reviewInputOf } from './read.ts';

/** Runs every check over the facts read; warnings from preparation (conversion unavailable, unreadable documents) join the result. */
export async function review(job: RunJob): Promise<void> {
  const outcome = checkSet(reviewInputOf(job), fromEarlierStage(job.read, 'the read set'));
  for (const p of job.prepared) for (const w of p.document.warnings) outcome.warnings.push({ code: 'prepare', message: w, doc_index: p.document.idx });
  job.outcome = outcome;
}
