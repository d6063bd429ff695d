import { nowIso } from '../../kernel/clock.ts';
import { recordRunEvent } from '../../notify/outbox.ts';
import { publishRun } from '../../store/repositories/processing.ts';
import { computeProgress } from '../progress.ts';
import { LeaseLost } from '../run-failure.ts';
import { fromEarlierStage, type RunJob } from '../run-job.ts';

/** Publishes in one transaction: the result and report keys, the state change to done, and the webhook event. */
export async function publish(job: RunJob): Promise<void> {
  const { ctx, run, pagesTotal } = job;
  const { snapshot, result, meta, keys, pdfError } = fromEarlierStage(job.reports, 'the reports');
  const now = new Date();
  const published = await publishRun(
    ctx.store.db,
    {
      runId: run.id,
      tenantId: run.tenant_id,
      workerId: ctx.workerId,
      progress: JSON.stringify(computeProgress('publishing', 1, job.progress.startedAt, Date.now(), { total: pagesTotal, done: pagesTotal })),
      volumeUnits: job.doubleVolume ? 2 : 1,
      at: nowIso(now),
      result: {
        snapshot,
        body: JSON.stringify(result),
        report_md_key: keys.report_md_key,
        report_pdf_key: keys.report_pdf_key,
        section_pdf_keys: JSON.stringify(keys.section_pdf_keys),
        theme_pdf_keys: JSON.stringify(keys.theme_pdf_keys),
        report_zip_key: keys.report_zip_key,
        report_meta: JSON.stringify(meta),
        pdf_build_attempts: 1,
        pdf_error: pdfError,
      },
    },
    (trx, tenant) =>
      recordRunEvent(
        trx,
        { id: run.id, tenant_id: run.tenant_id, status: 'done', refunded: false },
        { findings: result.counts.total, pagesTotal, checksLeft: tenant.checksLeft },
        tenant,
        ctx.config.apiVersion,
        now,
      ),
  );
  if (!published) throw new LeaseLost(run.id);
}
