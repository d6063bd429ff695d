/**
 * The probe's cases of bounded work, rerun as tests on the store of the test run (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): one organization's flood of registers of a large run, of archive previews, and two hostile
 * organizations' page pictures cost those organizations — refused with 429 past their share and 503 once the node's
 * queue is full, both with Retry-After — while another organization's polling and its own requests are served,
 * identical registers are built once, and the refused requests read and charge nothing.
 *
 * The node's slots are held by a job of the test's own (a gate it opens) while the requests arrive, so which request
 * waits, joins or is refused does not depend on how fast this machine is; nothing here is timed (bench/bounds.ts
 * measures the other organization's latency under the same attacks).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/http/app-instance.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { LocalBlobStore } from '../../src/blobs/local-blob-store.ts';
import { workBounds, type WorkBounds } from '../../src/domain/work-bounds.ts';
import type { WorkSlots } from '../../src/isolation/work-slots.ts';
import { pageImages } from '../../src/cabinet/page-image.ts';
import type { PageRenderJob, PageRenderOutcome } from '../../src/isolation/page-render.ts';
import { AppError } from '../../src/kernel/errors.ts';
import { renderMarkdown } from '../../src/report/markdown.ts';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';
import { addTenant, insertPdfDocuments, insertResult, insertRun, type TenantWithKey } from '../helpers/rows.ts';
import { makeSimplePdf, makeZip } from '../helpers/fixtures.ts';
import { makeResult, META } from '../report/fixture.ts';
import { multipartBody } from './harness.ts';

/** A gate: a promise the test resolves when it says. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}

/** Holds every slot of a kind with jobs of an organization of the test's own, until the returned function is called. */
function holdSlots(slots: WorkSlots): () => void {
  const held = gate();
  const n = slots.stats().slots;
  for (let i = 0; i < n; i++) void slots.run(`holder-${i}`, `held/${slots.kind}/${i}`, () => held.opened);
  assert.equal(slots.stats().running, n, 'every slot held');
  return held.open;
}

/** Waits (a turn of the event loop at a time) until the bound's numbers say the requests got where expected. */
async function until(what: string, done: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(done(), `never reached: ${what}`);
}

const errorOf = (body: string): { error: string; message: string } => JSON.parse(body).detail;

describe('bounded work under hostile organizations', () => {
  let store: TestStore;
  let dataDir: string;
  let blobs: LocalBlobStore;
  let config: Config;
  let bounds: WorkBounds;
  let app: App;
  let hostile: TenantWithKey;
  let other: TenantWithKey;
  let third: TenantWithKey;
  let hostileRun: string;
  let otherRun: string;
  let thirdRun: string;

  async function publishedRun(owner: TenantWithKey, findings: number): Promise<string> {
    const runId = await insertRun(store.db, owner, 'done');
    const result = makeResult(findings);
    const keys = { reportMdKey: `runs/${runId}/report/report.md`, reportPdfKey: null, sectionPdfKeys: {}, themePdfKeys: {}, reportZipKey: null };
    await blobs.putBuffer(keys.reportMdKey, renderMarkdown(result, { ...META, run_id: runId }));
    await insertResult(store.db, { runId, tenantId: owner.tenantId }, result, keys);
    return runId;
  }

  before(async () => {
    store = await openTestStore();
    dataDir = await mkdtemp(join(tmpdir(), 'drs-bounded-'));
    blobs = new LocalBlobStore(join(dataDir, 'blobs'));
    config = loadConfig({
      DATA_DIR: dataDir,
      REGISTER_BUILD_SLOTS: '1',
      REPORT_BUILDS_PER_ORGANIZATION: '2',
      ARCHIVE_PREVIEW_SLOTS: '1',
      WORK_QUEUE_PER_SLOT: '2',
      INTAKE_SLOTS_PER_ORGANIZATION: '2',
      INTAKE_WAIT_MS: '0',
    });
    bounds = workBounds(config);
    app = await buildApp({ config, store, blobs, log: pino({ level: 'silent' }), notifyQueued: () => undefined, bounds });
    hostile = await addTenant(store.db, { name: 'ООО «Нагрузка»', checks: 10 });
    other = await addTenant(store.db, { name: 'ООО «Соседи»', checks: 10 });
    third = await addTenant(store.db, { name: 'ООО «Третьи»', checks: 10 });
    // the probe's large run: 3,000 findings
    hostileRun = await publishedRun(hostile, 3000);
    otherRun = await publishedRun(other, 36);
    thirdRun = await publishedRun(third, 36);
  });

  after(async () => {
    await app.close();
    await store.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = (who: TenantWithKey, url: string) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who.auth });
  const checksOf = async (who: TenantWithKey) =>
    Number((await store.db.selectFrom('tenants').select('checks_left').where('id', '=', who.tenantId).executeTakeFirstOrThrow()).checks_left);

  /** The other organization polls its run while the attack holds the node: every answer 200, its run as stored. */
  async function pollsServed(who: TenantWithKey, runId: string, times = 10): Promise<void> {
    for (let i = 0; i < times; i++) {
      const r = await get(who, `/runs/${runId}`);
      assert.equal(r.statusCode, 200, r.body);
      assert.equal(JSON.parse(r.body).status, 'done');
    }
  }

  test("twenty parallel register.docx of a large run: one build; the organization's next ones 429 and 503; the others' served", async () => {
    const registers = bounds.registers;
    const release = holdSlots(registers);
    const before = registers.stats();
    const twenty = Array.from({ length: 20 }, () => get(hostile, `/runs/${hostileRun}/register.docx`));
    await until('nineteen joined the first', () => registers.stats().joined - before.joined === 19 && registers.stats().queued === 1);
    const xlsx = get(hostile, `/runs/${hostileRun}/register.xlsx`);
    await until('the XLSX queued', () => registers.stats().queued === 2);

    // past its share (two builds waiting and running): 429 with Retry-After
    const third429 = await get(hostile, `/runs/${hostileRun}/register.docx?include_rejected=true`);
    assert.equal(third429.statusCode, 429, third429.body);
    assert.equal(errorOf(third429.body).error, 'too_many_requests');
    assert.match(errorOf(third429.body).message, /реестров замечаний организации \(не более 2 одновременно\)/);
    assert.ok(Number(third429.headers['retry-after']) >= 1);

    // another organization is queued though the node's queue is full: it had nothing waiting
    const otherDocx = get(other, `/runs/${otherRun}/register.docx`);
    await until("the other's register queued", () => registers.held(other.tenantId) === 1);
    // its second one would wait behind a full queue: 503 with Retry-After
    const otherFull = await get(other, `/runs/${otherRun}/register.xlsx`);
    assert.equal(otherFull.statusCode, 503, otherFull.body);
    assert.equal(errorOf(otherFull.body).error, 'backend_unavailable');
    assert.ok(Number(otherFull.headers['retry-after']) >= 1);

    // a third organization polls and downloads meanwhile
    await pollsServed(third, thirdRun);
    const thirdDocx = get(third, `/runs/${thirdRun}/register.docx`);
    await until("the third's register queued", () => registers.held(third.tenantId) === 1);

    release();
    const answers = await Promise.all(twenty);
    for (const r of answers) assert.equal(r.statusCode, 200, r.body);
    assert.ok(
      answers.every((r) => r.rawPayload.equals(answers[0]!.rawPayload)),
      'the twenty got the one file',
    );
    assert.equal(answers[0]!.rawPayload.subarray(0, 2).toString(), 'PK');
    for (const r of [await xlsx, await otherDocx, await thirdDocx]) assert.equal(r.statusCode, 200, r.body);
    const stats = registers.stats();
    assert.equal(stats.started - before.started, 4, 'the twenty docx once, the XLSX, the other and the third organization’s');
    assert.deepEqual(stats.refused, { organization: before.refused.organization + 1, node: before.refused.node + 1 });
    assert.deepEqual([stats.running, stats.queued], [0, 0]);
    // the refused one is served once the node has room
    assert.equal((await get(other, `/runs/${otherRun}/register.xlsx`)).statusCode, 200);
  });

  test('a register asked after a decision is not joined with one asked before it: each has the decisions of its moment', async () => {
    const registers = bounds.registers;
    const release = holdSlots(registers);
    const before = registers.stats();
    const runId = await publishedRun(other, 36);
    const finding = makeResult(36).findings.sort((a, b) => a.n - b.n)[0]!;
    const earlier = get(other, `/runs/${runId}/register.xlsx?include_rejected=true`);
    await until('the first register queued', () => registers.held(other.tenantId) === 1);
    const decided = await app.inject({
      method: 'POST',
      url: `/api/v1/runs/${runId}/feedback`,
      headers: { ...other.auth, 'content-type': 'application/json' },
      payload: {
        snapshot: 's',
        finding_id: finding.finding_id,
        decision: 'rejected',
        reason: 'Расчёт приведён в томе КР',
        version: 0,
        request_key: randomUUID(),
      },
    });
    assert.equal(decided.statusCode, 201, decided.body);
    const later = get(other, `/runs/${runId}/register.xlsx?include_rejected=true`);
    await until('the second register queued, not joined', () => registers.held(other.tenantId) === 2);
    assert.equal(registers.stats().joined, before.joined);
    release();
    const [a, b] = [await earlier, await later];
    assert.equal(a.statusCode, 200, a.body);
    assert.equal(b.statusCode, 200, b.body);
    assert.equal(registers.stats().started - before.started, 2, 'two builds: the second with the rejection');
  });

  test('previews in parallel: counted against the upload bound like POST /runs; past the node’s queue 503; the others upload', async () => {
    const zip = await makeZip([
      { name: 'ПЗ.pdf', content: await makeSimplePdf(1) },
      { name: 'вложенный.zip', content: await makeZip([{ name: 'АР.pdf', content: await makeSimplePdf(1) }]) },
    ]);
    const pdf = await makeSimplePdf(1);
    const post = (who: TenantWithKey, path: string, field: string, name: string, content: Buffer) =>
      app.inject({
        method: 'POST',
        url: `/api/v1${path}`,
        headers: { ...who.auth, 'content-type': 'multipart/form-data; boundary=b0' },
        payload: multipartBody('b0', [{ name: field, filename: name, content }]),
      });
    const preview = (who: TenantWithKey) => post(who, '/imports/preview', 'file', 'комплект.zip', zip);
    const previews = bounds.previews;
    const release = holdSlots(previews);
    const hostileChecks = await checksOf(hostile);

    const first = [preview(hostile), preview(hostile)];
    await until('both previews received and waiting for unpacking', () => previews.held(hostile.tenantId) === 2);
    assert.equal(bounds.intake.inUse(hostile.tenantId), 2, 'each preview holds one of the upload slots');
    // its third preview and its upload: the same bound, refused before the body is read, nothing charged
    for (const refused of [await preview(hostile), await post(hostile, '/runs', 'files', 'ПЗ.pdf', pdf)]) {
      assert.equal(refused.statusCode, 429, refused.body);
      assert.equal(errorOf(refused.body).error, 'too_many_requests');
      assert.equal(refused.headers['retry-after'], '5');
    }
    assert.equal(await checksOf(hostile), hostileChecks);

    // another organization: its first preview is queued (it had none), its second would wait behind a full queue
    const otherFirst = preview(other);
    await until("the other's preview queued", () => previews.held(other.tenantId) === 1);
    const full = await preview(other);
    assert.equal(full.statusCode, 503, full.body);
    assert.equal(errorOf(full.body).error, 'backend_unavailable');
    assert.match(errorOf(full.body).message, /очередь просмотра архивов заполнена/);
    assert.ok(Number(full.headers['retry-after']) >= 1);
    // and it uploads a set meanwhile: its own upload slot is free, no child of the previews is needed for it
    const otherChecks = await checksOf(other);
    const uploaded = await post(other, '/runs', 'files', 'ПЗ.pdf', pdf);
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    assert.equal(await checksOf(other), otherChecks - 1);
    await pollsServed(third, thirdRun);

    release();
    for (const r of [...(await Promise.all(first)), await otherFirst]) {
      assert.equal(r.statusCode, 200, r.body);
      assert.deepEqual(
        JSON.parse(r.body)
          .documents.map((d: { name: string }) => d.name)
          .sort(),
        ['ПЗ.pdf', 'вложенный.zip/АР.pdf'],
      );
    }
    assert.equal(bounds.intake.inUse(hostile.tenantId), 0, 'the upload slots are given back');
    assert.equal((await preview(hostile)).statusCode, 200);
  });

  test('two hostile organizations asking page pictures: each refused past its share and the full queue; another one’s picture next', async () => {
    /** The pages rendered, in the order their renders started. */
    const started: number[] = [];
    const gates: ReturnType<typeof gate>[] = [];
    /** A render that writes a tiny picture once the test opens its gate. */
    const render = async (job: PageRenderJob): Promise<PageRenderOutcome> => {
      const g = gate();
      gates.push(g);
      started.push(job.page);
      await g.opened;
      await writeFile(job.output, Buffer.from('\x89PNG\r\n\x1a\n'));
      return { kind: 'rendered' };
    };
    const slots = workBounds({ ...config, pageRenderSlots: 2, pageRendersPerOrganization: 3, workQueuePerSlot: 1 }).pages;
    const pictures = pageImages({ db: store.db, blobs, config, log: pino({ level: 'silent' }), render, slots });
    const pdf = await makeSimplePdf(8);
    const runOf = async (who: TenantWithKey) => {
      const runId = await insertRun(store.db, who, 'done');
      await insertPdfDocuments(store.db, blobs, runId, [{ name: 'КР.pdf', content: pdf, pages: 8 }]);
      return runId;
    };
    const attackerA = hostile;
    const attackerC = third;
    const [runA, runC, runB] = [await runOf(attackerA), await runOf(attackerC), await runOf(other)];
    const ask = (who: TenantWithKey, runId: string, page: number) => pictures.open(who.tenantId, runId, 1, page);
    const refusalOf = async (p: Promise<unknown>) => {
      try {
        await p;
      } catch (e) {
        if (e instanceof AppError) return e;
        throw e;
      }
      throw new Error('expected a refusal');
    };

    const a1 = ask(attackerA, runA, 1);
    // each render starts once its source is copied: waited for, so that the first gate is A's
    await until('A renders', () => started.length === 1);
    const c1 = ask(attackerC, runC, 1);
    await until('C renders', () => started.length === 2);
    const aQueued = [ask(attackerA, runA, 2), ask(attackerA, runA, 3)];
    await until('A has two waiting', () => slots.stats().queued === 2);
    const a4 = await refusalOf(ask(attackerA, runA, 4));
    assert.equal(a4.code, 'too_many_requests');
    assert.ok((a4.retryAfter ?? 0) >= 1);
    const c2 = await refusalOf(ask(attackerC, runC, 2));
    assert.equal(c2.code, 'pdf_unavailable', 'C, rendering one, would wait behind the full queue: 503');
    assert.match(c2.message, /очередь построения изображений страниц заполнена/);
    assert.ok((c2.retryAfter ?? 0) >= 1);

    // another organization: queued though the queue is full, and the next slot is its own
    const b1 = ask(other, runB, 1);
    await until("the other's picture queued", () => slots.held(other.tenantId) === 1);
    await pollsServed(other, otherRun);
    gates[0]!.open();
    await until('a slot freed and given', () => started.length === 3);
    assert.deepEqual(started, [1, 1, 1], "the freed slot went to the other organization's page 1, not to A's pages 2 and 3");
    assert.equal(slots.held(attackerA.tenantId), 2, "A's two pages still wait");
    gates[2]!.open();
    await b1;
    await a1;
    // the rest end as their gates open, one after another
    while (slots.stats().running + slots.stats().queued > 0) {
      for (const g of gates) g.open();
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all([c1, ...aQueued]);
    assert.deepEqual(started.slice(3).sort(), [2, 3]);
    assert.deepEqual(slots.stats().refused, { organization: 1, node: 1 });
  });
});
