/**
 * PdfRebuilder on a migrated store (SQLite, or PostgreSQL with TEST_DATABASE_URL): results whose PDFs failed
 * at publication are rebuilt from the stored result and metadata with the publication's build; one build at
 * a time per run in a process (joined) and across processes (lease on the results row, a second pool as the
 * second process); a failing rebuild answers 503 pdf_unavailable with Retry-After and pauses the next attempt.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pino } from 'pino';
import { LocalBlobStore } from '../../src/blobs/local-blob-store.ts';
import { newQueuedRun } from '../../src/domain/new-run.ts';
import { fromRun } from '../../src/store/repositories/run-rows.ts';
import { AppError } from '../../src/kernel/errors.ts';
import { httpStatusOf } from '../../src/http/error-handler.ts';
import { buildReports, reportPrefix } from '../../src/report/index.ts';
import { PdfRebuilder, BUILDING_RETRY_AFTER_S } from '../../src/report/rebuild.ts';
import { storedReportKeys } from '../../src/store/repositories/results.ts';
import type { ReportKeys } from '../../src/report/types.ts';
import type { Db } from '../../src/store/db.ts';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';
import { addTenant } from '../helpers/rows.ts';
import { makeResult, META } from './fixture.ts';
import { pdfText, zipEntries } from './inspect.ts';

/** A directory blob store whose PDF writes can be refused or held, and which counts overall PDFs written. */
class ControlledStore extends LocalBlobStore {
  refuse = false;
  hold: Promise<void> | null = null;
  overallPdfs = 0;
  override async putStream(key: string, body: Readable): Promise<void> {
    if (key.endsWith('.pdf') || key.endsWith('.zip')) {
      if (this.refuse) {
        body.destroy();
        throw new Error('ENOSPC: no space left on device');
      }
      if (this.hold) await this.hold;
      if (key.endsWith('/report.pdf')) this.overallPdfs++;
    }
    return super.putStream(key, body);
  }
}

const silent = pino({ level: 'silent' });
const numbersIn = (text: string) => [...text.replace(/\s+/g, ' ').matchAll(/№ (\d+) · /g)].map((m) => Number(m[1])).sort((a, b) => a - b);

async function unavailable(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof AppError, String(e));
    assert.equal(e.code, 'pdf_unavailable');
    assert.equal(httpStatusOf(e), 503);
    assert.ok(Number.isInteger(e.retryAfter) && e.retryAfter! >= 1, `Retry-After ${e.retryAfter}`);
    return e;
  }
  assert.fail('expected 503 pdf_unavailable');
}

describe('rebuilding PDFs that failed at publication', () => {
  let store: TestStore;
  let blobDir: string;
  let tenantId: string;
  let keyId: string;

  /** A published run whose PDF build failed, as the pipeline stores it (report_meta kept, one attempt). */
  async function publishedWithoutPdfs(): Promise<{ runId: string; keys: ReportKeys }> {
    const runId = randomUUID();
    const at = new Date().toISOString();
    await store.db
      .insertInto('runs')
      .values({ ...fromRun(newQueuedRun({ id: runId, tenantId, keyId, createdAt: at })), status: 'done', stage: 'done' })
      .execute();
    const meta = { ...META, run_id: runId };
    const refusing = new ControlledStore(blobDir);
    refusing.refuse = true;
    const keys = await buildReports(makeResult(), meta, refusing, reportPrefix(runId));
    assert.equal(keys.reportPdfKey, null);
    await store.db
      .insertInto('results')
      .values({
        run_id: runId,
        tenant_id: tenantId,
        snapshot: 's',
        body: JSON.stringify(makeResult()),
        published_at: at,
        report_md_key: keys.reportMdKey,
        report_pdf_key: null,
        section_pdf_keys: '{}',
        theme_pdf_keys: '{}',
        report_zip_key: null,
        report_meta: JSON.stringify(meta),
        pdf_build_attempts: 1,
        pdf_error: 'ENOSPC',
      })
      .execute();
    return { runId, keys };
  }

  const rowOf = (db: Db, runId: string) => db.selectFrom('results').selectAll().where('run_id', '=', runId).executeTakeFirstOrThrow();
  const read = async (blobs: LocalBlobStore, key: string) => {
    const chunks: Buffer[] = [];
    for await (const c of await blobs.openRead(key)) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  before(async () => {
    store = await openTestStore();
    blobDir = await mkdtemp(join(tmpdir(), 'drs-rebuild-blobs-'));
    ({ tenantId, keyId } = await addTenant(store.db, { name: META.organization, checks: 5 }));
  });

  after(async () => {
    await store.dispose();
    await rm(blobDir, { recursive: true, force: true });
  });

  test('the rebuild stores every PDF and the ZIP with the overall numbers and records the keys', async () => {
    const { runId, keys } = await publishedWithoutPdfs();
    const blobs = new ControlledStore(blobDir);
    const rebuilt = await new PdfRebuilder({ db: store.db, blobs, log: silent, leaseMs: 30_000 }).ensure(runId, keys);
    assert.equal(rebuilt.reportMdKey, keys.reportMdKey);
    assert.deepEqual(await storedReportKeys(store.db, tenantId, runId), rebuilt);
    const result = makeResult();
    assert.deepEqual(Object.keys(rebuilt.sectionPdfKeys).sort(), result.available_sections.map((s) => s.code).sort());
    assert.deepEqual(Object.keys(rebuilt.themePdfKeys).sort(), [...result.available_themes].sort());
    const overall = await read(blobs, rebuilt.reportPdfKey!);
    assert.equal(overall.subarray(0, 5).toString('latin1'), '%PDF-');
    assert.deepEqual(
      numbersIn(await pdfText(overall)),
      result.findings.map((f) => f.n).sort((a, b) => a - b),
    );
    const kr = await pdfText(await read(blobs, rebuilt.sectionPdfKeys.КР!));
    assert.deepEqual(
      numbersIn(kr),
      result.findings
        .filter((f) => f.section === 'КР')
        .map((f) => f.n)
        .sort((a, b) => a - b),
    );
    assert.match(kr, /г\. Казань, ул\. Чистопольская/, 'the metadata stored at publication');
    const zip = await zipEntries(await read(blobs, rebuilt.reportZipKey!));
    assert.deepEqual(zip.map((e) => e.name).sort(), ['report.pdf', ...Object.keys(rebuilt.sectionPdfKeys).map((c) => `sections/${c}.pdf`)].sort());
    const row = await rowOf(store.db, runId);
    assert.equal(row.pdf_build_attempts, 2);
    assert.equal(row.pdf_build_owner, null);
    assert.equal(row.pdf_error, null);
    // Present keys are returned as they are, without a build.
    assert.deepEqual(await new PdfRebuilder({ db: store.db, blobs, log: silent, leaseMs: 30_000 }).ensure(runId, rebuilt), rebuilt);
    assert.equal(blobs.overallPdfs, 1);
  });

  test('concurrent downloads in one process join one build', async () => {
    const { runId, keys } = await publishedWithoutPdfs();
    const blobs = new ControlledStore(blobDir);
    const rebuilder = new PdfRebuilder({ db: store.db, blobs, log: silent, leaseMs: 30_000 });
    const all = await Promise.all(Array.from({ length: 5 }, () => rebuilder.ensure(runId, keys)));
    for (const k of all) assert.deepEqual(k, all[0]);
    assert.equal(blobs.overallPdfs, 1);
    assert.equal((await rowOf(store.db, runId)).pdf_build_attempts, 2);
  });

  test('another process finds the lease taken: 503 while it builds, the keys once it is done', async () => {
    const { runId, keys } = await publishedWithoutPdfs();
    const second = await store.openSecond();
    const blobsA = new ControlledStore(blobDir);
    const blobsB = new ControlledStore(blobDir);
    let release!: () => void;
    blobsA.hold = new Promise((r) => (release = r));
    const a = new PdfRebuilder({ db: store.db, blobs: blobsA, log: silent, leaseMs: 30_000 });
    const b = new PdfRebuilder({ db: second.db, blobs: blobsB, log: silent, leaseMs: 30_000 });
    const building = a.ensure(runId, keys);
    // Wait until A holds the lease.
    for (let i = 0; i < 200 && (await rowOf(store.db, runId)).pdf_build_owner === null; i++) await new Promise((r) => setTimeout(r, 10));
    const busy = await unavailable(b.ensure(runId, keys));
    assert.equal(busy.retryAfter, BUILDING_RETRY_AFTER_S);
    release();
    const done = await building;
    assert.deepEqual(await b.ensure(runId, keys), done);
    assert.equal(blobsA.overallPdfs, 1);
    assert.equal(blobsB.overallPdfs, 0);
  });

  test('a download that waits longer than waitMs answers 503; the build goes on and is recorded', async () => {
    const { runId, keys } = await publishedWithoutPdfs();
    const blobs = new ControlledStore(blobDir);
    let release!: () => void;
    blobs.hold = new Promise((r) => (release = r));
    const rebuilder = new PdfRebuilder({ db: store.db, blobs, log: silent, leaseMs: 30_000 }, { waitMs: 50 });
    assert.equal((await unavailable(rebuilder.ensure(runId, keys))).retryAfter, BUILDING_RETRY_AFTER_S);
    release();
    await rebuilder.idle();
    const row = await rowOf(store.db, runId);
    assert.ok(row.report_pdf_key && row.report_zip_key);
    // A later download finds the recorded build (with the default wait: the 50 ms above is shorter than a loaded database's answer).
    const later = new PdfRebuilder({ db: store.db, blobs, log: silent, leaseMs: 30_000 });
    assert.equal((await later.ensure(runId, keys)).reportPdfKey, row.report_pdf_key);
  });

  test('a failing rebuild answers 503 with Retry-After, pauses the next attempt, and a later one succeeds', async () => {
    const { runId, keys } = await publishedWithoutPdfs();
    const blobs = new ControlledStore(blobDir);
    blobs.refuse = true;
    let clock = new Date();
    const rebuilder = new PdfRebuilder({ db: store.db, blobs, log: silent, leaseMs: 30_000 }, { now: () => clock });
    assert.equal((await unavailable(rebuilder.ensure(runId, keys))).retryAfter, 30);
    let row = await rowOf(store.db, runId);
    assert.equal(row.pdf_build_attempts, 2);
    assert.match(row.pdf_error ?? '', /ENOSPC/);
    assert.equal(row.pdf_build_owner, null);
    assert.equal(row.pdf_retry_at, new Date(clock.getTime() + 30_000).toISOString());
    // During the pause no build starts, even with a working store.
    blobs.refuse = false;
    clock = new Date(clock.getTime() + 10_000);
    assert.equal((await unavailable(rebuilder.ensure(runId, keys))).retryAfter, 20);
    assert.equal((await rowOf(store.db, runId)).pdf_build_attempts, 2);
    // The second failed rebuild doubles the pause.
    clock = new Date(clock.getTime() + 21_000);
    blobs.refuse = true;
    assert.equal((await unavailable(rebuilder.ensure(runId, keys))).retryAfter, 60);
    clock = new Date(clock.getTime() + 61_000);
    blobs.refuse = false;
    const rebuilt = await rebuilder.ensure(runId, keys);
    assert.ok(rebuilt.reportPdfKey);
    row = await rowOf(store.db, runId);
    assert.equal(row.pdf_build_attempts, 4);
    assert.equal(row.pdf_retry_at, null);
    assert.equal(row.pdf_error, null);
  });

  test('a lease left by a process that died lapses and the build is taken over', async () => {
    const { runId, keys } = await publishedWithoutPdfs();
    await store.db
      .updateTable('results')
      .set({ pdf_build_owner: 'dead-node', pdf_build_expires_at: new Date(Date.now() + 60_000).toISOString() })
      .where('run_id', '=', runId)
      .execute();
    const blobs = new ControlledStore(blobDir);
    const rebuilder = new PdfRebuilder({ db: store.db, blobs, log: silent, leaseMs: 30_000 });
    assert.equal((await unavailable(rebuilder.ensure(runId, keys))).retryAfter, BUILDING_RETRY_AFTER_S);
    await store.db
      .updateTable('results')
      .set({ pdf_build_expires_at: new Date(Date.now() - 1).toISOString() })
      .where('run_id', '=', runId)
      .execute();
    assert.ok((await rebuilder.ensure(runId, keys)).reportPdfKey);
    assert.equal(blobs.overallPdfs, 1);
  });

  test('the lease is renewed while a build runs', async () => {
    const { runId, keys } = await publishedWithoutPdfs();
    const blobs = new ControlledStore(blobDir);
    let release!: () => void;
    blobs.hold = new Promise((r) => (release = r));
    // A lease long enough that a busy machine's timers cannot let it lapse between two renewals.
    const leaseMs = 1_500;
    const rebuilder = new PdfRebuilder({ db: store.db, blobs, log: silent, leaseMs });
    const building = rebuilder.ensure(runId, keys);
    try {
      for (let i = 0; i < 200 && (await rowOf(store.db, runId)).pdf_build_owner === null; i++) await new Promise((r) => setTimeout(r, 10));
      const first = (await rowOf(store.db, runId)).pdf_build_expires_at!;
      await new Promise((r) => setTimeout(r, leaseMs + 500));
      const later = await rowOf(store.db, runId);
      assert.ok(later.pdf_build_expires_at! > first, `${later.pdf_build_expires_at} > ${first}`);
      assert.ok(later.pdf_build_expires_at! > new Date().toISOString(), 'still held after the first lease time');
    } finally {
      release();
    }
    assert.ok((await building).reportPdfKey);
  });
});
