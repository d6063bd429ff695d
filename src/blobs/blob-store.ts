import type { Readable } from 'node:stream';

/**
 * Where documents, converted PDFs and reports live. Keys are "/"-separated relative paths such as
 * "runs/<run_id>/docs/1.pdf". Implementations stream in both directions; nothing is buffered whole.
 */
export interface BlobStore {
  /** Stores the bytes of a local file under key (the local file is left in place). */
  putFile(key: string, localPath: string): Promise<void>;
  /** Stores a local file that is not needed afterwards: a rename where the store is a directory on the same disk. */
  moveFile(key: string, localPath: string): Promise<void>;
  putStream(key: string, body: Readable): Promise<void>;
  putBuffer(key: string, body: Buffer | string): Promise<void>;
  /** Opens a stream of the blob; rejects with BlobNotFoundError when missing. */
  openRead(key: string): Promise<Readable>;
  /** Copies the blob to a local file (for tools that need a path). */
  getToFile(key: string, localPath: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  size(key: string): Promise<number>;
  /** Removes every blob under prefix; a missing prefix is not an error. */
  deletePrefix(prefix: string): Promise<void>;
}

export class BlobNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`Blob not found: ${key}`);
    this.name = 'BlobNotFoundError';
  }
}

/** Rejects keys that could escape their root: absolute, empty segments, "." or "..", backslashes, NUL. */
export function assertSafeKey(key: string): void {
  if (!key || key.startsWith('/') || key.includes('\\') || key.includes('\0')) throw new Error(`Unsafe blob key: ${key}`);
  for (const seg of key.split('/')) if (!seg || seg === '.' || seg === '..') throw new Error(`Unsafe blob key: ${key}`);
}
