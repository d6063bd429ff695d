/**
 * Pictures of cited pages (GET /cabinet/runs/{run_id}/documents/{doc_index}/pages/{doc_page}), the crop of their
 * title block (`?crop=title_block`) and their words with boxes (…/words): rendered once from the stored PDF
 * (converted or original) or image and kept as derived blobs of the run, so deleting the run's documents removes
 * them too.
 *
 * Renders are shared fairly among organizations and bounded per organization and per node (isolation/work-slots.ts,
 * the node's `page_render` bound), done one per page however many ask, each in a child with memory and time limits (isolation/page-render.ts); the source is
 * copied to scratch under DATA_DIR only once its render has a slot; failures are remembered for a while
 * (failed-renders.ts). A picture is neither stored nor served once its run's documents are deleted, and none is
 * rendered for a run that was refunded (its documents could not be read, or it was cancelled before they were):
 * such a run has cost its organization nothing, and its pages must not cost the node renders either.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../store/db.ts';
import { BlobNotFoundError, type BlobStore } from '../blobs/blob-store.ts';
import { documentOfRunAt, getRunOf } from '../domain/runs.ts';
import type { RunDocument } from '../kernel/model/runs.ts';
import { errors, isAppError } from '../kernel/errors.ts';
import { pagePictures } from '../kernel/metrics.ts';
import { renderScratchDir } from '../kernel/scratch.ts';
import { isolatedPageRenderer, type PageRenderer, type PageRenderJob } from '../isolation/page-render.ts';
import { WorkSlots } from '../isolation/work-slots.ts';
import { FailedRenders } from './failed-renders.ts';

/**
 * Longest side of a page's picture; a zoomed picture (`?zoom=2`, `3`) has this many times as many, never past 300 dpi
 * (src/isolation/page-render-child.mjs: an A4 stops at 3,508 px, an A2 at zoom 3 is 4,800 px).
 */
const LONGEST_SIDE_PX = 1600;
/** The sharpest picture asked for: 4,800 px on the longest side, about 16 million pixels for an A0 sheet (49 MB drawn). */
export const MAX_PICTURE_ZOOM = 3;
/** Failures remembered at most: a few hundred bytes each. */
const MAX_REMEMBERED_FAILURES = 10_000;

const MIME: Record<string, string> = { pdf: 'application/pdf', jpeg: 'image/jpeg', png: 'image/png' };

type Failure = { kind: 'no_such_page' } | { kind: 'failed' };

/** The picture of a whole page, or of the bottom-right corner of its sheet where the title block stands. */
export type PagePicture = 'page' | 'title_block';

export interface PageImagesDeps {
  db: Db;
  blobs: BlobStore;
  config: Pick<
    Config,
    'dataDir' | 'pageRenderSlots' | 'pageRendersPerOrganization' | 'pageRenderMemoryMb' | 'pageRenderTimeoutMs' | 'pageRenderFailureTtlMs' | 'tesseractBin'
  >;
  log: Logger;
  /** The renderer; a child process per page unless a test gives another. */
  render?: PageRenderer;
  /** The node's bound of page renders (domain/work-bounds.ts); made from the configuration when not given. */
  slots?: WorkSlots;
  clock?: () => number;
}

export interface PageImages {
  /**
   * The picture (PNG) of page docPage of document docIndex of a tenant's run (numbers as in page_refs: doc_index,
   * doc_page): the whole page, or the corner with its title block. A page is drawn `zoom` (1 to MAX_PICTURE_ZOOM) times
   * as sharp for a viewer zoomed in on a large sheet: a render and a stored file of its own.
   */
  open(tenantId: string, runId: string, docIndex: number, docPage: number, picture?: PagePicture, zoom?: number): Promise<Readable>;
  /**
   * The words of that page with their boxes (PageWords as JSON): drawn with the picture from the text layer, or
   * recognised (OCR) on their own for a page without one, since recognition takes seconds the picture need not wait.
   */
  words(tenantId: string, runId: string, docIndex: number, docPage: number): Promise<Readable>;
  /**
   * The server is stopping: renders waiting and running are given up at once — their requests answered 503 with
   * Retry-After, the children ended — so that a stop does not wait for a queue of hostile pages.
   */
  close(): void;
  /** Renders of an organization waiting and running in this process (for tests and logs). */
  held(tenantId: string): number;
}

/** A page located in a tenant's run, with the stored file its pictures are drawn from. */
interface Located {
  tenantId: string;
  runId: string;
  doc: RunDocument;
  docPage: number;
  source: { key: string; mime: string };
  /** Key prefix of the page's derived files: `runs/<id>/derived/pages/<doc>-<page>`. */
  base: string;
}

/** One render: what it draws, the files it leaves in scratch and the keys they are stored under. */
interface Render {
  /** Key of the render (joined by others asking for it, failures remembered under it): its main stored file. */
  key: string;
  job: Pick<PageRenderJob, 'clip' | 'ocr'> & { longestSide?: number };
  /** Files of the render stored when written: the picture, and the words when asked for. */
  outputs: { file: 'page.png' | 'words.json'; key: string }[];
}

export function pageImages(deps: PageImagesDeps): PageImages {
  const { db, blobs, config, log } = deps;
  const render = deps.render ?? isolatedPageRenderer({ memoryMb: config.pageRenderMemoryMb, timeoutMs: config.pageRenderTimeoutMs });
  const slots =
    deps.slots ??
    new WorkSlots({
      kind: 'page_render',
      slots: config.pageRenderSlots,
      perOrganization: config.pageRendersPerOrganization,
      queue: 8 * config.pageRenderSlots,
    });
  const failures = new FailedRenders<Failure>({ ttlMs: config.pageRenderFailureTtlMs, maxEntries: MAX_REMEMBERED_FAILURES }, deps.clock);
  const failureSeconds = Math.max(1, Math.ceil(config.pageRenderFailureTtlMs / 1000));
  const stopping = new AbortController();

  /** Refuses when the run's documents were deleted (read now, not when the request began). */
  async function assertDocumentsKept(tenantId: string, runId: string): Promise<void> {
    if ((await getRunOf(db, tenantId, runId)).documentsDeletedAt) throw errors.pageImageDocumentsDeleted();
  }

  /** The page of a tenant's run, or the request's refusal: another tenant's run, deleted documents, no such page. */
  async function locate(tenantId: string, runId: string, docIndex: number, docPage: number): Promise<Located> {
    const run = await getRunOf(db, tenantId, runId);
    if (run.documentsDeletedAt) throw errors.pageImageDocumentsDeleted();
    if (run.refunded) throw errors.pageImageRunRefunded();
    const doc = await documentOfRunAt(db, run.id, docIndex);
    if (!doc) throw errors.pageImageNoDocument();
    if (doc.pages !== null && (docPage < 1 || docPage > doc.pages)) throw errors.pageImageNoPage(doc.name, docPage);
    const source = doc.pdfBlobKey ? { key: doc.pdfBlobKey, mime: MIME.pdf! } : MIME[doc.format] ? { key: doc.blobKey, mime: MIME[doc.format]! } : null;
    if (!source) throw errors.pageImageNoPages(doc.name);
    return { tenantId, runId: run.id, doc, docPage, source, base: `runs/${run.id}/derived/pages/${doc.idx}-${docPage}` };
  }

  /** Renders the page in a slot and stores what it wrote; throws the request's error otherwise. */
  async function renderAndStore(at: Located, r: Render) {
    const { tenantId, runId, doc, docPage, source } = at;
    const dir = renderScratchDir(config.dataDir);
    await mkdir(dir, { recursive: true });
    try {
      const input = join(dir, 'source');
      await blobs.getToFile(source.key, input).catch(async (e: unknown) => {
        if (!(e instanceof BlobNotFoundError)) throw e;
        await assertDocumentsKept(tenantId, runId);
        throw errors.pageImageSourceGone();
      });
      const job: PageRenderJob = { input, mime: source.mime, page: docPage, longestSide: LONGEST_SIDE_PX, output: join(dir, 'page.png'), ...r.job };
      if (r.outputs.some((o) => o.file === 'words.json')) job.words = join(dir, 'words.json');
      const outcome = await render(job, stopping.signal);
      if (outcome.kind === 'stopped') throw errors.pageImagesStopping();
      if (outcome.kind === 'no_such_page') {
        failures.remember(r.key, { kind: 'no_such_page' });
        throw errors.pageImageNoPage(doc.name, docPage);
      }
      if (outcome.kind === 'failed') {
        log.warn({ run_id: runId, doc_index: doc.idx, doc_page: docPage, reason: outcome.reason }, 'page picture not rendered');
        failures.remember(r.key, { kind: 'failed' });
        throw errors.pageImageFailed(doc.name, docPage, failureSeconds);
      }
      // Deleted while rendering: nothing is stored.
      await assertDocumentsKept(tenantId, runId);
      const stored: string[] = [];
      for (const out of r.outputs) {
        const file = join(dir, out.file);
        if (!(await exists(file))) continue;
        await blobs.moveFile(out.key, file);
        stored.push(out.key);
      }
      // Deleted between that check and the store: the deletion marks the run before it removes the files
      // (domain/run-lifecycle.ts), so the mark is seen here and the files go again.
      await assertDocumentsKept(tenantId, runId).catch(async (e: unknown) => {
        for (const key of stored) await blobs.deletePrefix(key);
        throw e;
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Has the render's stored file, rendering it in a slot when it is not stored yet; remembered failures at once. */
  async function ensure(at: Located, r: Render): Promise<void> {
    const remembered = failures.recall(r.key);
    if (remembered) pagePictures.inc({ outcome: 'failure_remembered' });
    if (remembered?.failure.kind === 'no_such_page') throw errors.pageImageNoPage(at.doc.name, at.docPage);
    if (remembered) throw errors.pageImageFailed(at.doc.name, at.docPage, remembered.secondsLeft);
    if (await blobs.exists(r.key)) return void pagePictures.inc({ outcome: 'stored' });
    // rendered by this request, or joined to the same render another request started (drs_page_pictures_total)
    let rendered = false;
    try {
      await slots.run(at.tenantId, r.key, () => {
        rendered = true;
        return renderAndStore(at, r);
      });
    } catch (e) {
      pagePictures.inc({ outcome: isAppError(e) && e.bound !== undefined ? 'refused' : 'failed' });
      throw e;
    }
    pagePictures.inc({ outcome: rendered ? 'rendered' : 'joined' });
    // The render may have waited long: the documents are checked again before anything is served.
    await assertDocumentsKept(at.tenantId, at.runId);
  }

  /** A stored file of the page, or why it is not there. */
  function serve(at: Located, key: string): Promise<Readable> {
    return blobs.openRead(key).catch(async (e: unknown) => {
      if (!(e instanceof BlobNotFoundError)) throw e;
      // removed since: by a deletion of the documents, or from the store by hand
      await assertDocumentsKept(at.tenantId, at.runId);
      throw errors.pageImageSourceGone();
    });
  }

  /** The whole page: its picture and, when it has a text layer, its words, drawn by one render. */
  const pageRender = (at: Located): Render => ({
    key: `${at.base}.png`,
    job: {},
    outputs: [
      { file: 'page.png', key: `${at.base}.png` },
      { file: 'words.json', key: `${at.base}.words.json` },
    ],
  });

  /** The page drawn `zoom` times as sharp: its picture only, the words being those of the page's first render. */
  const zoomedRender = (at: Located, zoom: number): Render => ({
    key: `${at.base}.x${zoom}.png`,
    job: { longestSide: LONGEST_SIDE_PX * zoom },
    outputs: [{ file: 'page.png', key: `${at.base}.x${zoom}.png` }],
  });

  return {
    async open(tenantId, runId, docIndex, docPage, picture = 'page', zoom = 1) {
      const at = await locate(tenantId, runId, docIndex, docPage);
      const r: Render =
        picture === 'title_block'
          ? { key: `${at.base}.title-block.png`, job: { clip: 'title_block' }, outputs: [{ file: 'page.png', key: `${at.base}.title-block.png` }] }
          : zoom > 1
            ? zoomedRender(at, Math.min(MAX_PICTURE_ZOOM, Math.floor(zoom)))
            : pageRender(at);
      await ensure(at, r);
      return serve(at, r.key);
    },
    async words(tenantId, runId, docIndex, docPage) {
      const at = await locate(tenantId, runId, docIndex, docPage);
      const wordsKey = `${at.base}.words.json`;
      if (!(await blobs.exists(wordsKey))) {
        // the picture's render (joined when it is running) gives the words of a page with a text layer
        await ensure(at, pageRender(at));
        if (!(await blobs.exists(wordsKey)))
          await ensure(at, { key: wordsKey, job: { ocr: { bin: config.tesseractBin } }, outputs: [{ file: 'words.json', key: wordsKey }] });
      }
      return serve(at, wordsKey);
    },
    close() {
      slots.close(errors.pageImagesStopping);
      stopping.abort();
    },
    held: (tenantId) => slots.held(tenantId),
  };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
