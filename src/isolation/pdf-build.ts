/**
 * The PDF rebuild of a download (report/rebuild.ts) done in a child process of the program with RUN_MEMORY_MB of heap
 * and PDF_BUILD_TIMEOUT_MS of time: rendering is CPU work of seconds (and a hostile result could make it more),
 * which on the API's event loop would hold up every other request. The child is one of the API's kept report
 * children (report-children.ts), shared with the registers: after a decision every report download rebuilds.
 */
import type { DecidedState } from '../report/decided.ts';
import type { ChildPool } from './child-pool.ts';
import type { JobOutcome } from './isolated-child.ts';
import type { PdfKeys } from '../report/index.ts';

/** Why a build in a child gave no PDFs, as pdf_error records it. */
export function buildFailure(outcome: JobOutcome, memoryMb: number): string {
  switch (outcome.kind) {
    case 'crash':
      return outcome.message;
    case 'timeout':
      return `PDF build exceeded ${outcome.ms} ms`;
    case 'died':
      if (outcome.death.outOfMemory) return `PDF build exceeded its memory limit (${memoryMb} MB)`;
      return `PDF build process ended (${outcome.death.signal ?? `exit code ${outcome.death.code}`})`;
    default:
      return `PDF build ended unexpectedly (${outcome.kind})`;
  }
}

export function isolatedPdfBuild(children: ChildPool, limits: { memoryMb: number; timeoutMs: number }): (runId: string) => Promise<PdfKeys> {
  return async (runId) => {
    const outcome = await children.perform({ type: 'pdf', runId }, { timeoutMs: limits.timeoutMs });
    if (outcome.kind === 'pdf') return outcome.keys;
    throw new Error(buildFailure(outcome, limits.memoryMb));
  };
}

/** The PDFs as the decisions stand (report/decided.ts), built in a child like the rebuild. */
export function isolatedDecidedPdfBuild(
  children: ChildPool,
  limits: { memoryMb: number; timeoutMs: number },
): (runId: string, state: DecidedState) => Promise<PdfKeys> {
  return async (runId, state) => {
    const outcome = await children.perform({ type: 'decided-pdf', runId, state }, { timeoutMs: limits.timeoutMs });
    if (outcome.kind === 'pdf') return outcome.keys;
    throw new Error(buildFailure(outcome, limits.memoryMb));
  };
}
