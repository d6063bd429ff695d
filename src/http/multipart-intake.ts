import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { IntakeLimits, UploadedFile } from '../ingest/types.ts';
import { AppError, errors } from './errors.ts';

/** Longest task text accepted as a field or as an uploaded UTF-8 file. */
export const MAX_TEXT_FIELD_BYTES = 1024 * 1024;

export interface ReceivedForm {
  files: UploadedFile[];
  fields: Record<string, string>;
}

/** Counts and hashes bytes as they pass; aborts as soon as a limit is crossed, before the rest is written. */
class HashingLimiter extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  constructor(
    private readonly fileLimit: number,
    private readonly onBytes: (n: number) => AppError | null,
    private readonly fileName: string,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.fileLimit > 0 && this.bytes > this.fileLimit) {
      cb(errors.tooBig(`Файл больше допустимого размера (${this.fileLimit} байт)`, this.fileName));
      return;
    }
    const overall = this.onBytes(chunk.length);
    if (overall) {
      cb(overall);
      return;
    }
    this.hash.update(chunk);
    cb(null, chunk);
  }
}

/** A client file name reduced to its last path segment; an empty name becomes "file-N" (its position in the form). */
function cleanFileName(name: string | undefined, n: number): string {
  const base = basename((name ?? '').replace(/\\/g, '/')).replace(/[\0\r\n]/g, '').trim();
  return base && base !== '.' && base !== '..' ? base : `file-${n}`;
}

async function readTextPart(part: MultipartFile): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_TEXT_FIELD_BYTES) throw errors.validation(`Поле ${part.fieldname} длиннее ${MAX_TEXT_FIELD_BYTES} байт`);
    chunks.push(chunk);
  }
  const buf = Buffer.concat(chunks);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(buf.subarray(buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0));
  return text;
}

/**
 * Streams a multipart request: parts of `fileField` go to disk under dir (hashed while streaming,
 * limits enforced per chunk); other parts become text fields (a file part of a text field is read as UTF-8).
 * On any error the caller removes dir — nothing partial survives.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  dir: string,
  limits: IntakeLimits,
  fileField: string,
  textFields: readonly string[],
): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Ожидается multipart/form-data');
  await mkdir(dir, { recursive: true });
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  let total = 0;
  const overall = (n: number): AppError | null => {
    total += n;
    return limits.maxTotalBytes > 0 && total > limits.maxTotalBytes
      ? errors.tooBig(`Общий размер комплекта больше допустимого (${limits.maxTotalBytes} байт)`)
      : null;
  };
  for await (const part of request.parts()) {
    if (part.type === 'file' && part.fieldname === fileField) {
      const n = files.length + 1;
      const name = cleanFileName(part.filename, n);
      const path = join(dir, `${String(n).padStart(5, '0')}.upload`);
      const limiter = new HashingLimiter(limits.maxFileBytes, overall, name);
      await pipeline(part.file, limiter, createWriteStream(path));
      if (part.file.truncated) throw errors.tooBig('Файл превышает технический предел размера', name);
      files.push({ name, path, size: limiter.bytes, sha256: limiter.hash.digest('hex') });
    } else if (part.type === 'file' && textFields.includes(part.fieldname)) {
      fields[part.fieldname] = await readTextPart(part);
    } else if (part.type === 'file') {
      // Drain unknown file parts so the request completes; their content is ignored.
      part.file.resume();
      await new Promise((r) => part.file.on('end', r));
    } else if (textFields.includes(part.fieldname)) {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  return { files, fields };
}
