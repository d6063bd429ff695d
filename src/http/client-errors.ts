/**
 * Errors Node's HTTP parser raises before a request exists (headers over the limit, a request that did
 * not arrive in time, garbage instead of HTTP): Fastify answers them on the raw socket in its own shape;
 * here they get the contract's envelope like every other error. So does CONNECT, which Node hands to a
 * 'connect' listener instead of a request.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { errors, type AppError } from '../kernel/errors.ts';
import { errorBody, httpStatusOf } from './error-handler.ts';

export function clientErrorOf(err: NodeJS.ErrnoException): AppError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return errors.headersTooLarge();
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return errors.requestIncomplete();
    default:
      return errors.notHttp();
  }
}

/** Fastify's clientErrorHandler: one envelope on the socket, then the connection is closed. */
export function handleClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  answerOnSocket(socket, clientErrorOf(err));
}

/**
 * The server's 'connect' listener: CONNECT asks for a tunnel, which this service never opens. Without a listener
 * Node closes the socket without a word; the client gets the envelope with a request id instead.
 */
export function refuseConnect(_request: IncomingMessage, socket: Duplex): void {
  if (socket.destroyed) return;
  answerOnSocket(socket as Socket, errors.connectRefused());
}

function answerOnSocket(socket: Socket, appErr: AppError): void {
  if (socket.writable) {
    const body = JSON.stringify(errorBody(appErr));
    const status = httpStatusOf(appErr);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
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
