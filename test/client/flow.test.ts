/**
 * The typical flow of the contract with the client and its command line, against the real server with a
 * worker: a folder uploaded as one set → waitForRun (surviving a lost status answer) → findings →
 * decisions (version read from the history; one repeat on a version changed meanwhile) → reports streamed to
 * files; the signed run.finished notification verifies; `drs-client review --wait --out` end to end.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApp, type InProcessServer } from '../helpers/app.ts';
import { DrsApiError, DrsClient, DrsNetworkError, verifyWebhook, type RunStatus } from '../../client/src/index.ts';
import { startProxy } from './proxy.ts';
import { drsClient, KINDS, writeKeyFile, writeReviewSet } from './support.ts';

const SECRET = 'whsec_client_test';

interface Delivery {
  raw: Buffer;
  signature: string | undefined;
}

/** A receiver that keeps the raw bytes and the signature header of every notification. */
async function startReceiver(): Promise<{ url: string; deliveries: Delivery[]; stop(): Promise<void> }> {
  const deliveries: Delivery[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      deliveries.push({ raw: Buffer.concat(chunks), signature: req.headers['x-svc-signature'] as string | undefined });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    deliveries,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('client flow against the real service', () => {
  let server: InProcessServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let apiKey: string;
  let client: DrsClient;
  let setDir: string;
  let work: string;
  let runId: string;

  before(async () => {
    receiver = await startReceiver();
    server = await startApp({ worker: true, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    apiKey = (await server.createOrg({ checks: 5, 'webhook-url': receiver.url, 'webhook-secret': SECRET })).api_key;
    client = new DrsClient({ baseUrl: server.baseUrl, apiKey });
    setDir = await writeReviewSet();
    work = await mkdtemp(join(tmpdir(), 'drs-client-out-'));
  });
  after(async () => {
    await server.stop();
    await receiver.stop();
    await rm(setDir, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  });

  test('upload → wait → findings → decision → report', async () => {
    const run = await client.createRun({ files: [setDir], kinds: KINDS, objectAddress: 'г. Казань, ул. Чистопольская, д. 20' });
    runId = run.run_id;
    assert.deepEqual(run.documents.map((d) => d.name).sort(), Object.keys(KINDS).sort());

    // The first status answer is lost: the wait goes on with the same run_id after a pause.
    const proxy = await startProxy(server.baseUrl, (req, nth) =>
      req.method === 'GET' && req.path.endsWith(`/runs/${runId}`) && nth === 0 ? 'drop' : 'forward',
    );
    const seen: RunStatus[] = [];
    const outages: unknown[] = [];
    let final: RunStatus;
    try {
      const polling = new DrsClient({ baseUrl: proxy.baseUrl, apiKey });
      final = await polling.waitForRun(runId, {
        intervalMs: 500,
        onProgress: (s) => seen.push(s),
        onRetry: (e) => outages.push(e),
        signal: AbortSignal.timeout(180_000),
      });
    } finally {
      await proxy.stop();
    }
    assert.equal(final.status, 'done', JSON.stringify(final.error ?? final));
    assert.equal(outages.length, 1);
    assert.ok(outages[0] instanceof DrsNetworkError);
    assert.equal(seen.at(-1)?.status, 'done');
    const polls = proxy.seen.filter((s) => s.path.endsWith(`/runs/${runId}`)).map((s) => s.at);
    // Arrivals at the proxy: each includes its own request's way there, which varies by tens of milliseconds on a
    // busy machine, while the client spaces the starts of its polls.
    for (let i = 1; i < polls.length; i++) assert.ok(polls[i]! - polls[i - 1]! >= 1900, `polls ${polls[i]! - polls[i - 1]!} ms apart (never under 2 s)`);
    assert.ok(polls[1]! - polls[0]! >= 4990, 'after a network failure the next poll waits at least 5 s');

    const result = await client.findings(runId);
    assert.ok(result.findings.length >= 3, `findings: ${result.findings.length}`);
    const finding = result.findings[0]!;

    const first = await client.decide(runId, finding.finding_id, 'accepted', { reason: 'Согласны' });
    assert.equal(first.version, 1);
    assert.equal(first.own, true);
    const second = await client.decide(runId, finding.finding_id, 'rejected', { reason: 'Исправлено в томе' });
    assert.equal(second.version, 2);

    // Between reading the version and submitting, the same key decides elsewhere: version_conflict.
    let raced = false;
    const racing = new DrsClient({
      baseUrl: server.baseUrl,
      apiKey,
      fetch: async (input, init) => {
        if (!raced && init?.method === 'POST' && String(input).endsWith('/feedback')) {
          raced = true;
          await client.decide(runId, finding.finding_id, 'accepted', { reason: 'Решение из другого окна' });
        }
        return fetch(input, init);
      },
    });
    const conflict = await racing.decide(runId, finding.finding_id, 'withdrawn').catch((e: unknown) => e);
    assert.ok(conflict instanceof DrsApiError && conflict.status === 409 && conflict.code === 'version_conflict', String(conflict));
    raced = false;
    const retried = await racing.decide(runId, finding.finding_id, 'withdrawn', { retryOnConflict: true });
    assert.equal(retried.decision, 'withdrawn');
    assert.equal(retried.version, 5, 'versions 3 and 4 were made by the two racing decisions');

    const md = await client.downloadReport(runId, join(work, 'r.md'));
    assert.match(md.contentType, /^text\/markdown/);
    assert.match(await readFile(md.path, 'utf8'), /24-017/);
    const pdf = await client.downloadReport(runId, join(work, 'r.pdf'), { format: 'pdf' });
    assert.equal((await readFile(pdf.path)).subarray(0, 5).toString(), '%PDF-');
    assert.equal((await stat(pdf.path)).size, pdf.bytes);
    const zip = await client.downloadReport(runId, join(work, 'r.zip'), { format: 'zip' });
    assert.equal((await readFile(zip.path)).subarray(0, 2).toString(), 'PK');
    const section = result.available_sections?.[0]?.code;
    if (section) {
      const part = await client.downloadReport(runId, join(work, 'section.pdf'), { format: 'pdf', section });
      assert.ok(part.bytes > 0);
    }
    for (const format of ['xlsx', 'docx'] as const) {
      const register = await client.downloadReport(runId, join(work, `register.${format}`), { format, includeRejected: true });
      assert.match(register.contentType, new RegExp(`officedocument\\.${format === 'xlsx' ? 'spreadsheetml' : 'wordprocessingml'}`));
      assert.equal((await readFile(register.path)).subarray(0, 2).toString(), 'PK');
    }
    const filter = await client.downloadReport(runId, join(work, 'bad.md'), { format: 'md', section: 'АР' }).catch((e: unknown) => e);
    assert.ok(filter instanceof DrsApiError && filter.code === 'section_pdf_only', String(filter));
    await assert.rejects(stat(join(work, 'bad.md')), 'no file is left for a refused download');
  });

  test("the service's signed notification verifies; a changed body or signature and a missing header do not", async (t) => {
    assert.ok(runId, 'the flow test made a run');
    const deadline = Date.now() + 60_000;
    let delivery: Delivery | undefined;
    while (!(delivery = receiver.deliveries.find((d) => d.raw.toString('utf8').includes(runId))) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    assert.ok(delivery, 'run.finished was delivered');
    assert.equal(verifyWebhook(delivery.raw, delivery.signature, SECRET), true);
    assert.equal(verifyWebhook(Buffer.from(delivery.raw.toString('utf8').replace('"status":"done"', '"status":"failed"')), delivery.signature, SECRET), false);
    assert.equal(
      verifyWebhook(
        delivery.raw,
        delivery.signature!.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')),
        SECRET,
      ),
      false,
    );
    assert.equal(verifyWebhook(delivery.raw, undefined, SECRET), false);

    await t.test('drs-client verify-webhook', async () => {
      const secretFile = join(work, 'secret');
      await writeFile(secretFile, `${SECRET}\n`);
      const good = await drsClient(['verify-webhook', '--secret-file', secretFile, '--signature', delivery.signature!], {}, delivery.raw);
      assert.equal(good.code, 0, good.stderr);
      const tampered = await drsClient(
        ['verify-webhook', '--secret-file', secretFile, '--signature', delivery.signature!],
        {},
        Buffer.concat([delivery.raw, Buffer.from(' ')]),
      );
      assert.equal(tampered.code, 5);
      const missing = await drsClient(['verify-webhook', '--secret-file', secretFile], {}, delivery.raw);
      assert.equal(missing.code, 5);
    });
  });

  test('drs-client review --wait --out: exit 0, the summary and the saved reports', async () => {
    const keyFile = await writeKeyFile(apiKey);
    const out = join(work, 'cli-out');
    // An address without a path: the command line adds /api/v1.
    const env = { DRS_API_URL: `http://127.0.0.1:${server.port}` };
    const r = await drsClient(['review', setDir, '--wait', '--out', out, '--key-file', keyFile, '--kinds', JSON.stringify(KINDS), '--interval', '2'], env);
    assert.equal(r.code, 0, `${r.stdout}\n${r.stderr}`);
    const accepted = /Проверка принята: ([0-9a-f-]{36})/.exec(r.stdout);
    assert.ok(accepted, r.stdout);
    assert.match(r.stdout, /Значимость/);
    assert.match(r.stdout, /Замечаний: \d+/);
    assert.match(r.stderr, /done/, 'plain progress lines when stderr is not a terminal');
    for (const file of ['report.md', 'report.pdf', 'report.zip', 'findings.json']) assert.ok((await stat(join(out, file))).size > 0, file);
    const saved = JSON.parse(await readFile(join(out, 'findings.json'), 'utf8'));
    assert.ok(saved.findings.length >= 3);

    const cliRun = accepted[1]!;
    const withKey = { ...env, DRS_API_KEY: apiKey };
    const json = await drsClient(['findings', cliRun, '--format', 'json'], withKey);
    assert.equal(json.code, 0, json.stderr);
    assert.equal(JSON.parse(json.stdout).findings.length, saved.findings.length);
    const status = await drsClient(['status', cliRun, '--json'], withKey);
    assert.equal(JSON.parse(status.stdout).status, 'done');
    const decided = await drsClient(['decide', cliRun, '1', 'accepted', '--reason', 'Согласны'], withKey);
    assert.equal(decided.code, 0, decided.stderr);
    assert.match(decided.stdout, /версия 1/);

    const noKey = await drsClient(['limits'], env);
    assert.equal(noKey.code, 2, 'a missing key is a usage error');
    const unknown = await drsClient(['status', '00000000-0000-4000-8000-000000000000'], withKey);
    assert.equal(unknown.code, 3, 'an error answer is an API error');
    assert.match(unknown.stderr, /not_found/);
    const conflicting = await drsClient(['report', cliRun, '--format', 'pdf', '--section', 'АР', '--theme', 'norms', '--out', join(work, 'x.pdf')], withKey);
    assert.equal(conflicting.code, 2);
  });
});
