import { checkSet, type UnreadDocument } from '../../review/engine.ts';
import { DOCUMENTS_UNREAD, type ResultWarning } from '../../kernel/result.ts';
import { fromEarlierStage, type RunJob } from '../run-job.ts';
import { reviewInputOf } from './read.ts';

/** The warning that names every document of which no page was read, and why. */
export function unreadWarning(unread: readonly UnreadDocument[], documents: number): ResultWarning {
  const list = unread.map((d) => `«${d.name}» — ${d.reason}`).join('; ');
  return {
    code: DOCUMENTS_UNREAD,
    message: `Не прочитаны документы (${unread.length} из ${documents}): ${list}. Замечания по ним не сформированы, результат относится только к остальным документам комплекта.`,
    ...(unread.length === 1 ? { doc_index: unread[0]!.index } : {}),
  };
}

/** Runs every check over the facts read; warnings from preparation (conversion unavailable, unreadable documents) join the result. */
export async function review(job: RunJob): Promise<void> {
  const outcome = checkSet(reviewInputOf(job), fromEarlierStage(job.read, 'the read set'));
  for (const p of job.prepared) for (const w of p.document.warnings) outcome.warnings.push({ code: 'prepare', message: w, doc_index: p.document.idx });
  const unread = fromEarlierStage(job.read, 'the read set').unread;
  // documents that gave no page head the warnings: the result covers the rest of the set only
  if (unread.length) outcome.warnings.unshift(unreadWarning(unread, job.prepared.length));
  job.outcome = outcome;
}
