/**
 * Page pictures of the cabinet against hostile use, on the store of the test run (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL) with real render children: one render per page however many ask, failures remembered for
 * their time, one organization's hostile pages keeping no other one waiting, a bound per organization, scratch
 * under DATA_DIR only for renders that have their slot, and no picture stored or served once the run's documents
 * are deleted — also when the deletion comes in the middle of a render.
 */
import assert from 'node:assert/strict';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { pino } from 'pino';
import { LocalBlobStore } from '../../src/blobs/local-blob-store.ts';
import type { BlobStore } from '../../src/blobs/blob-store.ts';
import { pageImages, type PageImagesDeps } from '../../src/cabinet/page-image.ts';
import { deleteRunDocuments } from '../../src/domain/run-lifecycle.ts';
import type { AppDeps } from '../../src/domain/deps.ts';
import { getRun } from '../../src/store/repositories/runs.ts';
import { AppError } from '../../src/kernel/errors.ts';
import { isolatedPageRenderer, type PageRenderJob, type PageWords } from '../../src/isolation/page-render.ts';
import { ocrAvailable } from '../../src/review/extract/ocr.ts';
import { openTestStore, type TestStore } from '../helpers/test-store.ts';
import { addTenant, insertPdfDocuments, insertRun, type TenantWithKey } from '../helpers/rows.ts';
import { makeSheetsPdf, makeSimplePdf, scannedPdf, slowPagePdf } from '../helpers/fixtures.ts';
import { pagePictures } from '../../src/kernel/metrics.ts';

const silent = pino({ level: 'silent' });
const tesseractWithRussian = () => ocrAvailable('tesseract');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function bytes(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** Resolves with the AppError a promise rejects with (and fails when it does not reject with one). */
async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('page pictures under hostile use', () => {
  let store: TestStore;
  let blobs: LocalBlobStore;
  let orgA: TenantWithKey;
  let orgB: TenantWithKey;
  /** Renders done by real children, by the size of their source, in the order they started. */
  const renders: number[] = [];
  const counted = isolatedPageRenderer({ memoryMb: 512, timeoutMs: 6000 });
  const render = async (job: PageRenderJob, signal?: AbortSignal) => {
    renders.push((await stat(job.input)).size);
    return counted(job, signal);
  };
  let now = Date.parse('2026-11-26T12:00:00Z');
  const config: PageImagesDeps['config'] = {
    dataDir: '',
    pageRenderSlots: 2,
    pageRendersPerOrganization: 2,
    pageRenderMemoryMb: 512,
    pageRenderTimeoutMs: 6000,
    pageRenderFailureTtlMs: 60_000,
    tesseractBin: 'tesseract',
  };
  const service = (over: Partial<PageImagesDeps> = {}) => pageImages({ db: store.db, blobs, config, log: silent, render, clock: () => now, ...over });

  before(async () => {
    store = await openTestStore();
    config.dataDir = store.env.DATA_DIR!;
    blobs = new LocalBlobStore(join(config.dataDir, 'blobs'));
    orgA = await addTenant(store.db, { name: 'ООО «Нагрузка»' });
    orgB = await addTenant(store.db, { name: 'ООО «Соседи»' });
  });
  after(() => store.dispose());

  async function runWith(owner: TenantWithKey, pdfs: { name: string; content: Buffer; pages: number | null }[]): Promise<string> {
    const runId = await insertRun(store.db, owner);
    await insertPdfDocuments(store.db, blobs, runId, pdfs);
    return runId;
  }

  test('twenty requests for one page at once: one render, one stored picture, every answer the same PNG', async () => {
    const runId = await runWith(orgA, [{ name: 'КР.pdf', content: await makeSimplePdf(3), pages: 3 }]);
    const pictures = service();
    renders.length = 0;
    const outcomes = async () => Object.fromEntries((await pagePictures.get()).values.map((v) => [v.labels.outcome, v.value]));
    const was = await outcomes();
    const answers = await Promise.all(Array.from({ length: 20 }, () => pictures.open(orgA.tenantId, runId, 1, 2).then(bytes)));
    assert.equal(renders.length, 1, `renders: ${renders.join(', ')}`);
    const tally = await outcomes();
    const delta = (outcome: string) => (tally[outcome] ?? 0) - (was[outcome] ?? 0);
    assert.deepEqual(
      [delta('rendered'), delta('joined') + delta('stored')],
      [1, 19],
      'drs_page_pictures_total: one rendered, the others joined it or found it stored',
    );
    assert.equal(answers[0]!.subarray(1, 4).toString(), 'PNG');
    for (const a of answers) assert.ok(a.equals(answers[0]!));
    assert.ok(await blobs.exists(`runs/${runId}/derived/pages/1-2.png`));
    await bytes(await pictures.open(orgA.tenantId, runId, 1, 2));
    assert.equal(renders.length, 1, 'a stored picture is served without a render');
    assert.equal(((await outcomes()).stored ?? 0) - (tally.stored ?? 0), 1, 'counted as a cache hit');
  });

  test("a page's words come with its picture from one render: boxes within the page, stored beside the picture", async () => {
    const runId = await runWith(orgA, [{ name: 'ПЗ.pdf', content: await makeSimplePdf(2), pages: 2 }]);
    const pictures = service();
    renders.length = 0;
    const [picture, words] = await Promise.all([pictures.open(orgA.tenantId, runId, 1, 2).then(bytes), pictures.words(orgA.tenantId, runId, 1, 2).then(bytes)]);
    assert.equal(picture.subarray(1, 4).toString(), 'PNG');
    assert.equal(renders.length, 1, "the words are drawn by the picture's render");
    const page = JSON.parse(words.toString()) as PageWords;
    assert.equal(page.source, 'text');
    assert.deepEqual([page.width, page.height], [595.3, 841.9], 'A4 in points');
    assert.deepEqual(page.words.map((w) => w.t).slice(0, 5), ['Пояснительная', 'записка.', '24-017-ПЗ.', 'Лист', '2.']);
    for (const { b } of page.words) assert.ok(b[0] >= 0 && b[1] >= 0 && b[2] <= 1 && b[3] <= 1 && b[0] < b[2] && b[1] < b[3], `box ${b}`);
    assert.ok(await blobs.exists(`runs/${runId}/derived/pages/1-2.words.json`));
    await bytes(await pictures.words(orgA.tenantId, runId, 1, 2));
    assert.equal(renders.length, 1, 'stored words are served without a render');
  });

  test('a scanned page: the picture does not wait for recognition; its words are recognised when asked for', async (t) => {
    const runId = await runWith(orgA, [
      { name: 'Скан.pdf', content: await scannedPdf('Пояснительная записка. Текст раздела проектной документации.'), pages: 1 },
    ]);
    const pictures = service();
    renders.length = 0;
    await bytes(await pictures.open(orgA.tenantId, runId, 1, 1));
    assert.equal(await blobs.exists(`runs/${runId}/derived/pages/1-1.words.json`), false, 'no words without a text layer');
    const jobs: PageRenderJob[] = [];
    const asked = service({
      render: (job, signal) => {
        jobs.push(job);
        return render(job, signal);
      },
    });
    const page = JSON.parse((await bytes(await asked.words(orgA.tenantId, runId, 1, 1))).toString()) as PageWords;
    assert.deepEqual(
      jobs.map((j) => j.ocr),
      [{ bin: 'tesseract' }],
      'one render, with recognition',
    );
    if (page.source === 'none' && !(await tesseractWithRussian())) return t.skip('tesseract with Russian data is not installed');
    assert.equal(page.source, 'ocr');
    assert.ok(
      page.words.some((w) => /документации/.test(w.t)),
      JSON.stringify(page.words),
    );
  });

  test('a scanned page without tesseract: no words, said once and stored', async () => {
    const runId = await runWith(orgA, [{ name: 'Скан-2.pdf', content: await scannedPdf('Текст'), pages: 1 }]);
    const pictures = service({ config: { ...config, tesseractBin: '/nonexistent/tesseract' } });
    renders.length = 0;
    const page = JSON.parse((await bytes(await pictures.words(orgA.tenantId, runId, 1, 1))).toString()) as PageWords;
    assert.deepEqual([page.source, page.words], ['none', []]);
    await bytes(await pictures.words(orgA.tenantId, runId, 1, 1));
    assert.equal(renders.length, 2, 'the picture, then the recognition; then nothing');
  });

  test('the title block of a sheet: the bottom strip of an A4 drawn readable (216 dpi), a render and a file of its own', async () => {
    const runId = await runWith(orgA, [{ name: 'АР.pdf', content: await makeSimplePdf(1), pages: 1 }]);
    const pictures = service();
    renders.length = 0;
    const corner = await bytes(await pictures.open(orgA.tenantId, runId, 1, 1, 'title_block'));
    // 200 × 70 mm of an A4 sheet at 216 dpi (src/isolation/title-block-crop.mjs)
    assert.deepEqual([corner.readUInt32BE(16), corner.readUInt32BE(20)], [1701, 596]);
    assert.ok(await blobs.exists(`runs/${runId}/derived/pages/1-1.title-block.png`));
    assert.equal(await blobs.exists(`runs/${runId}/derived/pages/1-1.png`), false);
    await bytes(await pictures.open(orgA.tenantId, runId, 1, 1, 'title_block'));
    assert.equal(renders.length, 1);
  });

  test('a large sheet drawn sharper for a zoomed viewer: the pixels asked for, a render and a file of its own', async () => {
    const a2 = await makeSheetsPdf([{ widthMm: 594, heightMm: 420, text: 'План 1-го этажа' }]);
    const runId = await runWith(orgA, [{ name: 'АР.pdf', content: a2, pages: 1 }]);
    const pictures = service();
    renders.length = 0;
    const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];
    assert.deepEqual(size(await bytes(await pictures.open(orgA.tenantId, runId, 1, 1))), [1600, 1132]);
    assert.deepEqual(size(await bytes(await pictures.open(orgA.tenantId, runId, 1, 1, 'page', 2))), [3200, 2263]);
    // three times 1,600 px (205 dpi for 594 mm), within the bound of 300 dpi
    assert.deepEqual(size(await bytes(await pictures.open(orgA.tenantId, runId, 1, 1, 'page', 3))), [4800, 3394]);
    assert.ok(await blobs.exists(`runs/${runId}/derived/pages/1-1.x2.png`));
    await bytes(await pictures.open(orgA.tenantId, runId, 1, 1, 'page', 2));
    assert.equal(renders.length, 3, 'each zoom rendered once, then served as stored');
    // an A4 is not blown up past 300 dpi: 842 pt at 300/72 is 3,508 px, not 4,800
    const a4 = await runWith(orgA, [
      { name: 'ПЗ.pdf', content: await makeSheetsPdf([{ widthMm: 210, heightMm: 297, text: 'Пояснительная записка' }]), pages: 1 },
    ]);
    assert.deepEqual(size(await bytes(await pictures.open(orgA.tenantId, a4, 1, 1, 'page', 3))), [2481, 3508]);
  });

  test('words and title blocks are refused like pictures: another organization, a page past the end, deleted documents', async () => {
    const runId = await runWith(orgA, [{ name: 'КЖ.pdf', content: await makeSimplePdf(1), pages: 1 }]);
    const pictures = service();
    assert.equal((await refusal(pictures.words(orgB.tenantId, runId, 1, 1))).code, 'not_found');
    assert.equal((await refusal(pictures.open(orgB.tenantId, runId, 1, 1, 'title_block'))).code, 'not_found');
    assert.match((await refusal(pictures.words(orgA.tenantId, runId, 1, 2))).message, /нет страницы 2/);
    await bytes(await pictures.words(orgA.tenantId, runId, 1, 1));
    await deleteRunDocuments({ store, blobs } as unknown as AppDeps, (await getRun(store.db, runId))!);
    // Asked one after the other: a second promise made up front could reject before anyone listens to it.
    for (const ask of [() => pictures.words(orgA.tenantId, runId, 1, 1), () => pictures.open(orgA.tenantId, runId, 1, 1, 'title_block')])
      assert.match((await refusal(ask())).message, /Исходные документы проверки удалены/);
    assert.equal(await blobs.exists(`runs/${runId}/derived/pages/1-1.words.json`), false);
  });

  test('a refunded run whose documents could not be read renders nothing: its pages refused at once, without a render', async () => {
    // The probe's case: an unreadable PDF fails its run with a refund, and its pages were still rendered, for free.
    const runId = await insertRun(store.db, orgA, 'failed', {
      refunded: 1,
      error: JSON.stringify({ code: 'bad_format', message: 'Не удалось прочитать документы' }),
    });
    await insertPdfDocuments(store.db, blobs, runId, [{ name: 'Нечитаемый.pdf', content: await makeSimplePdf(2), pages: null }]);
    const pictures = service();
    renders.length = 0;
    for (const ask of [
      () => pictures.open(orgA.tenantId, runId, 1, 1),
      () => pictures.words(orgA.tenantId, runId, 1, 2),
      () => pictures.open(orgA.tenantId, runId, 1, 1, 'title_block'),
    ]) {
      const e = await refusal(ask());
      assert.equal(e.code, 'not_found');
      assert.match(e.message, /проверка возвращена: изображения страниц её документов не строятся/);
    }
    assert.equal(renders.length, 0, 'no child started for a refunded run');
    assert.equal(pictures.held(orgA.tenantId), 0);
    // another organization still gets not_found without learning anything of the run
    assert.equal((await refusal(pictures.open(orgB.tenantId, runId, 1, 1))).message, 'Проверка не найдена');
  });

  test('a failed render is remembered for its time: 503 pdf_unavailable with Retry-After, no render until the time is up', async () => {
    const runId = await runWith(orgA, [{ name: 'Сломанный.pdf', content: Buffer.from('%PDF-1.7\nне PDF\n'), pages: 1 }]);
    const pictures = service();
    renders.length = 0;
    const first = await refusal(pictures.open(orgA.tenantId, runId, 1, 1));
    assert.equal(first.code, 'pdf_unavailable');
    assert.equal(first.retryAfter, 60);
    assert.match(first.message, /Не удалось построить изображение страницы 1 документа «Сломанный\.pdf»/);
    now += 20_000;
    for (let i = 0; i < 10; i++) {
      const again = await refusal(pictures.open(orgA.tenantId, runId, 1, 1));
      assert.equal(again.code, 'pdf_unavailable');
      assert.equal(again.retryAfter, 40, 'Retry-After: until the failure is forgotten');
    }
    assert.equal(renders.length, 1);
    now += 40_000;
    await refusal(pictures.open(orgA.tenantId, runId, 1, 1));
    assert.equal(renders.length, 2, 'tried again once its time is up');
  });

  test('a page past the end of a document whose pages were not counted: 404, remembered', async () => {
    const runId = await runWith(orgA, [{ name: 'Без счёта.pdf', content: await makeSimplePdf(2), pages: null }]);
    const pictures = service();
    renders.length = 0;
    for (let i = 0; i < 3; i++) {
      const e = await refusal(pictures.open(orgA.tenantId, runId, 1, 5));
      assert.equal(e.code, 'not_found');
      assert.match(e.message, /нет страницы 5/);
    }
    assert.equal(renders.length, 1);
  });

  test("one organization's hostile pages: its third is refused with 429, another organization's picture is done while they run", async (t) => {
    const hostilePdf = slowPagePdf(2_000_000);
    const hostileRun = await runWith(
      orgA,
      [1, 2, 3].map((n) => ({ name: `Тяжёлый-${n}.pdf`, content: hostilePdf, pages: 1 })),
    );
    const plainPdf = await makeSimplePdf(1);
    const plainRun = await runWith(orgB, [{ name: 'ПЗ.pdf', content: plainPdf, pages: 1 }]);
    const pictures = service();
    renders.length = 0;
    const endedFirst: string[] = [];
    const hostile = [1, 2].map((n) =>
      refusal(pictures.open(orgA.tenantId, hostileRun, n, 1)).then((e) => {
        endedFirst.push(`A${n}`);
        return e;
      }),
    );
    // A failed assertion must not leave renders running into the next test.
    t.after(() => Promise.allSettled(hostile));
    // Both requests read their run before they queue, in either order: the third is asked once both are held.
    while (pictures.held(orgA.tenantId) < 2) await sleep(10);
    const busy = await refusal(pictures.open(orgA.tenantId, hostileRun, 3, 1));
    assert.equal(busy.code, 'too_many_requests');
    assert.ok((busy.retryAfter ?? 0) >= 1);
    assert.match(busy.message, /не более 2/);
    // The scratch holds the copy of the one hostile source being rendered, not one per waiting request.
    while (renders.length === 0) await sleep(20);
    const scratch = join(config.dataDir, 'tmp', 'render');
    assert.equal((await readdir(scratch)).length, 1);
    const picture = await bytes(await pictures.open(orgB.tenantId, plainRun, 1, 1));
    endedFirst.push('B');
    assert.equal(picture.subarray(1, 4).toString(), 'PNG');
    for (const e of await Promise.all(hostile)) assert.equal(e.code, 'pdf_unavailable');
    assert.equal(endedFirst[0], 'B', `order: ${endedFirst.join(', ')}`);
    assert.deepEqual(renders, [hostilePdf.length, plainPdf.length, hostilePdf.length], 'B rendered beside the first hostile page, before the second');
    assert.deepEqual(await readdir(scratch), [], 'scratch removed after each render');
  });

  test('a stopping server gives up its renders at once: the running child is ended, waiting requests answered 503', async () => {
    const runId = await runWith(
      orgA,
      [1, 2].map((n) => ({ name: `Бесконечный-${n}.pdf`, content: slowPagePdf(2_000_000), pages: 1 })),
    );
    const pictures = service();
    renders.length = 0;
    const asks = [1, 2].map((n) => refusal(pictures.open(orgA.tenantId, runId, n, 1)));
    while (renders.length === 0) await sleep(20);
    pictures.close();
    for (const e of await Promise.all(asks)) {
      assert.equal(e.code, 'pdf_unavailable');
      assert.match(e.message, /Сервис перезапускается/, 'given up, not timed out');
      assert.equal(e.retryAfter, 5);
    }
    assert.equal(renders.length, 1, 'the waiting one never started');
    assert.deepEqual(await readdir(join(config.dataDir, 'tmp', 'render')), []);
  });

  test('documents deleted while a picture renders: nothing stored, 404 for every request waiting for it', async () => {
    const runId = await runWith(orgB, [{ name: 'АР.pdf', content: await makeSimplePdf(1), pages: 1 }]);
    const deps = { store, blobs } as unknown as AppDeps;
    const pictures = service({
      render: async (job, signal) => {
        const outcome = await render(job, signal);
        await deleteRunDocuments(deps, (await getRun(store.db, runId))!);
        return outcome;
      },
    });
    const answers = await Promise.all([1, 2, 3].map(() => refusal(pictures.open(orgB.tenantId, runId, 1, 1))));
    for (const e of answers) assert.match(e.message, /Исходные документы проверки удалены/);
    assert.equal(await blobs.exists(`runs/${runId}/derived/pages/1-1.png`), false);
  });

  test('documents deleted between the last check and the store: the stored picture is removed again', async () => {
    const runId = await runWith(orgB, [{ name: 'ОВ.pdf', content: await makeSimplePdf(1), pages: 1 }]);
    const key = `runs/${runId}/derived/pages/1-1.png`;
    // The deletion runs to its end just before the picture is moved into the store.
    const racing: BlobStore = Object.create(blobs, {
      moveFile: {
        value: async (k: string, path: string) => {
          await deleteRunDocuments({ store, blobs } as unknown as AppDeps, (await getRun(store.db, runId))!);
          return blobs.moveFile(k, path);
        },
      },
    });
    const e = await refusal(service({ blobs: racing }).open(orgB.tenantId, runId, 1, 1));
    assert.match(e.message, /Исходные документы проверки удалены/);
    assert.equal(await blobs.exists(key), false);
    assert.equal(await blobs.exists(`runs/${runId}/derived/pages/1-1.words.json`), false, 'nor the words stored with it');
  });

  test('a stored picture is not served once the documents are deleted', async () => {
    const runId = await runWith(orgB, [{ name: 'ВК.pdf', content: await makeSimplePdf(1), pages: 1 }]);
    const pictures = service();
    await bytes(await pictures.open(orgB.tenantId, runId, 1, 1));
    await deleteRunDocuments({ store, blobs } as unknown as AppDeps, (await getRun(store.db, runId))!);
    const e = await refusal(pictures.open(orgB.tenantId, runId, 1, 1));
    assert.equal(e.code, 'not_found');
    assert.match(e.message, /Исходные документы проверки удалены/);
    assert.equal(await blobs.exists(`runs/${runId}/derived/pages/1-1.png`), false);
    assert.equal(await blobs.exists(`runs/${runId}/docs/1.pdf`), false);
  });
});
