/**
 * busboy reports a broken multipart body (no boundary, cut before its closing boundary, malformed part
 * headers) as a plain Error without a status; these are the client's mistakes and answer 400 in the
 * envelope instead of reaching the error handler as a 500.
 */
import { AppError, errors } from '../kernel/errors.ts';
import { isNoSpace } from './error-handler.ts';

const BROKEN_BODY = [
  { re: /boundary not found/i, error: errors.multipartNoBoundary },
  { re: /unexpected end of (form|file|multipart)|terminated early/i, error: errors.multipartCutShort },
  { re: /malformed|unsupported content type|invalid/i, error: errors.multipartDamaged },
];

export function multipartError(e: unknown): unknown {
  if (!(e instanceof Error) || e instanceof AppError) return e;
  const code = (e as NodeJS.ErrnoException).code;
  if (code?.startsWith('FST_') || isNoSpace(e)) return e; // the error handler maps these
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || e.message === 'aborted') {
    return errors.bodyInterrupted();
  }
  const known = BROKEN_BODY.find((k) => k.re.test(e.message));
  return known ? known.error() : e;
}
