import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import type { Db } from '../store/db.ts';
import { BlobNotFoundError, type BlobStore } from '../blobs/blob-store.ts';
import { documentOfRunAt, getRunOf } from '../domain/runs.ts';
import { errors } from '../kernel/errors.ts';

const CHILD = fileURLToPath(new URL('./render-page-child.mjs', import.meta.url));
const LONGEST_SIDE_PX = 1600;
const RENDER_TIMEOUT_MS = 30_000;
/** Renders at once per process: a page of an A1 drawing takes a core for a moment. */
const MAX_PARALLEL = 2;

/** Exit code of the renderer for a page number beyond the document (see render-page-child.mjs). */
const NO_SUCH_PAGE = 3;

const MIME: Record<string, string> = { pdf: 'application/pdf', jpeg: 'image/jpeg', png: 'image/png' };

let running = 0;
const waiting: (() => void)[] = [];
async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function render(input: string, mime: string, page: number, output: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CHILD, input, mime, String(page), String(LONGEST_SIDE_PX), output],
      { timeout: RENDER_TIMEOUT_MS, env: {} },
      (err, _out, stderr) =>
        err ? reject(Object.assign(new Error(`page render failed: ${stderr || err.message}`), { noSuchPage: err.code === NO_SUCH_PAGE })) : resolve(),
    );
  });
}

/**
 * The picture of page docPage of document docIndex of a run (numbers as in page_refs: doc_index, doc_page),
 * rendered once from the stored PDF (converted or original) or image and kept as a derived blob of the run,
 * so deleting the run's documents removes the pictures too.
 */
export async function openPageImage(db: Db, blobs: BlobStore, tenantId: string, runId: string, docIndex: number, docPage: number): Promise<Readable> {
  const run = await getRunOf(db, tenantId, runId);
  if (run.documentsDeletedAt) throw errors.pageImageDocumentsDeleted();
  const doc = await documentOfRunAt(db, run.id, docIndex);
  if (!doc) throw errors.pageImageNoDocument();
  if (doc.pages !== null && (docPage < 1 || docPage > doc.pages)) throw errors.pageImageNoPage(doc.name, docPage);
  const cacheKey = `runs/${run.id}/derived/pages/${doc.idx}-${docPage}.png`;
  if (await blobs.exists(cacheKey)) return blobs.openRead(cacheKey);
  const source = doc.pdfBlobKey ? { key: doc.pdfBlobKey, mime: MIME.pdf! } : MIME[doc.format] ? { key: doc.blobKey, mime: MIME[doc.format]! } : null;
  if (!source) throw errors.pageImageNoPages(doc.name);
  const dir = await mkdtemp(join(tmpdir(), 'drs-page-'));
  try {
    const input = join(dir, 'source');
    const output = join(dir, 'page.png');
    await blobs.getToFile(source.key, input).catch((e: unknown) => {
      throw e instanceof BlobNotFoundError ? errors.pageImageSourceGone() : e;
    });
    await withSlot(() => render(input, source.mime, docPage, output)).catch((e: { noSuchPage?: boolean }) => {
      if (e.noSuchPage) throw errors.pageImageNoPage(doc.name, docPage);
      throw errors.pageImageFailed(doc.name, docPage);
    });
    await blobs.putFile(cacheKey, output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return blobs.openRead(cacheKey);
}
