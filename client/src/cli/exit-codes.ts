/** Exit codes of drs-client; documented in client/README.md and in the help text. */
export const EXIT = {
  /** The command succeeded; with --wait: the run is done. */
  ok: 0,
  /** The run ended failed (or was cancelled). */
  runFailed: 1,
  /** Wrong arguments, missing address or key, unreadable local file. */
  usage: 2,
  /** The service answered with an error (4xx/5xx), also a gateway's non-JSON answer. */
  api: 3,
  /** No answer from the service after the retries. */
  network: 4,
  /** verify-webhook: the signature does not match the body. */
  badSignature: 5,
  /** An unexpected failure of the program itself (a bug): report it with the printed stack. */
  internal: 70,
  /** Interrupted (Ctrl-C) while waiting; the run goes on. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure of the command line itself (wrong arguments): exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
