/**
 * The register of remarks drawn in a kept child process (`drs job-child reports`) with RUN_MEMORY_MB of heap and
 * PDF_BUILD_TIMEOUT_MS of time: ExcelJS and docx spend CPU in proportion to the findings (a thousand of them take
 * a noticeable part of a second), and so do reading a large result and its decisions and choosing the rows, which on
 * the API's event loop would hold up every other request. Only the ids cross; the child loads what the register is
 * drawn from, and the file comes back over the IPC channel. The child is kept between registers
 * (report-children.ts): starting the program anew for each file cost more than writing it.
 */
import type { ChildPool } from './child-pool.ts';
import type { JobOutcome } from './isolated-child.ts';
import type { RegisterFile, RegisterFormat, RegisterQuery } from '../report/register/index.ts';

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

/** Which register: the organization, the key drawing it, the run, its format and its variant and filter. */
export interface RegisterRequest {
  tenantId: string;
  keyId: string;
  runId: string;
  format: RegisterFormat;
  query: RegisterQuery;
}

export type RegisterBuild = (request: RegisterRequest) => Promise<RegisterFile>;

export function isolatedRegisterBuild(children: ChildPool, limits: { memoryMb: number; timeoutMs: number }): RegisterBuild {
  return async (request) => {
    const outcome = await children.perform({ type: 'register', ...request }, { timeoutMs: limits.timeoutMs });
    if (outcome.kind === 'register') return { body: Buffer.from(outcome.base64, 'base64'), fileName: outcome.fileName, contentType: outcome.contentType };
    throw new Error(registerFailure(outcome, limits.memoryMb));
  };
}
