import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errors, isAppError } from '../kernel/errors.ts';

/** Fastify's own error codes mapped to the contract's envelope, so every error looks the same to a client. */
function fromFastifyError(err: FastifyError): AppError | null {
  if (err.validation) {
    const first = err.validation[0];
    const where = err.validationContext ?? 'request';
    const path = first?.instancePath ? `${where}${first.instancePath}` : where;
    const param = (first?.params as { missingProperty?: string } | undefined)?.missingProperty;
    const message = param
      ? `Не хватает обязательного параметра «${param}» (${where})`
      : `Неверное значение параметра (${path}): ${first?.message ?? 'ошибка проверки'}`;
    return new AppError('validation_error', message);
  }
  switch (err.code) {
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('uri_too_long', 'Параметр пути длиннее допустимого (100 символов)');
    case 'FST_ERR_BAD_URL':
      return new AppError('bad_request', 'Путь запроса содержит недопустимую последовательность символов');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('too_big', 'Тело запроса слишком велико');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Неподдерживаемый Content-Type запроса');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('bad_request', 'Тело запроса не является корректным JSON');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('bad_request', 'Неверный заголовок Content-Length');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('unsupported_media_type', 'Ожидается multipart/form-data');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('too_big', 'Файл превышает допустимый размер');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('too_many_files', 'Слишком много частей в запросе multipart');
    case 'FST_FIELDS_LIMIT':
      return new AppError('validation_error', 'Слишком много полей в запросе');
    case 'FST_PROTO_VIOLATION':
      return new AppError('bad_request', 'Недопустимое имя поля');
    default:
      break;
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    if (err.statusCode === 429) return new AppError('too_many_requests', 'Слишком много запросов; повторите позже', undefined, 5);
    return new AppError('bad_request', `Некорректный запрос: ${err.message}`);
  }
  return null;
}

export function renderError(err: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  // Already answered (a stalled upload gets its 408 before its handler fails): nothing more to send.
  if (reply.sent || reply.raw.headersSent) return reply;
  // A full disk while receiving or unpacking is temporary: the client retries with the same Idempotency-Key.
  const diskFull = (err as NodeJS.ErrnoException | null)?.code === 'ENOSPC' ? errors.storageFull() : null;
  let appErr = isAppError(err) ? err : (diskFull ?? fromFastifyError(err as FastifyError));
  if (!appErr) {
    request.log.error({ err }, 'unhandled error');
    appErr = new AppError('internal_error', 'Внутренняя ошибка сервиса; повторите запрос позже');
  } else if (appErr.status >= 500) {
    request.log.warn({ code: appErr.code, msg: appErr.message }, 'service unavailable answer');
  }
  if (appErr.retryAfter !== undefined || appErr.status === 429 || appErr.status === 503) {
    reply.header('Retry-After', String(appErr.retryAfter ?? 5));
  }
  // Framework errors (bad URL, long parameter) bypass the onRequest hook that sets it.
  reply.header('X-Request-Id', request.id).header('X-Content-Type-Options', 'nosniff');
  return reply.status(appErr.status).type('application/json; charset=utf-8').send(appErr.toBody());
}
