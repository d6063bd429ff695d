/**
 * The one place errors become HTTP: the status of every code of the catalogue (kernel/errors.ts), the
 * envelope {"detail": {"error", "message", "file"?}}, Retry-After, and the mapping of the framework's own
 * errors onto the catalogue so every error looks the same to a client.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { type AppError, errors, isAppError, type ErrorCode } from '../kernel/errors.ts';
import { boundsRefused } from '../kernel/metrics.ts';

/** The status of each code, as the contract lists it. */
export const HTTP_STATUS: Record<ErrorCode, number> = {
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
  run_not_finished: 409,
  idempotency_pending: 409,
  idempotency_conflict: 409,
  section_unavailable: 409,
  thematic_unavailable: 409,
  report_changed: 409,
  version_conflict: 409,
  discipline_already_assigned: 409,
  memory_already_proposed: 409,
  request_timeout: 408,
  uri_too_long: 414,
  unsupported_media_type: 415,
  validation_error: 422,
  too_many_requests: 429,
  headers_too_large: 431,
  internal_error: 500,
  pdf_unavailable: 503,
  backend_unavailable: 503,
  profile_broken: 503,
  storage_full_retry: 507,
};

export interface ErrorBody {
  detail: { error: string; message: string; file?: string };
}

export const httpStatusOf = (e: AppError): number => HTTP_STATUS[e.code];

/** The contract's error envelope. */
export function errorBody(e: AppError): ErrorBody {
  return { detail: { error: e.code, message: e.message, ...(e.file !== undefined ? { file: e.file } : {}) } };
}

/** Fastify's own error codes mapped to the catalogue. */
function fromFastifyError(err: FastifyError): AppError | null {
  if (err.validation) {
    const first = err.validation[0];
    const where = err.validationContext ?? 'request';
    const path = first?.instancePath ? `${where}${first.instancePath}` : where;
    const param = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
    return param ? errors.missingParameter(param, where) : errors.badParameter(path, first?.message ?? 'ошибка проверки');
  }
  switch (err.code) {
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return errors.uriTooLong();
    case 'FST_ERR_BAD_URL':
      return errors.badPath();
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errors.bodyTooLarge();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errors.unsupportedContentType();
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errors.badJson();
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errors.badContentLength();
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return errors.multipartExpected();
    case 'FST_REQ_FILE_TOO_LARGE':
      return errors.partTooLarge();
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return errors.tooManyParts();
    case 'FST_FIELDS_LIMIT':
      return errors.tooManyFields();
    case 'FST_PROTO_VIOLATION':
      return errors.badFieldName();
    default:
      break;
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    if (err.statusCode === 429) return errors.tooManyRequests();
    return errors.rejectedByFramework(err.message);
  }
  return null;
}

/**
 * Codes with which a write fails for want of space: the file system's (ENOSPC, EDQUOT: a quota), SQLite's
 * (SQLITE_FULL: the database or its journal could not grow) and PostgreSQL's (53100 disk_full).
 */
const NO_SPACE_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);

/** True when the error, or one it was caused by, is a write that found no space. */
export function isNoSpace(err: unknown, depth = 0): boolean {
  if (err === null || typeof err !== 'object' || depth > 4) return false;
  const { code, cause, errors: inner } = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && NO_SPACE_CODES.has(code)) return true;
  if (Array.isArray(inner) && inner.some((e) => isNoSpace(e, depth + 1))) return true;
  return isNoSpace(cause, depth + 1);
}

/** A write without space answered 507: an upload's own message (retry with the same Idempotency-Key), else the general one. */
function noSpaceError(request: FastifyRequest): AppError {
  return request.method === 'POST' && request.isMultipart() ? errors.storageFull() : errors.storageFullWrite();
}

export function renderError(err: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // Already answered (a stalled upload gets its 408 before its handler fails): nothing more to send.
  if (reply.sent || reply.raw.headersSent) return reply;
  // A full disk (files, SQLite, PostgreSQL) is temporary, whichever write met it: 507, the client retries.
  const diskFull = !isAppError(err) && isNoSpace(err) ? noSpaceError(request) : null;
  if (diskFull) request.log.warn({ err }, 'write failed for want of space');
  let appErr = isAppError(err) ? err : (diskFull ?? fromFastifyError(err as FastifyError));
  if (!appErr) {
    request.log.error({ err }, 'unhandled error');
    appErr = errors.internal();
  } else if (httpStatusOf(appErr) >= 500) {
    request.log.warn({ code: appErr.code, msg: appErr.message }, 'service unavailable answer');
  }
  const status = httpStatusOf(appErr);
  if (appErr.bound !== undefined) boundsRefused.inc({ bound: appErr.bound });
  if (appErr.retryAfter !== undefined || status === 429 || status === 503) {
    reply.header('Retry-After', String(appErr.retryAfter ?? 5));
  }
  // Framework errors (bad URL, long parameter) bypass the onRequest hook that sets it.
  reply.header('X-Request-Id', request.id).header('X-Content-Type-Options', 'nosniff');
  return reply.status(status).type('application/json; charset=utf-8').send(errorBody(appErr));
}
