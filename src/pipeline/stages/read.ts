import { join } from 'node:path';
import { readingSettingsOf } from '../../config.ts';
import type { DocFormat } from '../../ingest/types.ts';
import { profileItems } from '../../kernel/docset.ts';
import { readSet } from '../../review/engine.ts';
import type { ReviewInput } from '../../review/types.ts';
import { LeaseLost } from '../run-failure.ts';
import type { RunJob } from '../run-job.ts';

/** What the review is given: the prepared documents, the run's request and the organization's profile. */
export function reviewInputOf(job: RunJob): ReviewInput {
  return {
    documents: job.prepared.map(({ document: d, localPath, pdfPath }) => ({
      index: d.idx,
      name: d.name,
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
}
