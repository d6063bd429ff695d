import { join } from 'node:path';
import { readingSettingsOf } from '../../config.ts';
import type { DocFormat } from '../../ingest/types.ts';
import { profileItems } from '../../kernel/docset.ts';
import { readSet } from '../../review/engine.ts';
import type { ReviewInput } from '../../review/types.ts';
import { runFailures } from '../../kernel/errors.ts';
import { displayName } from '../../kernel/display-name.ts';
import { LeaseLost } from '../run-failure.ts';
import { recordUnreadDocuments } from '../../store/repositories/processing.ts';
import type { RunJob } from '../run-job.ts';

/** What the review is given: the prepared documents, the run's request and the organization's profile. */
export function reviewInputOf(job: RunJob): ReviewInput {
  return {
    documents: job.prepared.map(({ document: d, localPath, pdfPath }) => ({
      index: d.idx,
      // findings and warnings quote the name a person can read (kinds were matched on the original at acceptance)
      name: displayName(d.name),
      kind: d.kind,
      role: d.role,
      format: d.format as DocFormat,
      path: localPath,
      pdfPath,
      pages: d.pages,
      pageFrom: d.pageFrom,
    })),
    objectAddress: job.run.objectAddress,
    userRequest: job.run.userRequest,
    profile: profileItems(job.tenant.sections).map(({ code, title, required }) => ({ code, title, required })),
    workDir: join(job.workDir, 'review'),
  };
}

/** Reads every page of the set into facts, reporting pages done. */
export async function read(job: RunJob): Promise<void> {
  job.read = await readSet(
    reviewInputOf(job),
    (p) => void job.progress.report('reading', p.pagesTotal ? p.pagesDone / p.pagesTotal : 0, p.pagesDone).catch(() => undefined),
    readingSettingsOf(job.ctx.config),
  );
  if (job.ctx.signal.aborted) throw new LeaseLost(job.run.id);
  const { unread } = job.read;
  // the readers' own words stay in the logs; the user is told their meaning (the warnings, the failure)
  for (const d of unread) job.ctx.log.warn({ doc_index: d.index, document: d.name, detail: d.detail }, 'document unreadable');
  // the run status names them from now on, whatever the run ends with
  await recordUnreadDocuments(job.ctx.store.db, job.run.id, unread);
  // nothing read is nothing reviewed: a failure with the check refunded, not an empty result
  if (unread.length > 0 && unread.length === job.read.docs.length) throw runFailures.nothingReadable(unread);
}
