import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface SendRequest {
  url: URL;
  /** The vetted address to connect to; the host name of `url` is only used for Host, SNI and the certificate. */
  address: string;
  family: 4 | 6;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Trust anchors replacing the default CA list for https (a receiver on a private PKI); default: system CAs. */
  ca?: string | Buffer;
}

export type SendOutcome =
  | { kind: 'response'; status: number; location: string | null }
  | { kind: 'timeout' }
  | { kind: 'error'; code: string; message: string };

/**
 * A lookup that always answers with the vetted address: the socket cannot be pointed elsewhere by a second
 * DNS answer (rebinding). Handles both the single-address and the `all: true` forms that net.connect uses.
 */
export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: { all?: boolean } | number | undefined, callback: (...args: unknown[]) => void) => {
    const cb = typeof options === 'function' ? (options as (...args: unknown[]) => void) : callback;
    const all = typeof options === 'object' && options !== null && options.all === true;
    process.nextTick(() => (all ? cb(null, [{ address, family }]) : cb(null, address, family)));
  }) as unknown as LookupFunction;
}

/**
 * One HTTP POST of the stored body. Redirects are never followed (node:http does not follow them; a 3xx is
 * returned as a response with its Location). The deadline covers connect, send and the status line; the
 * response body is not read.
 */
export function sendWebhook(req: SendRequest): Promise<SendOutcome> {
  const payload = Buffer.from(req.body, 'utf8');
  const transport = req.url.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (o: SendOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(o);
    };
    const request = transport.request(
      {
        protocol: req.url.protocol,
        hostname: req.url.hostname.replace(/^\[|\]$/g, ''),
        port: req.url.port || undefined,
        path: `${req.url.pathname}${req.url.search}`,
        method: 'POST',
        agent: false,
        lookup: pinnedLookup(req.address, req.family),
        family: req.family,
        ...(req.ca !== undefined ? { ca: req.ca } : {}),
        ...(req.url.username ? { auth: `${decodeURIComponent(req.url.username)}:${decodeURIComponent(req.url.password)}` } : {}),
        headers: { ...req.headers, 'Content-Length': String(payload.length) },
      },
      (res) => {
        const location = typeof res.headers.location === 'string' ? res.headers.location : null;
        finish({ kind: 'response', status: res.statusCode ?? 0, location });
        res.destroy();
      },
    );
    const timer = setTimeout(() => {
      finish({ kind: 'timeout' });
      request.destroy();
    }, req.timeoutMs);
    request.on('error', (err: NodeJS.ErrnoException) => {
      finish({ kind: 'error', code: err.code ?? 'ERROR', message: err.message });
    });
    request.end(payload);
  });
}
