/**
 * The pipeline as a list: every stage a claimed run goes through, in order, with its code, the Russian
 * stage_text, its share of the progress bar (these three from src/kernel/stages.ts, where the store and the
 * API read them too) and the function that carries it out. processRun enters each in turn.
 */
import { PROCESSING_STAGES, type ProcessingStage } from '../kernel/stages.ts';
import type { RunJob } from './run-job.ts';
import { prepare } from './stages/prepare.ts';
import { publish } from './stages/publish.ts';
import { read } from './stages/read.ts';
import { report } from './stages/report.ts';
import { review } from './stages/review.ts';

export interface PipelineStage {
  code: ProcessingStage;
  text: string;
  span: readonly [number, number];
  run(job: RunJob): Promise<void>;
}

const RUNS: Record<ProcessingStage, (job: RunJob) => Promise<void>> = {
  preparing: prepare,
  reading: read,
  reviewing: review,
  reporting: report,
  publishing: publish,
};

export const STAGES: readonly PipelineStage[] = PROCESSING_STAGES.map((s) => ({ ...s, run: RUNS[s.code] }));

/** Share of the whole run each stage stands for, so percent and eta_s move smoothly. */
export const STAGE_SPAN = Object.fromEntries(STAGES.map((s) => [s.code, s.span])) as Record<ProcessingStage, readonly [number, number]>;
