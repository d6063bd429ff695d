/**
 * What an upload is made of: paths (files or folders, a folder taken whole as part of one set) and
 * streams. Paths are reopened on every attempt, so a retried upload sends the same bytes again.
 */
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { DrsUsageError } from './errors.ts';
import type { FilePart } from './multipart.ts';

/** A file given by its content rather than its path. */
export interface StreamSource {
  /** The file name the service sees; the key in kinds and roles. */
  name: string;
  /**
   * A factory is reopened for every retry. A stream given directly can be sent once only: an upload that
   * fails after it was read is not repeated (the error carries idempotencyKey for a repeat with new content).
   */
  stream: (() => Readable | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>) | Readable | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;
  contentType?: string;
}

export type UploadSource = string | StreamSource;

const TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.zip': 'application/zip',
  '.rar': 'application/vnd.rar',
  '.7z': 'application/x-7z-compressed',
};

export function contentTypeOf(name: string): string {
  return TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** Files of a folder, depth first in name order; hidden entries (.DS_Store, .git) are not part of a set. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = (await readdir(dir, { withFileTypes: true })).filter((e) => !e.name.startsWith('.'));
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const out: string[] = [];
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

function toIterable(s: Readable | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  return s instanceof ReadableStream ? Readable.fromWeb(s as import('node:stream/web').ReadableStream<Uint8Array>) : s;
}

export interface ResolvedSources {
  parts: FilePart[];
  /** false when a one-shot stream is among the sources. */
  repeatable: boolean;
  totalBytes: number | null;
}

/**
 * Expands paths into file parts. The service keys documents by their file name without folders, so two
 * files of one name in a set are refused here, before any byte is sent.
 */
export async function resolveSources(sources: UploadSource[], field = 'files'): Promise<ResolvedSources> {
  if (sources.length === 0) throw new DrsUsageError('Не указано ни одного файла для загрузки');
  const parts: FilePart[] = [];
  let repeatable = true;
  let totalBytes: number | null = 0;
  for (const source of sources) {
    if (typeof source === 'string') {
      const info = await stat(source).catch(() => null);
      if (!info) throw new DrsUsageError(`Файл или папка не найдены: ${source}`);
      const paths = info.isDirectory() ? await filesUnder(source) : [source];
      if (info.isDirectory() && paths.length === 0) throw new DrsUsageError(`В папке нет файлов: ${source}`);
      for (const path of paths) {
        if (totalBytes !== null) totalBytes += info.isDirectory() ? (await stat(path)).size : info.size;
        parts.push({ field, filename: basename(path), contentType: contentTypeOf(path), open: () => createReadStream(path, { highWaterMark: 256 * 1024 }) });
      }
    } else {
      const { stream } = source;
      totalBytes = null;
      if (typeof stream === 'function') {
        parts.push({ field, filename: source.name, contentType: source.contentType ?? contentTypeOf(source.name), open: () => toIterable(stream()) });
      } else {
        repeatable = false;
        let used = false;
        parts.push({
          field,
          filename: source.name,
          contentType: source.contentType ?? contentTypeOf(source.name),
          open: () => {
            if (used) throw new DrsUsageError(`Поток «${source.name}» уже прочитан; для повторов передайте функцию, открывающую его заново`);
            used = true;
            return toIterable(stream);
          },
        });
      }
    }
  }
  const seen = new Map<string, number>();
  for (const p of parts) {
    const key = p.filename.normalize('NFC');
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const twice = [...seen].filter(([, n]) => n > 1).map(([name]) => name);
  if (twice.length) throw new DrsUsageError(`Несколько файлов с одним именем в комплекте: ${twice.join(', ')}. Сервис различает документы по имени файла`);
  return { parts, repeatable, totalBytes };
}
