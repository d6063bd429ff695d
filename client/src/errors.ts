/**
 * Typed errors. An answer of the service becomes DrsApiError whatever its body (the contract's JSON
 * envelope, a 422 list, or a gateway's HTML page); a request that got no answer becomes DrsNetworkError.
 */

/** detail of the contract's error envelope; fields the service adds later are kept. */
export interface ErrorDetail {
  error: string;
  message: string;
  file?: string;
  [field: string]: unknown;
}

export class DrsError extends Error {
  /** The Idempotency-Key an upload used: repeat with it after a lost response (it makes no second run). */
  idempotencyKey?: string;
  override name = 'DrsError';
}

/** The single code the contract gives a status, for answers that carry no envelope (a gateway's 413 page). */
const CODE_OF_STATUS: Record<number, string> = {
  401: 'unauthorized',
  402: 'no_checks_left',
  403: 'forbidden',
  404: 'not_found',
  413: 'too_big',
  429: 'too_many_requests',
};

export interface ApiErrorInit {
  status: number;
  detail: ErrorDetail;
  contentType: string;
  /** false when the body was not the contract's JSON envelope (HTML, text, broken JSON). */
  envelope: boolean;
  requestId?: string;
  retryAfterMs?: number;
  /** First characters of a body that was not an envelope, for logs. */
  bodySnippet?: string;
}

export class DrsApiError extends DrsError {
  override name = 'DrsApiError';
  readonly status: number;
  readonly detail: ErrorDetail;
  readonly contentType: string;
  readonly envelope: boolean;
  readonly requestId?: string;
  readonly retryAfterMs?: number;
  readonly bodySnippet?: string;

  constructor(init: ApiErrorInit) {
    super(`HTTP ${init.status} ${init.detail.error}: ${init.detail.message}`);
    this.status = init.status;
    this.detail = init.detail;
    this.contentType = init.contentType;
    this.envelope = init.envelope;
    if (init.requestId !== undefined) this.requestId = init.requestId;
    if (init.retryAfterMs !== undefined) this.retryAfterMs = init.retryAfterMs;
    if (init.bodySnippet !== undefined) this.bodySnippet = init.bodySnippet;
  }

  /** detail.error: the machine-readable code. */
  get code(): string {
    return this.detail.error;
  }

  /** detail.file: the name of the problem file, when the service names one. */
  get file(): string | undefined {
    return this.detail.file;
  }

  /** An error answer that had no JSON envelope: its code is taken from the status. */
  static fromStatus(status: number, contentType: string, text: string, extra: Partial<ApiErrorInit> = {}): DrsApiError {
    const shown = contentType.split(';')[0]?.trim() || 'без Content-Type';
    return new DrsApiError({
      status,
      contentType,
      envelope: false,
      detail: {
        error: CODE_OF_STATUS[status] ?? (status >= 500 ? 'service_unavailable' : `http_${status}`),
        message: `Ответ HTTP ${status} не в формате JSON (${shown}); вероятно, ответил шлюз перед сервисом`,
      },
      bodySnippet: text.slice(0, 500),
      ...extra,
    });
  }
}

/** No answer: connection refused or reset, DNS failure, timeout, a body cut short. */
export class DrsNetworkError extends DrsError {
  override name = 'DrsNetworkError';
  constructor(
    message: string,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A request the client refuses to send (a bad argument), before any byte goes out. */
export class DrsUsageError extends DrsError {
  override name = 'DrsUsageError';
}
