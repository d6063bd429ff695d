/** Shapes passed between the HTTP intake, the unpacker, the preparation stage and the review. */

export type DocFormat = 'pdf' | 'docx' | 'doc' | 'xlsx' | 'xls' | 'jpeg' | 'png' | 'xml';
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
}
