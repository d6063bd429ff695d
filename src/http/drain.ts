import type { IncomingMessage } from 'node:http';

/**
 * Reads and discards what is left of a refused request body, up to maxBytes and maxMs, so that a client
 * still sending gets the error answer instead of a connection reset (closing a socket with unread data
 * resets it). Beyond the cap the answer goes out anyway and the connection is closed after it.
 */
export function drainBody(raw: IncomingMessage, maxBytes = 1024 * 1024, maxMs = 2000): Promise<void> {
  if (raw.complete || raw.destroyed || raw.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', finish).off('close', finish).off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) finish();
    };
    const timer = setTimeout(finish, maxMs);
    raw.on('data', onData).once('end', finish).once('close', finish).once('error', finish);
    raw.resume();
  });
}
