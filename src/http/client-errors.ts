/**
 * Errors Node's HTTP parser raises before a request exists (headers over the limit, a request that did
 * not arrive in time, garbage instead of HTTP): Fastify answers them on the raw socket in its own shape;
 * here they get the contract's envelope like every other error.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError } from '../kernel/errors.ts';

export function clientErrorOf(err: NodeJS.ErrnoException): AppError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new AppError('headers_too_large', 'Строка запроса и заголовки длиннее допустимого (16 КБ)');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new AppError('request_timeout', 'Запрос не получен полностью за отведённое время');
    default:
      return new AppError('bad_request', 'Запрос не является корректным запросом HTTP/1.1');
  }
}

/** Fastify's clientErrorHandler: one envelope on the socket, then the connection is closed. */
export function handleClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const appErr = clientErrorOf(err);
  if (socket.writable) {
    const body = JSON.stringify(appErr.toBody());
    socket.write(
      `HTTP/1.1 ${appErr.status} ${STATUS_CODES[appErr.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${randomUUID()}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}
