/** Raw HTTP/1.1 over a socket, for requests no client library would send (oversized heads, stalls). */
import { connect } from 'node:net';

export interface RawAnswer {
  status: number | null;
  head: string;
  body: string;
  /** The connection was reset or closed before any answer. */
  reset: boolean;
}

/** Sends bytes (in pieces, with pauses if given), then reads until the server closes or timeoutMs passes. */
export function rawRequest(port: number, pieces: (Buffer | string)[], opts: { pauseMs?: number; timeoutMs?: number } = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let reset = false;
    const done = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(head);
      resolve({ status: m ? Number(m[1]) : null, head, body: rest.join('\r\n\r\n'), reset: reset && !m });
      socket.destroy();
    };
    const timer = setTimeout(done, opts.timeoutMs ?? 10_000);
    socket.on('data', (c) => {
      chunks.push(c);
      // A complete answer (head and Content-Length bytes) ends the read; keep-alive would hold the socket.
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(all.subarray(0, Math.max(0, end)).toString('latin1'));
      if (end >= 0 && length && all.length >= end + 4 + Number(length[1])) done();
    });
    socket.on('error', () => {
      reset = true;
      done();
    });
    socket.on('close', done);
    socket.on('connect', async () => {
      for (const p of pieces) {
        if (socket.destroyed) return;
        socket.write(p);
        if (opts.pauseMs) await new Promise((r) => setTimeout(r, opts.pauseMs));
      }
    });
  });
}

/** The head of a request with Content-Length (no chunked bodies are needed here). */
export function head(method: string, path: string, headers: Record<string, string | number>): string {
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
}
