/**
 * The register of remarks written in a kept child process (`drs job-child reports`) with RUN_MEMORY_MB of heap and
 * PDF_BUILD_TIMEOUT_MS of time: ExcelJS and docx spend CPU in proportion to the findings (a thousand of them take
 * a noticeable part of a second), which on the API's event loop would hold up every other request. The rows are
 * chosen in the API (a cheap filter); only their writing crosses, and the file comes back over the IPC channel.
 * The child is kept between registers (report-children.ts): starting the program anew for each file cost more
 * than writing it.
 */
import type { ChildPool } from './child-pool.ts';
import type { JobOutcome } from './isolated-child.ts';
import type { RegisterRenderer } from '../report/register/index.ts';

/** Why a child gave no register. */
export function registerFailure(outcome: JobOutcome, memoryMb: number): string {
  switch (outcome.kind) {
    case 'crash':
      return outcome.message;
    case 'timeout':
      return `register build exceeded ${outcome.ms} ms`;
    case 'died':
      if (outcome.death.outOfMemory) return `register build exceeded its memory limit (${memoryMb} MB)`;
      return `register build process ended (${outcome.death.signal ?? `exit code ${outcome.death.code}`})`;
    default:
      return `register build ended unexpectedly (${outcome.kind})`;
  }
}

export function isolatedRegisterRender(children: ChildPool, limits: { memoryMb: number; timeoutMs: number }): RegisterRenderer {
  return async (format, rows, subtitle) => {
    const outcome = await children.perform({ type: 'register', format, rows, subtitle }, { timeoutMs: limits.timeoutMs });
    if (outcome.kind === 'register') return Buffer.from(outcome.base64, 'base64');
    throw new Error(registerFailure(outcome, limits.memoryMb));
  };
}
