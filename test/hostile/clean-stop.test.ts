/**
 * A clean stop of a node (SIGTERM, as a rolling restart sends it) while it carries a run: the real program, two
 * nodes on one data directory. The stopping node gives the run back at once — attempt not counted, lease
 * released — so the other node takes it within its poll, long before the lease (60 s here) could lapse; and
 * the LibreOffice converting the set's Word file (a process group of its own) goes with the stopped child,
 * its profile removed. A crash (kill -9) still costs an attempt: test/e2e/run-lifecycle.test.ts.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logLines, startServer, type TestServer } from '../helpers/server.ts';
import { Client, form } from '../helpers/client.ts';
import { openTestDatabase } from '../helpers/database.ts';
import { detectTools } from '../../src/ingest/index.ts';
import { alive } from '../helpers/processes.ts';

const LEASE_MS = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Processes whose command line contains `needle` (Linux /proc). */
async function processesWith(needle: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(needle)) found.push(Number(entry));
  }
  return found;
}

/** A Word file LibreOffice takes seconds over (hundreds of pages). */
async function longDocx(pages: number): Promise<Buffer> {
  const { Document, Packer, Paragraph, PageBreak } = await import('docx');
  const children: InstanceType<typeof Paragraph>[] = [];
  for (let i = 0; i < pages; i++) {
    children.push(new Paragraph({ text: `Пояснительная записка. Раздел 1. Лист ${i + 1}. ${'Текст раздела. '.repeat(40)}` }));
    if (i < pages - 1) children.push(new Paragraph({ children: [new PageBreak()] }));
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

/** Plain-text XML of about `mb` MB: seconds of reading, so the run is surely mid-way when stopped. */
function bigXml(mb: number): Buffer {
  const unit = '<p>Расчет нагрузок выполнен по СП 20.13330.2016, площадь 1 234,5 м2, лист 5.</p>';
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Document>${unit.repeat(Math.ceil((mb * 1e6) / Buffer.byteLength(unit)))}</Document>`);
}

describe('SIGTERM of a node mid-run', () => {
  let first: TestServer;
  let second: TestServer | null = null;
  before(async () => {
    first = await startServer({ env: { LEASE_MS: String(LEASE_MS) } });
  });
  after(async () => {
    await second?.stop();
    await first.stop();
  });

  test('the run is given back with its attempt, taken at once by the other node and finished; LibreOffice goes with the child', async () => {
    const soffice = (await detectTools()).soffice;
    const api = new Client(first.baseUrl, (await first.createOrg({ checks: 2 })).api_key);
    const files = [...(soffice ? [{ name: 'ПЗ.docx', content: await longDocx(2400) }] : []), { name: 'КР.xml', content: bigXml(20) }];
    const upload = await api.postForm('/runs', form(files));
    assert.equal(upload.status, 201, upload.text);
    const runId = upload.json.run_id as string;

    let started = logLines(first, 'run started in child', runId);
    for (const deadline = Date.now() + 60_000; !started.length && Date.now() < deadline; ) {
      await sleep(20);
      started = logLines(first, 'run started in child', runId);
    }
    const child = Number(started[0]?.pid);
    assert.ok(child > 0, 'the run started in a child of the first node');
    const profile = join(tmpdir(), `drs-lo-${child}`);
    // LibreOffice is looked for while the second node starts: on a loaded machine the start may outlast a conversion
    const converting = (async () => {
      if (!soffice) return true;
      for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(20)) if ((await processesWith(profile)).length) return true;
      return false;
    })();
    // the second node shares the data directory; the run is held by the first, so it waits
    second = await startServer({ shared: { dataDir: first.dataDir, env: first.env } });
    assert.ok(await converting, 'LibreOffice was converting while the run was held by the first node');

    const stoppedAt = Date.now();
    const exited = new Promise<number | null>((r) => first.process.once('exit', (code) => r(code)));
    first.process.kill('SIGTERM');
    assert.equal(await exited, 0, 'a clean exit');
    assert.equal(alive(child), false, 'the child is gone with its node');
    assert.deepEqual(await processesWith(profile), [], 'no LibreOffice outlives the stop');
    assert.equal(await stat(profile).catch(() => null), null, 'its profile is removed');
    assert.equal(logLines(first, 'run returned to the queue: worker stopping', runId).length, 1, first.logs().slice(-3000));

    const db = await openTestDatabase(first.env);
    try {
      const row = await db.db.selectFrom('runs').select(['status', 'attempts', 'lease_owner']).where('id', '=', runId).executeTakeFirstOrThrow();
      // given back (queued, attempts 0), or already claimed again by the second node (attempts 1, its lease)
      assert.ok(
        (row.status === 'queued' && Number(row.attempts) === 0 && row.lease_owner === null) || (row.status === 'running' && Number(row.attempts) === 1),
        JSON.stringify(row),
      );
    } finally {
      await db.close();
    }

    let claimed = logLines(second, 'run claimed', runId);
    for (const deadline = Date.now() + 20_000; !claimed.length && Date.now() < deadline; ) {
      await sleep(50);
      claimed = logLines(second, 'run claimed', runId);
    }
    assert.equal(claimed.length, 1, 'the other node took the run');
    assert.ok(Date.now() - stoppedAt < LEASE_MS / 2, 'at once, not after the lease lapsed');
    assert.equal(claimed[0]!.attempt, 1, 'the stop cost the run no attempt');

    const other = new Client(second.baseUrl, api.key);
    const final = await other.waitRun(runId, 240_000);
    assert.equal(final.status, 'done', JSON.stringify(final));
    assert.equal((await other.get('/me')).json.checks_left, 1, 'charged once');
  });
});

describe('kill -9 of a node mid-run, for contrast', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ env: { LEASE_MS: '3000' } });
  });
  after(() => server.stop());

  test('a crash gives nothing back: the lease lapses, the attempt counts, the restarted node finishes the run', async () => {
    const api = new Client(server.baseUrl, (await server.createOrg({ checks: 2 })).api_key);
    const upload = await api.postForm('/runs', form([{ name: 'КР.xml', content: bigXml(20) }]));
    assert.equal(upload.status, 201, upload.text);
    const runId = upload.json.run_id as string;
    for (const deadline = Date.now() + 60_000; !logLines(server, 'run started in child', runId).length && Date.now() < deadline; ) await sleep(20);
    const child = Number(logLines(server, 'run started in child', runId)[0]?.pid);
    assert.ok(child > 0);
    await server.kill();
    for (const deadline = Date.now() + 20_000; alive(child) && Date.now() < deadline; ) await sleep(20);
    assert.equal(alive(child), false, 'the child ends with its node');

    const db = await openTestDatabase(server.env);
    try {
      const row = await db.db.selectFrom('runs').select(['status', 'attempts', 'lease_owner']).where('id', '=', runId).executeTakeFirstOrThrow();
      assert.deepEqual([row.status, Number(row.attempts)], ['running', 1], 'held by the dead node until its lease lapses');
      assert.notEqual(row.lease_owner, null);
    } finally {
      await db.close();
    }
    await server.restart();
    const final = await api.waitRun(runId, 240_000);
    assert.equal(final.status, 'done', JSON.stringify(final));
    // with a 3 s lease a loaded machine may let the restarted node's lease lapse too: a later requeue is the same rule
    assert.ok(logLines(server, 'run requeued after its worker stopped', runId).length >= 1);
    assert.ok(
      logLines(server, 'run claimed', runId).some((c) => c.attempt === 2),
      'the crash cost the run one attempt',
    );
  });
});
