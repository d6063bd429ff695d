/**
 * A page picture rendered in a child of its own (page-render-child.mjs): a process group of its own, at the
 * children's niceness, with a memory limit (the worker's heap and the process's resident memory, mupdf's
 * WebAssembly included) and a time limit; it ends itself when the service dies. A child per page: a hostile
 * file may leave mupdf in any state, and nothing of it must reach the next page.
 */
import { fileURLToPath } from 'node:url';
import { startScriptChild } from './launcher.ts';

const CHILD = fileURLToPath(new URL('./page-render-child.mjs', import.meta.url));

export interface PageRenderJob {
  /** The document (PDF or image) as a local file. */
  input: string;
  mime: string;
  /** From 1. */
  page: number;
  /** Longest side of the picture in pixels. */
  longestSide: number;
  /** Where the PNG is written. */
  output: string;
  /**
   * Where the page's words and their boxes are written (PageWords as JSON); not written for a clip, nor for a page
   * without a text layer unless `ocr` is given.
   */
  words?: string;
  /** Tesseract, for the words of a page without a text layer; absent: such a page has no words. */
  ocr?: { bin: string };
  /** Only the bottom-right corner where the title block stands, at a resolution to read it (longestSide unused). */
  clip?: 'title_block';
}

/**
 * The words of a page as the render child writes them: boxes [x0, y0, x1, y1] in fractions of the page's width and
 * height (top left 0, 0), the page's size in points, and where the words come from — the text layer, recognition
 * (OCR) of a page without one, or none.
 */
export interface PageWords {
  width: number;
  height: number;
  source: 'text' | 'ocr' | 'none';
  words: { t: string; b: [number, number, number, number] }[];
}

export type PageRenderOutcome =
  | { kind: 'rendered' }
  | { kind: 'no_such_page'; pages: number }
  | { kind: 'failed'; reason: string }
  /** Ended by the caller's signal (the service stopping): says nothing about the page. */
  | { kind: 'stopped' };

export type PageRenderer = (job: PageRenderJob, signal?: AbortSignal) => Promise<PageRenderOutcome>;

export function isolatedPageRenderer(limits: { memoryMb: number; timeoutMs: number }): PageRenderer {
  return async (job, signal) => {
    if (signal?.aborted) return { kind: 'stopped' };
    const child = startScriptChild(CHILD, [String(limits.memoryMb)], limits.memoryMb);
    try {
      const outcome = await child.perform(
        { type: 'page', ...job, timeoutMs: limits.timeoutMs },
        { timeoutMs: limits.timeoutMs, ...(signal ? { signal } : {}) },
      );
      switch (outcome.kind) {
        case 'page':
          return { kind: 'rendered' };
        case 'no_such_page':
          return { kind: 'no_such_page', pages: outcome.pages };
        case 'crash':
          return { kind: 'failed', reason: outcome.message };
        case 'timeout':
          return { kind: 'failed', reason: `page render exceeded ${outcome.ms} ms` };
        case 'aborted':
          return { kind: 'stopped' };
        case 'died':
          return { kind: 'failed', reason: `page render process ended (${outcome.death.signal ?? `exit code ${outcome.death.code}`})` };
        default:
          return { kind: 'failed', reason: `page render ended unexpectedly (${outcome.kind})` };
      }
    } finally {
      await child.stop();
    }
  };
}
