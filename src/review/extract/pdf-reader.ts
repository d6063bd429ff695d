import { announceDocuments, MutoolPdfReader, mutoolAvailable } from './mutool-reader.ts';
import type { PdfReader } from './reader-contract.ts';
import { WasmPdfReader } from './wasm-reader.ts';
import type { PdfReaderChoice } from '../types.ts';

export { hasTextLayer, PdfReadError, type PdfReader, type RawPdfPage, type ReadOptions } from './reader-contract.ts';

/**
 * The native MuPDF tool (`mutool`, package mupdf-tools) reads about twice as fast as mupdf's WebAssembly build and
 * starts in milliseconds; the WebAssembly build is the fallback that needs nothing installed. PDF_READER=wasm forces it.
 */
async function useMutool(choice: PdfReaderChoice): Promise<boolean> {
  return choice === 'auto' && (await mutoolAvailable());
}

/** Tells the readers which PDFs a review is about to read; returns a function that forgets what was not read. */
export async function announcePdfs(paths: readonly string[], timeoutMs: number, choice: PdfReaderChoice): Promise<() => void> {
  return (await useMutool(choice)) ? announceDocuments(paths, timeoutMs) : () => undefined;
}

/**
 * WebAssembly readers kept warm between the reviews of this process: loading mupdf's WASM takes a noticeable part
 * of a small set's time. An idle reader is closed after IDLE_CLOSE_MS and never keeps the program alive.
 */
const MAX_IDLE_READERS = 2;
const IDLE_CLOSE_MS = 60_000;
const idleReaders: { reader: PdfReader; timer: NodeJS.Timeout }[] = [];

/** A reader for one review: a native one when installed, else a warm WebAssembly one when idle, else a new one. */
export async function acquireReader(choice: PdfReaderChoice): Promise<PdfReader> {
  if (await useMutool(choice)) return new MutoolPdfReader();
  const entry = idleReaders.pop();
  if (!entry) return new WasmPdfReader();
  clearTimeout(entry.timer);
  entry.reader.setIdle(false);
  return entry.reader;
}

/** Keeps a healthy reader warm for the next review, or closes it. */
export async function releaseReader(reader: PdfReader): Promise<void> {
  if (!reader.alive || idleReaders.length >= MAX_IDLE_READERS) return reader.close();
  reader.setIdle(true);
  const entry = {
    reader,
    timer: setTimeout(() => {
      const i = idleReaders.indexOf(entry);
      if (i >= 0) idleReaders.splice(i, 1);
      void reader.close();
    }, IDLE_CLOSE_MS).unref(),
  };
  idleReaders.push(entry);
}

/** Closes the idle readers (at shutdown). */
export async function closeIdleReaders(): Promise<void> {
  const entries = idleReaders.splice(0);
  for (const e of entries) clearTimeout(e.timer);
  await Promise.all(entries.map((e) => e.reader.close()));
}
