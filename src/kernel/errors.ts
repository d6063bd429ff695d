/**
 * The error catalogue: every error code of the contract with its HTTP status and a factory.
 * Rendered to the envelope {"detail": {"error", "message", "file"?}} in one place (app.ts).
 */
export const ERROR_STATUS = {
  no_files: 400,
  bad_format: 400,
  too_many_files: 400,
  too_big: 413,
  bad_section: 400,
  bad_theme: 400,
  conflicting_filters: 400,
  section_pdf_only: 400,
  bad_request: 400,
  unauthorized: 401,
  no_checks_left: 402,
  forbidden: 403,
  not_found: 404,
  no_report: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  review_already_started: 409,
  /** Not in the contract's list: DELETE /runs/{id}/documents before the run has finished. */
  run_not_finished: 409,
  idempotency_pending: 409,
  idempotency_conflict: 409,
  section_unavailable: 409,
  thematic_unavailable: 409,
  report_changed: 409,
  version_conflict: 409,
  discipline_already_assigned: 409,
  memory_already_proposed: 409,
  /** Not in the contract's list: a body that stalled (no byte for UPLOAD_IDLE_MS) or never completed. */
  request_timeout: 408,
  /** Not in the contract's list: a path parameter longer than any identifier. */
  uri_too_long: 414,
  unsupported_media_type: 415,
  validation_error: 422,
  too_many_requests: 429,
  /** Not in the contract's list: request line and headers over the server's limit (16 KB). */
  headers_too_large: 431,
  internal_error: 500,
  pdf_unavailable: 503,
  backend_unavailable: 503,
  profile_broken: 503,
  storage_full_retry: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly file?: string,
    /** Seconds for a Retry-After header (429, 503, idempotency_pending). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return { detail: { error: this.code, message: this.message, ...(this.file !== undefined ? { file: this.file } : {}) } };
  }
}

export interface ErrorBody {
  detail: { error: string; message: string; file?: string };
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** Factories for the errors raised in more than one place. Messages are Russian: they are shown to users. */
export const errors = {
  unauthorized: (why = 'Ключ доступа отсутствует, неверен или отозван') => new AppError('unauthorized', why),
  forbidden: () => new AppError('forbidden', 'Доступ организации приостановлен'),
  notFound: (what = 'Объект не найден') => new AppError('not_found', what),
  noReport: () => new AppError('no_report', 'Результат проверки ещё не опубликован'),
  validation: (message: string, file?: string) => new AppError('validation_error', message, file),
  noFiles: () => new AppError('no_files', 'Не передано ни одного файла в поле files'),
  badFormat: (message: string, file?: string) => new AppError('bad_format', message, file),
  tooManyFiles: (limit: number) =>
    new AppError('too_many_files', `Превышено число документов в комплекте: не более ${limit}`),
  tooBig: (message: string, file?: string) => new AppError('too_big', message, file),
  noChecksLeft: () => new AppError('no_checks_left', 'Не осталось проверок на счёте организации'),
  versionConflict: (current: number) =>
    new AppError('version_conflict', `Версия устарела; текущая версия: ${current}. Получите запись заново`),
  idempotencyConflict: (what = 'Ключ идемпотентности уже использован для другого запроса') =>
    new AppError('idempotency_conflict', what),
  pdfUnavailable: (retryAfter = 30) =>
    new AppError('pdf_unavailable', 'PDF-отчёт сейчас не может быть сформирован; повторите позже', undefined, retryAfter),
  storageFull: () =>
    new AppError('storage_full_retry', 'Недостаточно места для приёма комплекта; повторите позже с тем же Idempotency-Key'),
};
