export {
  DrsClient,
  type ClientOptions,
  type CallOptions,
  type CreateRunInput,
  type DecideOptions,
  type DownloadResult,
  type ReportFormat,
  type ReportOptions,
} from './client.ts';
export { DrsApiError, DrsError, DrsNetworkError, DrsUsageError, type ErrorDetail } from './errors.ts';
export { DEFAULT_RETRY, type RetryOptions } from './retry.ts';
export type { RetryEvent, RetryMode, TransportOptions } from './transport.ts';
export type { StreamSource, UploadSource } from './sources.ts';
export { DEFAULT_POLL_INTERVAL_MS, MIN_POLL_INTERVAL_MS, waitForRun, type WaitOptions } from './wait.ts';
export { SIGNATURE_HEADER, verifyWebhook, webhookSignature } from './webhook.ts';
export * from './types.ts';
