import type { PlacedLine } from '../types.ts';
import type { StampPicture } from './stamp-picture.ts';

export interface RawPdfPage {
  text: string;
  width: number;
  height: number;
  stampLines: PlacedLine[];
  /** The page had no text layer, or one that is not text, and was rendered to `${renderPrefix}-${n}.png` for OCR. */
  rendered: boolean;
  /** The page's text layer is not text (text-layer-rule.mjs): what it holds is not to be read as the page's words. */
  misread?: boolean;
  /**
   * The sheet's title-block corner had no text and was drawn without its ruled lines to `${renderPrefix}-${n}-stamp.png`
   * for OCR (stamp-picture.ts): where that picture lies on the page.
   */
  stampPicture?: StampPicture;
}

export interface ReadOptions {
  /** Longest wait for the next page; the reader is stopped after it. */
  timeoutMs: number;
  /** Pages without text are rendered to `${renderPrefix}-${n}.png` for OCR; null: not rendered. */
  renderPrefix: string | null;
}

export { hasTextLayer, misreadTextLayer, textLayerState } from './text-layer-rule.mjs';

/** Raised when the reader hangs past the deadline, dies or cannot read the file; its process is gone afterwards. */
export class PdfReadError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
    readonly page: number | null,
  ) {
    super(message);
    this.name = 'PdfReadError';
  }
}

/** Reads PDFs page by page in a process of its own, so a hostile file can hang or crash only that process. */
export interface PdfReader {
  /**
   * Reads a PDF page by page, awaiting onPage for each before taking the next. Returns the page count;
   * throws PdfReadError (with the failing page).
   */
  read(path: string, opts: ReadOptions, onPage: (n: number, page: RawPdfPage) => Promise<void> | void): Promise<number>;
  /** The PDFs this reader will be asked for next, in order: a reader may read them in one go. */
  plan(paths: readonly string[]): void;
  /** Starts what the reader needs ahead of the first document, so its start-up overlaps other work. */
  warm(): void;
  /** Ends the reader's process, if it keeps one. */
  close(): Promise<void>;
  /** Whether the reader can be kept for the next review. */
  readonly alive: boolean;
  /** An idle reader must not keep the program alive; a reader in use must. */
  setIdle(idle: boolean): void;
  /** Peak RSS (kB) of the reader's processes, known after close; for the benchmark. */
  readonly lastChildMaxRssKb: number;
}
