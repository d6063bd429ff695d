/**
 * The attacking organizations' clients of bench/bounds.ts, in a thread of their own: their requests' client work
 * (building uploads, reading answers) on the benchmark's event loop delayed the victim's own measurements by tens of
 * milliseconds, which then read as the server's. Each flood keeps `askers` requests going until `until`, the n-th
 * request of asker i going to `urls[(i × stride + n) mod length]`, waiting out a 429's or 503's Retry-After (at most
 * 2 s); the answers are counted by status and posted back when the time is up.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { form } from '../test/helpers/client.ts';

export interface Flood {
  askers: number;
  urls: string[];
  stride: number;
  headers: Record<string, string>;
  /** An upload sent as the multipart body of a POST. */
  upload?: { field: string; name: string; content: Uint8Array };
}

export interface AttackOrder {
  floods: Flood[];
  until: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function flood(f: Flood, until: number, answers: Record<string, number>): Promise<void> {
  await Promise.all(
    Array.from({ length: f.askers }, async (_, i) => {
      for (let n = 0; Date.now() < until; n++) {
        const url = f.urls[(i * f.stride + n) % f.urls.length]!;
        const init: RequestInit = f.upload
          ? { method: 'POST', headers: f.headers, body: form([{ name: f.upload.name, content: Buffer.from(f.upload.content), field: f.upload.field }]) }
          : { headers: f.headers };
        const r = await fetch(url, init).catch(() => null);
        if (!r) return;
        answers[r.status] = (answers[r.status] ?? 0) + 1;
        await r.arrayBuffer().catch(() => undefined);
        if (r.status === 429 || r.status === 503) await sleep(Math.min(2, Number(r.headers.get('retry-after') ?? 1)) * 1000);
      }
    }),
  );
}

const order = workerData as AttackOrder;
const answers: Record<string, number> = {};
await Promise.all(order.floods.map((f) => flood(f, order.until, answers)));
parentPort!.postMessage(answers);
