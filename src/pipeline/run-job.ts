/**
 * One claimed run on its way through the stages: what every stage is given (the context, the run, its
 * organization and documents, the progress writer) and what the stages hand on to each other.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Store } from '../store/db.ts';
import type { BlobStore } from '../blobs/blob-store.ts';
import type { Organization } from '../kernel/model/organization.ts';
import type { Run, RunDocument } from '../kernel/model/runs.ts';
import type { ReadSet } from '../review/engine.ts';
import type { PublishedResult, ReviewOutcome } from '../kernel/result.ts';
import type { ReportKeys, ReportMeta } from '../report/types.ts';
import type { ProcessingStage } from '../kernel/stages.ts';
import { recordRunStage } from '../store/queue/runs.ts';
import { computeProgress } from './progress.ts';
import { LeaseLost } from './run-failure.ts';

export interface RunContext {
  config: Config;
  store: Store;
  blobs: BlobStore;
  log: Logger;
  workerId: string;
  /** Aborted when the lease is lost or the worker shuts down. */
  signal: AbortSignal;
}

/** A document after preparation: as updated (with what went wrong in its warnings), where it lies in the work directory. */
export interface PreparedDocument {
  document: RunDocument;
  localPath: string;
  pdfPath: string | null;
}

/** The reports of the run, built before publication. */
export interface BuiltReports {
  snapshot: string;
  result: PublishedResult;
  meta: ReportMeta;
  keys: ReportKeys;
  /** Why the PDFs could not be built (the first download rebuilds them), or null. */
  pdfError: string | null;
}

export interface RunJob {
  ctx: RunContext;
  /** The run the claim returned, so it is current. */
  run: Run;
  tenant: Organization;
  documents: RunDocument[];
  /** Scratch directory of this attempt, removed when it ends. */
  workDir: string;
  progress: ProgressWriter;
  /** Set by the stages, in order. */
  prepared: PreparedDocument[];
  pagesTotal: number;
  doubleVolume: boolean;
  read: ReadSet | null;
  outcome: ReviewOutcome | null;
  reports: BuiltReports | null;
}

/** A value an earlier stage must have set: its absence is a fault in the stage list, not in the run. */
export function fromEarlierStage<T>(value: T | null, what: string): T {
  if (value === null) throw new Error(`${what} is missing: the stage that makes it did not run`);
  return value;
}

const PROGRESS_WRITE_MS = 1000;

/** Writes stage and progress while this worker holds the lease, at most once a second for progress within a stage. */
export class ProgressWriter {
  private lastWrite = 0;
  pagesTotal: number | null = null;

  constructor(
    private readonly ctx: RunContext,
    private readonly runId: string,
    readonly startedAt: number,
  ) {}

  async stage(stage: ProcessingStage): Promise<void> {
    await this.write(stage, 0, null, true);
  }

  async report(stage: ProcessingStage, fraction: number, pagesDone: number | null): Promise<void> {
    await this.write(stage, fraction, pagesDone, false);
  }

  private async write(stage: ProcessingStage, fraction: number, pagesDone: number | null, force: boolean): Promise<void> {
    if (this.ctx.signal.aborted) throw new LeaseLost(this.runId);
    const now = Date.now();
    if (!force && now - this.lastWrite < PROGRESS_WRITE_MS) return;
    this.lastWrite = now;
    const progress = computeProgress(stage, fraction, this.startedAt, now, { total: this.pagesTotal, done: pagesDone });
    if (!(await recordRunStage(this.ctx.store.db, this.runId, this.ctx.workerId, stage, progress))) throw new LeaseLost(this.runId);
  }
}
