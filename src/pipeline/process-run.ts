import { mkdir, rm } from 'node:fs/promises';
import type { Run } from '../kernel/model/runs.ts';
import { documentsOf } from '../store/repositories/runs.ts';
import { tenantOfRun } from '../store/repositories/processing.ts';
import { runWorkDir } from '../kernel/scratch.ts';
import { ProgressWriter, type RunContext, type RunJob } from './run-job.ts';
import { STAGES } from './stages.ts';
import type { ProcessingStage } from '../kernel/stages.ts';

export type { RunContext } from './run-job.ts';

/**
 * Carries one claimed run through every stage of the pipeline (stages.ts), in order, to done; each stage is
 * entered — its code, text and progress written while the lease holds — before it runs. Answers the seconds
 * each stage took; throws RunFailure / LeaseLost / crash errors to the caller (the run child, child-main.ts).
 */
export async function processRun(ctx: RunContext, run: Run): Promise<Partial<Record<ProcessingStage, number>>> {
  const workDir = runWorkDir(ctx.config.dataDir, ctx.workerId, run.id);
  await rm(workDir, { recursive: true, force: true });
  await mkdir(workDir, { recursive: true });
  try {
    const job: RunJob = {
      ctx,
      run,
      // read for its limits and profile
      tenant: await tenantOfRun(ctx.store.db, run.tenantId),
      documents: await documentsOf(ctx.store.db, run.id),
      workDir,
      progress: new ProgressWriter(ctx, run.id, Date.now()),
      prepared: [],
      pagesTotal: 0,
      doubleVolume: run.doubleVolume,
      read: null,
      outcome: null,
      reports: null,
    };
    const seconds: Partial<Record<ProcessingStage, number>> = {};
    for (const stage of STAGES) {
      const began = performance.now();
      await job.progress.stage(stage.code);
      await stage.run(job);
      seconds[stage.code] = (performance.now() - began) / 1000;
    }
    return seconds;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
