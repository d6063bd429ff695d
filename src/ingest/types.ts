/** Shapes passed between the HTTP intake, the unpacker, the preparation stage and the review. */

export type DocFormat = 'pdf' | 'docx' | 'doc' | 'xlsx' | 'xls' | 'jpeg' | 'png' | 'xml';
/** Word-processor files the service converts to PDF: their title-block sheet numbers are fields the converter computes. */
export const WORD_FORMATS: ReadonlySet<DocFormat> = new Set(['docx', 'doc']);
/** Workbooks the service converts to PDF: their pages are print areas of cells. */
export const WORKBOOK_FORMATS: ReadonlySet<DocFormat> = new Set(['xlsx', 'xls']);
export type ArchiveFormat = 'zip' | 'rar' | '7z';
export type Role = 'review' | 'context';

/** 0 means unlimited, as in GET /limits. */
export interface IntakeLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

/** One file received in the multipart field `files`, already streamed to disk and hashed. */
export interface UploadedFile {
  /** File name as sent by the client (no directories). */
  name: string;
  /** Absolute path of the received bytes. */
  path: string;
  size: number;
  sha256: string;
}

/** A multipart form as received: its files (on disk) and its text fields. */
export interface ReceivedForm {
  files: UploadedFile[];
  fields: Record<string, string>;
}

/** A document of the set after unpacking, in set order. */
export interface IntakeDocument {
  /** Exact name: the upload's file name, or the path inside the archive (archive-relative, "/" separated). */
  name: string;
  /** Absolute path inside the run's directory. */
  path: string;
  size: number;
  sha256: string;
  format: DocFormat;
  /** Role implied by folders named Context / Reviews; null when no folder says. */
  folderRole: Role | null;
  kindGuess: string | null;
}

export interface SkippedEntry {
  name: string;
  reason: string;
}

export interface IntakeResult {
  documents: IntakeDocument[];
  skipped: SkippedEntry[];
}

/** Outcome of preparing one document in the worker (conversion, page count). */
export interface PreparedDocument {
  pages: number | null;
  converted: boolean;
  /** Absolute path of the PDF to read (the original for PDFs, the converted file for Word/Excel), or null. */
  pdfPath: string | null;
  warnings: string[];
  /** Text of the first page when it was cheap to get while counting pages (feeds kind_guess). */
  firstPageText?: string | null;
  /** What the tools themselves said when they failed (their own words, often English): for the logs only. */
  failureDetail?: string;
}

/** Technical protections of unpacking; every field has a safe default. */
export interface UnpackOptions {
  /** Archive entries (files and nested entries, all levels) before too_many_files; default 10 000. */
  maxEntries?: number;
  /** Levels of archives inside archives; deeper ones are skipped with a reason; default 5. */
  maxDepth?: number;
  /** Characters (code points) of a document's path in the set, nested archives' paths included; over it the archive is refused (bad_format); default 1,000. */
  maxEntryPath?: number;
  /** Absolute cap on unpacked bytes, applied even when the organization has no limit; default 16 GiB. */
  maxUnpackedBytes?: number;
  /** Largest accepted expansion of an entry (unpacked : packed); default 200. */
  maxRatio?: number;
  /** The ratio is judged only once an entry has produced this many bytes; default 1 MiB. */
  ratioMinBytes?: number;
  /** Time allowed to one 7z/RAR listing or extraction; default 10 minutes. */
  archiveTimeoutMs?: number;
}
