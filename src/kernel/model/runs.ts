/** A run and its documents as the store returns them: flags as booleans, JSON columns parsed, camelCase. */
import type { RunError } from '../errors.ts';
import type { Progress } from '../progress.ts';

export type RunStatus = 'queued' | 'running' | 'done' | 'failed';

/** A file left out while unpacking an archive, and why. */
export interface SkippedFile {
  name: string;
  reason: string;
}

export interface Run {
  id: string;
  tenantId: string;
  status: RunStatus;
  /** Stage code and its Russian text (kernel/stages.ts). */
  stage: string;
  stageText: string;
  /** Null until the first stage wrote it. */
  progress: Progress | null;
  /** Why the run failed; null otherwise (also for failures stored before errors were kept). */
  error: RunError | null;
  /** The run was cancelled while queued (its status is failed and it is refunded). */
  cancelled: boolean;
  /** A check was charged at acceptance. */
  charged: boolean;
  refunded: boolean;
  /** Over max_pages: charged a second check for double volume. */
  doubleVolume: boolean;
  volumeUnits: number;
  userRequest: string | null;
  objectAddress: string | null;
  bundleId: string | null;
  /** Bundle label and version as they were when the run was created (renames do not change runs). */
  bundleLabel: string | null;
  bundleVersion: number | null;
  /** Files skipped while unpacking. */
  skipped: SkippedFile[];
  idempotencyKey: string | null;
  /** The key that created the run. */
  keyId: string;
  /** Claims so far (a worker or child lost counts as one). */
  attempts: number;
  leaseOwner: string | null;
  leaseExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** When DELETE /runs/{id}/documents removed the run's sources; null while they are kept. */
  documentsDeletedAt: string | null;
}

export type DocumentRole = 'review' | 'context';

/** A document of a run: number idx (from 1) in the set, what acceptance and preparation learned about it. */
export interface RunDocument {
  runId: string;
  idx: number;
  name: string;
  kind: string | null;
  /** The client chose the kind (not guessed). */
  kindChosen: boolean;
  kindGuess: string | null;
  role: DocumentRole;
  format: string;
  size: number;
  sha256: string;
  /** Blob key of the original document. */
  blobKey: string;
  /** Blob key of the converted PDF, when converted. */
  pdfBlobKey: string | null;
  pages: number | null;
  converted: boolean;
  /** Running page numbers of the document across the set. */
  pageFrom: number | null;
  pageTo: number | null;
  /** Warnings produced while preparing the document. */
  warnings: string[];
  /** Why not one page of the document could be read, in Russian; null when it was read or reading has not ended. */
  unreadReason: string | null;
}
