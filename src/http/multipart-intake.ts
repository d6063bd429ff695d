import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { IntakeLimits, ReceivedForm, UploadedFile } from '../ingest/types.ts';
import { type AppError, errors } from '../kernel/errors.ts';
import { assertMaxLength, TEXT_LIMITS } from './text-limits.ts';
import { multipartError } from './multipart-errors.ts';
import { drainBody } from './drain.ts';
import { assertNoControlChars } from './control-chars.ts';

/** Technical ceiling of any text part in bytes; each field also has its own limit in characters. */
export const MAX_TEXT_FIELD_BYTES = 4 * 1024 * 1024;

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
      cb(errors.uploadOverFileLimit(this.fileLimit, this.fileName));
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

/**
 * A client file name reduced to its last path segment, without control characters and in NFC (the same
 * name typed on macOS and Windows is one key in kinds and roles); an empty name becomes "file-N".
 */
export function cleanFileName(name: string | undefined, n: number): string {
  const base = basename((name ?? '').replace(/\\/g, '/'))
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .normalize('NFC');
  const clean = base && base !== '.' && base !== '..' ? base : `file-${n}`;
  assertMaxLength('files (имя файла)', clean, TEXT_LIMITS.fileName, `${[...clean].slice(0, 60).join('')}…`);
  return clean;
}

/**
 * A body cut inside a file part leaves that part's stream destroyed before it is read; piping a destroyed
 * stream never settles, so it is refused here.
 */
function assertIntact(part: MultipartFile): void {
  if (part.file.destroyed && !part.file.readableEnded) throw errors.multipartCutShort();
}

async function readTextPart(part: MultipartFile): Promise<string> {
  // Bytes are counted while reading so that a huge part is refused before it is held in memory.
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_TEXT_FIELD_BYTES) {
      part.file.resume();
      throw errors.textPartTooLarge(part.fieldname, MAX_TEXT_FIELD_BYTES);
    }
    chunks.push(chunk);
  }
  const buf = Buffer.concat(chunks);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(buf.subarray(buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0));
  return text;
}

/**
 * Streams a multipart request: parts of `fileField` go to disk under dir (hashed while streaming,
 * limits enforced per chunk); other parts named in textFields (field → maximum length in characters)
 * become text fields (a file part of a text field is read as UTF-8). A broken body (no boundary, cut
 * short, too many parts) is a 4xx of the catalogue. On any error the caller removes dir — nothing
 * partial survives.
 */
export async function receiveMultipart(
  request: FastifyRequest,
  dir: string,
  limits: IntakeLimits,
  fileField: string,
  textFields: Readonly<Record<string, number>>,
): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw errors.multipartExpected();
  await mkdir(dir, { recursive: true });
  try {
    return await readParts(request, dir, limits, fileField, textFields);
  } catch (e) {
    await drainBody(request.raw);
    throw multipartError(e);
  }
}

/** Rejects when the connection closes before the whole body has arrived (client gone, stall answered 408). */
function connectionCut(request: FastifyRequest): { promise: Promise<never>; dispose(): void } {
  const raw = request.raw;
  let onClose: () => void = () => {};
  const promise = new Promise<never>((_, reject) => {
    onClose = () => {
      if (!raw.readableEnded) reject(errors.bodyInterrupted());
    };
    raw.once('close', onClose);
  });
  promise.catch(() => undefined); // observed by the race only while a part is being written
  return { promise, dispose: () => raw.off('close', onClose) };
}

/** The body of receiveMultipart, with its arguments: the caller turns what it throws into the catalogue's errors. */
async function readParts(...[request, dir, limits, fileField, textFields]: Parameters<typeof receiveMultipart>): Promise<ReceivedForm> {
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  let total = 0;
  const overall = (n: number): AppError | null => {
    total += n;
    return limits.maxTotalBytes > 0 && total > limits.maxTotalBytes ? errors.uploadOverSetLimit(limits.maxTotalBytes) : null;
  };
  const text = (name: string, value: string): void => {
    assertMaxLength(name, value, textFields[name]!);
    assertNoControlChars(name, value);
    fields[name] = value;
  };
  const cut = connectionCut(request);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') assertIntact(part);
      if (part.type === 'file' && part.fieldname === fileField) {
        const n = files.length + 1;
        const name = cleanFileName(part.filename, n);
        const path = join(dir, `${String(n).padStart(5, '0')}.upload`);
        const limiter = new HashingLimiter(limits.maxFileBytes, overall, name);
        const out = createWriteStream(path);
        const written = pipeline(part.file, limiter, out);
        try {
          await Promise.race([written, cut.promise]);
        } catch (e) {
          // A part whose connection died may never settle its pipeline: release the file before scratch is removed.
          out.destroy();
          part.file.destroy();
          await Promise.race([written.catch(() => undefined), delay(1000)]);
          throw e;
        }
        if (part.file.truncated) throw errors.uploadOverTechnicalLimit(name);
        files.push({ name, path, size: limiter.bytes, sha256: limiter.hash.digest('hex') });
      } else if (part.type === 'file' && Object.hasOwn(textFields, part.fieldname)) {
        text(part.fieldname, await Promise.race([readTextPart(part), cut.promise]));
      } else if (part.type === 'file') {
        // Drain unknown file parts so the request completes; their content is ignored.
        part.file.resume();
        await Promise.race([new Promise((r) => part.file.on('end', r)), cut.promise]);
      } else if (Object.hasOwn(textFields, part.fieldname)) {
        text(part.fieldname, String(part.value ?? ''));
      }
    }
    // A connection lost between parts ends the parts as if the form were complete: never accept half a set.
    if (request.raw.aborted || (request.raw.destroyed && !request.raw.readableEnded)) {
      throw errors.bodyInterrupted();
    }
    return { files, fields };
  } finally {
    cut.dispose();
  }
}
