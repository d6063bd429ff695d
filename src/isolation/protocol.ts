/**
 * Messages between the service and its isolated children (`drs job-child`) over the IPC channel of `fork`.
 *
 * Only control travels here: which job to do and how it ended. A child opens its own store and blob store
 * with the same configuration (the environment is inherited) and writes progress, documents, the result and
 * its webhook event itself, as the worker did in process: those writes are transactions of the store
 * (conditional on the lease), which an IPC relay would have to re-implement, and the lease conditions already
 * make a child that lost its run write nothing.
 */
import type { RunError } from '../kernel/errors.ts';
import type { PdfKeys } from '../report/index.ts';
import type { DecidedState } from '../report/decided.ts';
import type { Run } from '../kernel/model/runs.ts';
import type { ProcessingStage } from '../kernel/stages.ts';
import type { RegisterFormat, RegisterQuery } from '../report/register/index.ts';
import type { ArchivePreview } from '../ingest/unpack.ts';
import type { IntakeLimits, UploadedFile } from '../ingest/types.ts';
import type { ErrorCode } from '../kernel/errors.ts';

/** What a child is started for: processing claimed runs, or work on request (PDF rebuilds, registers, archive previews). */
export type ChildPurpose = 'runs' | 'reports';

export type Job =
  /** Carry a claimed run through every stage; `workerId` holds its lease (renewed by the parent). */
  | { type: 'run'; run: Run; workerId: string }
  /** Build every PDF and the ZIP of a published run from the stored result (src/report/rebuild.ts). */
  | { type: 'pdf'; runId: string }
  /** Build every PDF and the ZIP of a published run as its decisions stand (src/report/decided.ts). */
  | { type: 'decided-pdf'; runId: string; state: DecidedState }
  /**
   * Draw the register of remarks of a published run for one key, as XLSX or DOCX, with its decisions as they stand
   * (src/report/register/): the child loads the result and the decisions itself.
   */
  | { type: 'register'; tenantId: string; keyId: string; runId: string; format: RegisterFormat; query: RegisterQuery }
  /** List what the archive at `upload.path` holds, unpacking it under `scratchDir` within the organization's limits (ingest/unpack.ts). */
  | { type: 'preview'; upload: UploadedFile; scratchDir: string; limits: IntakeLimits }
  /** Render page `page` (from 1) of the file at `input` to a PNG at `output` (isolation/page-render-child.mjs). */
  | { type: 'page'; input: string; mime: string; page: number; longestSide: number; output: string; timeoutMs: number };

export type ToChild = Job | { type: 'stop' };

/** How a job ended inside a child that lived to tell. */
export type JobResult =
  /** A run carried to done; `stageSeconds`: how long each stage took (kernel/metrics.ts drs_run_stage_duration_seconds). */
  | { kind: 'done'; stageSeconds?: Partial<Record<ProcessingStage, number>> }
  | { kind: 'failure'; error: RunError }
  | { kind: 'lease_lost' }
  /** `code`: the system's error code when there is one (ENOSPC: the API answers 507 as it would in process). */
  | { kind: 'crash'; message: string; code?: string }
  | { kind: 'pdf'; keys: PdfKeys }
  /** The register file, base64 (the IPC channel carries JSON), with its name and type. */
  | { kind: 'register'; base64: string; fileName: string; contentType: string }
  /** What the archive holds. */
  | { kind: 'preview'; preview: ArchivePreview }
  /** The work was refused with a request error of the catalogue (a broken or hostile archive, a limit). */
  | { kind: 'refused'; code: ErrorCode; message: string; file?: string }
  /** The page's PNG is written where the job said. */
  | { kind: 'page' }
  /** The document has `pages` pages, fewer than the one asked for. */
  | { kind: 'no_such_page'; pages: number };

export type FromChild = { type: 'ready' } | { type: 'result'; result: JobResult };
