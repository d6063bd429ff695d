/**
 * An upload is streamed, not buffered: while 96 MiB go to a receiver, the memory the process still holds
 * (measured after a forced collection) stays a fraction of the set. Holding the set, as fetch does when it
 * keeps a tee of the body for redirects, would hold all 96 MiB by the end.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DrsClient } from '../../client/src/index.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const MiB = 1024 * 1024;
const TOTAL = 96 * MiB;

test('a 96 MiB upload keeps well under the size of the set in memory', async () => {
  let received = 0;
  const receiver = http.createServer((req, res) => {
    req.on('data', (c: Buffer) => (received += c.length));
    req.on('end', () => res.writeHead(201, { 'content-type': 'application/json' }).end('{"run_id":"r","documents":[]}'));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  try {
    const client = new DrsClient({ baseUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/v1`, apiKey: 'k' });
    const chunk = () => Buffer.alloc(256 * 1024, 7); // a fresh buffer per chunk, as a file stream gives
    let held = 0;
    let nextSample = 0;
    await client.createRun({
      files: [
        {
          name: 'большой.pdf',
          stream: () =>
            Readable.from(
              (function* () {
                for (let sent = 0; sent < TOTAL; sent += 256 * 1024) yield chunk();
              })(),
            ),
        },
      ],
      onUploadProgress: (sent) => {
        if (sent < nextSample) return;
        nextSample = sent + 8 * MiB;
        gc();
        held = Math.max(held, process.memoryUsage().arrayBuffers);
      },
    });
    assert.ok(received > TOTAL, 'the whole set reached the receiver');
    assert.ok(held < TOTAL / 2, `held ${(held / MiB).toFixed(1)} MiB while sending ${TOTAL / MiB} MiB`);
  } finally {
    await new Promise<void>((r) => receiver.close(() => r()));
  }
});
