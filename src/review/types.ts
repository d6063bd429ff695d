import type { DocFormat, Role } from '../ingest/types.ts';

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
