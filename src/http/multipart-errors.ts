/**
 * busboy reports a broken multipart body (no boundary, cut before its closing boundary, malformed part
 * headers) as a plain Error without a status; these are the client's mistakes and answer 400 in the
 * envelope instead of reaching the error handler as a 500.
 */
import { AppError } from '../kernel/errors.ts';

const BROKEN_BODY = [
  { re: /boundary not found/i, message: 'В заголовке Content-Type нет параметра boundary' },
  { re: /unexpected end of (form|file|multipart)|terminated early/i, message: 'Тело multipart оборвано до закрывающей границы' },
  { re: /malformed|unsupported content type|invalid/i, message: 'Тело multipart повреждено' },
];

export function multipartError(e: unknown): unknown {
  if (!(e instanceof Error) || e instanceof AppError) return e;
  const code = (e as NodeJS.ErrnoException).code;
  if (code?.startsWith('FST_') || code === 'ENOSPC') return e; // the error handler maps these
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || e.message === 'aborted') {
    return new AppError('bad_request', 'Передача тела запроса прервана');
  }
  const known = BROKEN_BODY.find((k) => k.re.test(e.message));
  return known ? new AppError('bad_request', known.message) : e;
}
