/**
 * The archive preview (POST /imports/preview) done in one of the API's kept children (`drs job-child reports`):
 * unpacking reads and writes every entry of nested archives, thousands of small steps that on the API's event loop
 * held up every other organization's requests. The child unpacks into the scratch folder it is given and removes it;
 * the received file stays the route's to remove; only paths, limits and the listing cross the IPC channel. A request
 * error raised in the child (a broken or hostile archive, a limit) comes back as the same error of the catalogue.
 */
import { errors } from '../kernel/errors.ts';
import type { ArchivePreview } from '../ingest/unpack.ts';
import type { IntakeLimits, UploadedFile } from '../ingest/types.ts';
import type { ChildPool } from './child-pool.ts';
import type { JobOutcome } from './isolated-child.ts';

export type PreviewArchive = (upload: UploadedFile, scratchDir: string, limits: IntakeLimits) => Promise<ArchivePreview>;

/** The error a preview that gave no listing is answered with. */
export function previewFailure(outcome: JobOutcome, upload: UploadedFile, memoryMb: number): Error {
  switch (outcome.kind) {
    case 'refused':
      return errors.relayed(outcome.code, outcome.message, outcome.file);
    case 'timeout':
      return errors.archiveTimedOut(upload.name);
    case 'crash':
      // the system's code kept, so a full disk is answered 507 as in process (http/error-handler.ts)
      return Object.assign(new Error(outcome.message), outcome.code ? { code: outcome.code } : {});
    case 'died':
      if (outcome.death.outOfMemory) return new Error(`archive preview exceeded its memory limit (${memoryMb} MB)`);
      return new Error(`archive preview process ended (${outcome.death.signal ?? `exit code ${outcome.death.code}`})`);
    default:
      return new Error(`archive preview ended unexpectedly (${outcome.kind})`);
  }
}

export function isolatedArchivePreview(children: ChildPool, limits: { memoryMb: number; timeoutMs: number }): PreviewArchive {
  return async (upload, scratchDir, intakeLimits) => {
    const outcome = await children.perform({ type: 'preview', upload, scratchDir, limits: intakeLimits }, { timeoutMs: limits.timeoutMs });
    if (outcome.kind === 'preview') return outcome.preview;
    throw previewFailure(outcome, upload, limits.memoryMb);
  };
}
