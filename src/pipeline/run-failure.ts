/**
 * Thrown inside a run when its lease was lost: another worker owns it now, so stop without writing.
 * (A run's own failures, with their codes and messages, are RunFailure in the error catalogue, kernel/errors.ts.)
 */
export class LeaseLost extends Error {
  constructor(runId: string) {
    super(`Lease lost for run ${runId}`);
    this.name = 'LeaseLost';
  }
}
