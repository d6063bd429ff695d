/**
 * A misbehaving network between the client and the real server, on 127.0.0.1: every request is forwarded
 * unless the test's rule answers it itself or drops the server's answer (the server acts, the client never
 * hears back), which is how lost responses, 429s and a gateway's HTML 413 are produced.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  at: number;
  headers: http.IncomingHttpHeaders;
}

export type Action = 'forward' | 'drop' | { status: number; headers?: Record<string, string>; body?: string };

export interface Proxy {
  /** Base address through the proxy, with /api/v1. */
  baseUrl: string;
  seen: Seen[];
  stop(): Promise<void>;
}

/** rule(request, index of this method+path among the requests so far) decides what happens to it. */
export async function startProxy(target: string, rule: (req: Seen, nth: number) => Action): Promise<Proxy> {
  const upstream = new URL(target);
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const entry: Seen = { method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]!, at: Date.now(), headers: req.headers };
    const nth = seen.filter((s) => s.method === entry.method && s.path === entry.path).length;
    seen.push(entry);
    const action = rule(entry, nth);
    if (typeof action === 'object') {
      // Answered at once, before the body is read, and the connection closed: as a gateway refusing a body does.
      req.resume();
      res.writeHead(action.status, { connection: 'close', ...action.headers }).end(action.body ?? '');
      return;
    }
    const up = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      if (action === 'drop') {
        // The server has done the work; its answer is read and thrown away and the client's connection cut.
        answer.resume();
        answer.on('end', () => req.socket.destroy());
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/+$/, '')}`,
    seen,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
