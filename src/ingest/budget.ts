import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import { AppError } from '../http/errors.ts';
import type { IntakeLimits, UnpackOptions } from './types.ts';

export const DEFAULT_OPTIONS: Required<UnpackOptions> = {
  maxEntries: 10_000,
  maxDepth: 5,
  maxUnpackedBytes: 16 * 1024 ** 3,
  maxRatio: 200,
  ratioMinBytes: 1024 * 1024,
  archiveTimeoutMs: 10 * 60_000,
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
  private readonly totalCap: number;

  constructor(
    readonly limits: IntakeLimits,
    options: UnpackOptions = {},
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...stripUndefined(options) };
    this.totalCap = limits.maxTotalBytes > 0 ? Math.min(limits.maxTotalBytes, this.options.maxUnpackedBytes) : this.options.maxUnpackedBytes;
  }

  get totalWritten(): number {
    return this.written;
  }

  /** Bytes the whole intake may still write. */
  get remainingBytes(): number {
    return Math.max(0, this.totalCap - this.written);
  }

  get maxFileBytes(): number {
    return this.limits.maxFileBytes > 0 ? this.limits.maxFileBytes : 0;
  }

  countEntries(n: number, archiveName: string): void {
    this.entries += n;
    if (this.entries > this.options.maxEntries) {
      throw new AppError(
        'too_many_files',
        `В архивах слишком много записей: более ${this.options.maxEntries}. Разделите комплект на части`,
        archiveName,
      );
    }
  }

  /** Accounts bytes written outside a meter (7z extraction reports its total); throws when over a limit. */
  addWritten(n: number, name: string): void {
    this.written += n;
    if (this.written > this.totalCap) throw this.totalError(name);
  }

  fileTooBig(name: string): AppError {
    return new AppError('too_big', `Файл «${name}» больше допустимого размера ${formatBytes(this.maxFileBytes)}`, name);
  }

  totalError(name: string): AppError {
    return new AppError('too_big', `Объём распакованных файлов превышает допустимые ${formatBytes(this.totalCap)}`, name);
  }

  ratioError(name: string): AppError {
    return new AppError(
      'too_big',
      `Файл «${name}» сжат более чем в ${this.options.maxRatio} раз — похоже на архивную бомбу; распаковка остановлена`,
      name,
    );
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
