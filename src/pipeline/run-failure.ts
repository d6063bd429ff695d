import type { RunError } from '../domain/run-view.ts';

/** A failure that ends a run with a clear, user-facing reason (refunded), as opposed to a crash. */
export class RunFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly file?: string,
  ) {
    super(message);
    this.name = 'RunFailure';
  }
  toRunError(): RunError {
    return { code: this.code, message: this.message, ...(this.file ? { file: this.file } : {}) };
  }
}

/** Thrown inside a run when its lease was lost: another worker owns it now, so stop without writing. */
export class LeaseLost extends Error {
  constructor(runId: string) {
    super(`Lease lost for run ${runId}`);
    this.name = 'LeaseLost';
  }
}
