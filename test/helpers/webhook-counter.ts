/**
 * A webhook receiver on 127.0.0.1 that answers 200 and counts deliveries per (run_id, event), to check that
 * every event reaches the organization exactly once however many workers dispatch.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEvent {
  runId: string;
  event: string;
  deliveryId: string;
  body: any;
}

export interface WebhookCounter {
  url: string;
  received: ReceivedEvent[];
  /** How many times each "run_id event" pair arrived. */
  counts(): Map<string, number>;
  /** Resolves when at least n deliveries arrived (bounded by timeoutMs; rejects after it). */
  waitFor(n: number, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startWebhookCounter(): Promise<WebhookCounter> {
  const received: ReceivedEvent[] = [];
  const waiters: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const body: any = JSON.parse(raw);
      received.push({
        runId: body.run_id,
        event: String(req.headers['x-svc-event'] ?? body.event),
        deliveryId: String(req.headers['x-svc-delivery'] ?? ''),
        body,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    counts() {
      const m = new Map<string, number>();
      for (const r of received) m.set(`${r.runId} ${r.event}`, (m.get(`${r.runId} ${r.event}`) ?? 0) + 1);
      return m;
    },
    async waitFor(n, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`only ${received.length} of ${n} webhook deliveries arrived in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, Math.min(left, 500));
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
