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
      tenantId: run.tenantId,
      workerId: ctx.workerId,
      progress: computeProgress('publishing', 1, job.progress.startedAt, Date.now(), { total: pagesTotal, done: pagesTotal }),
      volumeUnits: job.doubleVolume ? 2 : 1,
      at: nowIso(now),
      result: { snapshot, body: result, keys, reportMeta: meta, pdfError },
    },
    (trx, tenant) =>
      recordRunEvent(
        trx,
        { id: run.id, tenant_id: run.tenantId, status: 'done', refunded: false },
        { findings: result.counts.total, pagesTotal, checksLeft: tenant.checksLeft },
        tenant,
        ctx.config.apiVersion,
        now,
      ),
  );
  if (!published) throw new LeaseLost(run.id);
}
