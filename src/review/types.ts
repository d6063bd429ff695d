import type { DocFormat, Role } from '../ingest/types.ts';
import type { ResultWarning } from '../kernel/result.ts';

/** A document handed to the review engine, with its place in the set. */
export interface ReviewDocument {
  /** Position in the set, from 1. */
  index: number;
  name: string;
  /** Section code chosen by the client or guessed; null when unknown. */
  kind: string | null;
  role: Role;
  format: DocFormat;
  /** Path of the original file. */
  path: string;
  /** Path of a PDF rendition to read (original PDF or converted Word/Excel), or null. */
  pdfPath: string | null;
  pages: number | null;
  /** Running number of the document's first page in the set. */
  pageFrom: number | null;
}

export interface ReviewInput {
  documents: ReviewDocument[];
  objectAddress: string | null;
  userRequest: string | null;
  /** Section codes of the organization's profile (the docset items it uses). */
  profile: { code: string; title: string; required: boolean }[];
  /** Scratch directory for this run's review (OCR images etc.); removed by the caller. */
  workDir: string;
}

export interface ReviewProgress {
  pagesDone: number;
  pagesTotal: number;
}

/** Where a page's text came from: the PDF text layer, OCR, OOXML/XML markup, or nothing readable. */
export type PageSource = 'text' | 'ocr' | 'xml' | 'none';

/** A line of text with its box in page points (origin top-left), kept only for the title-block area. */
export interface PlacedLine {
  x: number;
  y: number;
  w: number;
  h: number;
  text: string;
}

export interface PageText {
  /** Page inside the document, from 1. */
  docPage: number;
  text: string;
  source: PageSource;
}

/** One page as read, with what the title-block checks need (absent for OOXML/XML/image pages). */
export interface ReadPage extends PageText {
  width?: number;
  height?: number;
  /** Lines lying in the lower-right title-block area of the sheet. */
  stampLines?: PlacedLine[];
  /** The title block's lines were recognised in the page's picture (its rows drawn as lines), not read from its text layer. */
  stampRecognised?: boolean;
}

export interface DocumentText {
  pages: PageText[];
  warnings: ResultWarning[];
}

/** 'auto': the native `mutool` when installed, else mupdf's WebAssembly build; 'wasm': always the latter. */
export type PdfReaderChoice = 'auto' | 'wasm';

/**
 * How the review reads documents. The service fills it from its configuration (config.ts: DOCUMENT_TIMEOUT_MS,
 * REVIEW_READERS, PDF_READER, TESSERACT_BIN); the review reads no environment of its own.
 */
export interface ReadingSettings {
  /** Per-document reading limit. */
  timeoutMs: number;
  /** Readers of one review, each reading its share of the documents in its own process. */
  readers: number;
  pdfReader: PdfReaderChoice;
  /** The tesseract binary; OCR is skipped with a warning when it is missing or has no Russian data. */
  tesseractBin: string;
  /**
   * Where the official Минстрой XSD files are installed (XSD_DIR). Without it, or without the file of a document's
   * version in it, the XML document is not validated and gets one warning saying so.
   */
  xsdDir?: string | null;
}

export interface ExtractOptions extends Pick<ReadingSettings, 'timeoutMs' | 'tesseractBin' | 'xsdDir'> {
  workDir: string;
  ocr: boolean;
}
