import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import { errors, type AppError } from '../kernel/errors.ts';
import type { IntakeLimits, UnpackOptions } from './types.ts';

export const DEFAULT_OPTIONS: Required<UnpackOptions> = {
  maxEntries: 10_000,
  maxDepth: 5,
  maxUnpackedBytes: 16 * 1024 ** 3,
  maxRatio: 200,
  ratioMinBytes: 1024 * 1024,
  archiveTimeoutMs: 10 * 60_000,
  maxEntryPath: 1000,
};

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} ГБ`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} МБ`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} КБ`;
  return `${n} байт`;
}

/** One shared account of what unpacking may still write: entries, bytes per file, bytes in total, expansion. */
export class IntakeBudget {
  readonly options: Required<UnpackOptions>;
  private entries = 0;
  private written = 0;
  private documentBytes = 0;
  /** The organization's max_total_bytes, applied to the documents of the set (Infinity when unlimited). */
  private readonly setCap: number;

  constructor(
    readonly limits: IntakeLimits,
    options: UnpackOptions = {},
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...stripUndefined(options) };
    this.setCap = limits.maxTotalBytes > 0 ? limits.maxTotalBytes : Infinity;
  }

  get totalWritten(): number {
    return this.written;
  }

  /**
   * Bytes the intake may still write in one go: the least of what the set may still grow by and what
   * the technical cap on everything written (documents and the nested archives they come from) allows.
   */
  get remainingBytes(): number {
    return Math.max(0, Math.min(this.setCap - this.documentBytes, this.options.maxUnpackedBytes - this.written));
  }

  /** Would an entry of `entryBytes`, if it turns out to be a document, push the set over its limit? */
  overSet(entryBytes: number): boolean {
    return this.documentBytes + entryBytes > this.setCap;
  }

  get maxFileBytes(): number {
    return Math.max(this.limits.maxFileBytes, 0);
  }

  /**
   * Refuses an archive holding a document path (its full name in the set) longer than maxEntryPath characters:
   * the name would become documents[].name and a key of kinds and roles, and no designer's archive has one.
   * Called before the entry is written.
   */
  checkEntryPath(name: string, archiveName: string): void {
    const max = this.options.maxEntryPath;
    if (name.length <= max) return;
    const chars = [...name];
    if (chars.length > max) throw errors.archivePathTooLong(archiveName, max, chars.slice(0, 60).join(''));
  }

  countEntries(n: number, archiveName: string): void {
    this.entries += n;
    if (this.entries > this.options.maxEntries) {
      throw errors.tooManyArchiveEntries(this.options.maxEntries, archiveName);
    }
  }

  /** Accounts bytes written to disk (everything, archives included) against the technical cap. */
  addWritten(n: number, name: string): void {
    this.written += n;
    if (this.written > this.options.maxUnpackedBytes) throw this.capError(name);
  }

  /** Accounts a document of the set against the organization's max_total_bytes. */
  addDocument(bytes: number, name: string): void {
    this.documentBytes += bytes;
    if (this.documentBytes > this.setCap) throw this.totalError(name);
  }

  fileTooBig(name: string): AppError {
    return errors.documentOverFileLimit(name, formatBytes(this.maxFileBytes));
  }

  totalError(name: string): AppError {
    return errors.documentsOverSetLimit(formatBytes(this.setCap), name);
  }

  /** The error of whichever limit remainingBytes ran into. */
  remainingError(name: string): AppError {
    return this.setCap - this.documentBytes <= this.options.maxUnpackedBytes - this.written ? this.totalError(name) : this.capError(name);
  }

  capError(name: string): AppError {
    return errors.unpackOverTechnicalLimit(formatBytes(this.options.maxUnpackedBytes), name);
  }

  ratioError(name: string): AppError {
    return errors.compressionBomb(name, this.options.maxRatio);
  }

  /**
   * A pass-through stream that hashes and counts bytes and fails the pipeline the moment a limit is
   * crossed, so a bomb is stopped after at most one chunk beyond the limit.
   */
  meter(name: string, packedSize: number | null, expectedCrc32: number | null = null, archive: ArchiveTally | null = null): ByteMeter {
    return new ByteMeter(this, name, packedSize, expectedCrc32, archive);
  }
}

/**
 * Bytes produced from one archive so far, against the archive's own size: many small entries that
 * each stay under the per-entry threshold still add up to a bomb.
 */
export interface ArchiveTally {
  packedSize: number;
  written: number;
}

/** Bytes kept from the start of every stream: enough for sniffing without reopening the file. */
export const HEAD_BYTES = 4096;

export class ByteMeter extends Transform {
  private readonly hash = createHash('sha256');
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;
  private crc = 0;
  bytes = 0;

  constructor(
    private readonly budget: IntakeBudget,
    private readonly name: string,
    private readonly packedSize: number | null,
    /** When given (ZIP), the stream fails at its end if the data does not match: the entry is corrupt. */
    private readonly expectedCrc32: number | null = null,
    private readonly archive: ArchiveTally | null = null,
  ) {
    super();
  }

  override _flush(cb: TransformCallback): void {
    if (this.expectedCrc32 !== null && this.crc >>> 0 !== this.expectedCrc32 >>> 0) {
      return cb(new CorruptEntryError('контрольная сумма не совпадает'));
    }
    cb();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.bytes += chunk.length;
    const b = this.budget;
    const { maxRatio, ratioMinBytes } = b.options;
    if (b.maxFileBytes > 0 && this.bytes > b.maxFileBytes) return cb(b.fileTooBig(this.name));
    if (this.packedSize !== null && this.bytes > ratioMinBytes && this.bytes > Math.max(1, this.packedSize) * maxRatio) {
      return cb(b.ratioError(this.name));
    }
    const a = this.archive;
    if (a) {
      a.written += chunk.length;
      if (a.written > ratioMinBytes && a.written > Math.max(1, a.packedSize) * maxRatio) return cb(b.ratioError(this.name));
    }
    // The entry may still turn out to be an archive (then only its contents count towards the set),
    // but while it streams it is judged as a document so that the set limit stops it early.
    if (b.overSet(this.bytes)) return cb(b.totalError(this.name));
    try {
      b.addWritten(chunk.length, this.name);
    } catch (e) {
      return cb(e as Error);
    }
    this.hash.update(chunk);
    if (this.expectedCrc32 !== null) this.crc = crc32(chunk, this.crc);
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.headChunks.push(Buffer.from(part));
      this.headLength += part.length;
    }
    cb(null, chunk);
  }

  /** The first HEAD_BYTES bytes that passed (fewer for a shorter stream). */
  head(): Buffer {
    return Buffer.concat(this.headChunks);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Data of one archive entry does not match its checksum. */
export class CorruptEntryError extends Error {}
