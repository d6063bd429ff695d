/** One round of a bundle through the API: a volume written as a PDF, reviewed into the bundle, its findings fetched. */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { writePdf, type PageSpec } from '../review/fixtures.ts';
import { form, type Client } from './client.ts';

export async function bundleRound(
  api: Client,
  o: { path: string; pages: PageSpec[]; file: string; kind: string; bundleId: string },
): Promise<{ runId: string; result: any }> {
  await writePdf(o.path, o.pages);
  const body = form([{ name: o.file, content: await readFile(o.path), type: 'application/pdf' }], {
    bundle_id: o.bundleId,
    kinds: JSON.stringify({ [o.file]: o.kind }),
  });
  const upload = await api.postForm('/runs', body);
  assert.equal(upload.status, 201, upload.text);
  assert.equal((await api.waitRun(upload.json.run_id, 180_000)).status, 'done');
  return { runId: upload.json.run_id, result: (await api.get(`/runs/${upload.json.run_id}/findings`)).json };
}
