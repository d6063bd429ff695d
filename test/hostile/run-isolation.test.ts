/**
 * A run whose processing exhausts its child process — memory, time, or a SIGKILL from outside — ends that run
 * (requeued, or failed with a refund after the contract's attempts), never the service: the real program on a
 * free port, with /health and another organization's polling answering throughout.
 *
 * The memory exhaustion is real input: an explanatory note in the Минстрой XML schema of ~20 MB, which the
 * reader parses whole (fast-xml-parser builds a tree of about twenty times the text), against RUN_MEMORY_MB=128.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { logLines, startServer, type TestServer } from '../helpers/server.ts';
import { Client, form } from '../helpers/client.ts';
import { makeSimplePdf } from '../helpers/fixtures.ts';
import { openTestDatabase } from '../helpers/database.ts';
import { MAX_RUN_ATTEMPTS } from '../../src/pipeline/worker.ts';

/** An XML document of about `mb` MB: an ExplanatoryNote of repeated indicators, or plain text under another root. */
function bigXml(mb: number, root: 'ExplanatoryNote' | 'Document'): Buffer {
  const unit =
    root === 'ExplanatoryNote'
      ? '<TEI><Name>Площадь застройки</Name><Measure>055</Measure><Value>1234,5</Value></TEI>'
      : '<p>Расчет нагрузок выполнен по СП 20.13330.2016, площадь 1 234,5 м2, лист 5.</p>';
  const n = Math.ceil((mb * 1e6) / Buffer.byteLength(unit));
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><${root} SchemaVersion="01.05"><Object>${unit.repeat(n)}</Object></${root}>`);
}

/**
 * Polls /health and a run of another organization until stopped; every answer must be a 200 (a request that
 * gets no answer in 15 s counts as a failure: the service is stalled, not slow).
 */
function pollThroughout(server: TestServer, other: Client, runId: string) {
  const failures: string[] = [];
  let answered = 0;
  let running = true;
  const get = async (url: string, headers: Record<string, string> = {}) => {
    try {
      const r = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) });
      await r.arrayBuffer();
      if (r.status === 200) answered++;
      else failures.push(`${url} → ${r.status}`);
    } catch (e) {
      failures.push(`${url} → ${(e as Error).message}`);
    }
  };
  const loop = (async () => {
    while (running) {
      await Promise.all([get(`${server.baseUrl}/health`), get(`${other.baseUrl}/runs/${runId}`, { authorization: `Bearer ${other.key}` })]);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { failures, answered };
    },
  };
}

async function attemptsOf(server: TestServer, runId: string): Promise<number> {
  const store = await openTestDatabase(server.env);
  try {
    const row = await store.db.selectFrom('runs').select('attempts').where('id', '=', runId).executeTakeFirstOrThrow();
    return Number(row.attempts);
  } finally {
    await store.close();
  }
}

/** Work directories left for a run under DATA_DIR/tmp/work/<worker>/. */
/**
 * Work directories of a run still on disk. A child publishes first and then removes its directory, so a run
 * can read as finished a moment before: the directory is given a few seconds to go.
 */
async function scratchOf(server: TestServer, runId: string): Promise<string[]> {
  const root = join(server.dataDir, 'tmp', 'work');
  const deadline = Date.now() + 5_000;
  for (;;) {
    const workers = await readdir(root).catch(() => [] as string[]);
    const left: string[] = [];
    for (const w of workers) if ((await readdir(join(root, w)).catch(() => [] as string[])).includes(runId)) left.push(join(root, w, runId));
    if (!left.length || Date.now() > deadline) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a run that exhausts its child process fails alone (RUN_MEMORY_MB=128)', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ env: { RUN_MEMORY_MB: '128', LEASE_MS: '3000' } });
  });
  after(() => server?.stop());

  test('out of memory on every attempt → failed, refunded, after MAX_RUN_ATTEMPTS; /health and other organizations answer throughout', async () => {
    const attacker = new Client(server.baseUrl, (await server.createOrg({ checks: 3 })).api_key);
    const other = new Client(server.baseUrl, (await server.createOrg({ checks: 3 })).api_key);
    const otherRun = await other.postForm('/runs', form([{ name: '24-017-ПЗ.pdf', content: await makeSimplePdf(2) }]));
    assert.equal(otherRun.status, 201, otherRun.text);
    const pid = server.process.pid;

    const polling = pollThroughout(server, other, otherRun.json.run_id);
    const upload = await attacker.postForm('/runs', form([{ name: 'ПЗ.xml', content: bigXml(20, 'ExplanatoryNote') }]));
    assert.equal(upload.status, 201, upload.text);
    assert.equal(upload.json.checks_left, 2);
    const final = await attacker.waitRun(upload.json.run_id, 240_000);
    const { failures, answered } = await polling.stop();

    assert.equal(final.status, 'failed', JSON.stringify(final));
    assert.equal(final.refunded, true);
    assert.equal(final.error.code, 'processing_failed');
    assert.match(final.error.message, /не хватило памяти \(лимит 128 МБ\)/);
    assert.match(final.error.message, new RegExp(`попыток: ${MAX_RUN_ATTEMPTS}`));
    assert.equal((await attacker.get('/me')).json.checks_left, 3, 'the check is returned');
    assert.equal(await attemptsOf(server, upload.json.run_id), MAX_RUN_ATTEMPTS, 'each attempt was one child, none beyond the limit');
    assert.equal(logLines(server, 'child carrying the run died', upload.json.run_id).length, MAX_RUN_ATTEMPTS);
    assert.ok(
      logLines(server, 'child carrying the run died', upload.json.run_id).every((l) => l.outOfMemory === true),
      'each death was the heap limit',
    );

    assert.deepEqual(failures, [], 'every poll answered 200');
    assert.ok(answered >= 6, `polls answered during the attack: ${answered}`);
    assert.equal(server.process.pid, pid);
    assert.equal(server.process.exitCode, null, 'the service process lives on');
    assert.deepEqual(await scratchOf(server, upload.json.run_id), [], 'the killed children left no work directory');

    // The service goes on processing: the other organization's run and a new one are done.
    assert.equal((await other.waitRun(otherRun.json.run_id)).status, 'done');
    const next = await other.postForm('/runs', form([{ name: '24-017-ПЗ.pdf', content: await makeSimplePdf(2) }]));
    assert.equal((await other.waitRun(next.json.run_id)).status, 'done');
  });
});

describe('a child killed from outside, a child over its time limit', () => {
  let server: TestServer;
  let limited: TestServer;
  before(async () => {
    [server, limited] = await Promise.all([startServer({ env: { LEASE_MS: '3000' } }), startServer({ env: { RUN_TIMEOUT_MS: '400' } })]);
  });
  after(() => Promise.all([server?.stop(), limited?.stop()]));

  test('SIGKILL of the child mid-run → the run is requeued at once and finished by a new child, charged once', async () => {
    const api = new Client(server.baseUrl, (await server.createOrg({ checks: 3 })).api_key);
    // A set that keeps its child busy long enough to be killed in the middle (30 MB of XML text: seconds of reading).
    const upload = await api.postForm('/runs', form([{ name: 'ПЗ.xml', content: bigXml(30, 'Document') }]));
    assert.equal(upload.status, 201, upload.text);
    const runId = upload.json.run_id;
    const deadline = Date.now() + 60_000;
    let started = logLines(server, 'run started in child', runId);
    while (started.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      started = logLines(server, 'run started in child', runId);
    }
    const victim = Number(started[0]?.pid);
    assert.ok(victim > 0, 'the run started in a child');
    process.kill(victim, 'SIGKILL');

    const final = await api.waitRun(runId, 240_000);
    assert.equal(final.status, 'done', JSON.stringify(final));
    assert.equal(await attemptsOf(server, runId), 2);
    const starts = logLines(server, 'run started in child', runId);
    assert.equal(starts.length, 2);
    assert.notEqual(starts[1]!.pid, victim, 'the second attempt ran in another child');
    const deaths = logLines(server, 'child carrying the run died', runId);
    assert.equal(deaths.length, 1);
    assert.equal(deaths[0]!.signal, 'SIGKILL');
    assert.equal(logLines(server, 'run requeued after its child died', runId).length, 1);
    assert.equal((await api.get('/me')).json.checks_left, 2, 'charged once');
    assert.deepEqual(await scratchOf(server, runId), []);
  });

  test('over RUN_TIMEOUT_MS → the child is killed, the run fails at once with a refund and a clear message', async () => {
    const api = new Client(limited.baseUrl, (await limited.createOrg({ checks: 3 })).api_key);
    const upload = await api.postForm('/runs', form([{ name: 'ПЗ.xml', content: bigXml(30, 'Document') }]));
    assert.equal(upload.status, 201, upload.text);
    const final = await api.waitRun(upload.json.run_id, 120_000);
    assert.equal(final.status, 'failed', JSON.stringify(final));
    assert.equal(final.refunded, true);
    assert.equal(final.error.code, 'processing_failed');
    assert.match(final.error.message, /не уложилась в отведённое время \(1 с\)/);
    assert.equal((await api.get('/me')).json.checks_left, 3);
    assert.equal(await attemptsOf(limited, upload.json.run_id), 1, 'a run over the time limit is not tried again');
    assert.equal((await fetch(`${limited.baseUrl}/health`)).status, 200);
    assert.deepEqual(await scratchOf(limited, upload.json.run_id), []);
  });
});
