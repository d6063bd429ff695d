import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { isAppError } from '../kernel/errors.ts';
import { CorruptEntryError, type ArchiveTally, type IntakeBudget } from './budget.ts';
import { sanitizeEntryName } from './entry-name.ts';
import { decodeZipName } from './zip-names.ts';

/** An entry the archive delivered: either a file written to `path` or a reason it was not. */
export type ArchiveItem =
  | { ok: true; rawName: string; path: string; size: number; sha256: string; head: Buffer }
  | { ok: false; rawName: string; reason: string };

export class CorruptArchiveError extends Error {
  constructor(
    readonly reason: string,
    readonly encrypted = false,
  ) {
    super(reason);
  }
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const UNIX_HOSTS = new Set([3, 19]); // Unix, OS X: the high half of the external attributes is st_mode.

/**
 * Streams a ZIP entry by entry: each file is written to a fresh path from `nextPath` through the
 * budget's meter (limits enforced while bytes flow) and handed to `onItem` before the next entry is
 * read, so nested archives are processed depth-first without holding anything in memory.
 */
export function unpackZip(
  archivePath: string,
  label: string,
  /** Path of this archive inside the set ("" at the top, "inner.zip/" when nested): errors name entries by their full path. */
  prefix: string,
  budget: IntakeBudget,
  nextPath: () => string,
  onItem: (item: ArchiveItem) => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.open(archivePath, { lazyEntries: true, autoClose: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(new CorruptArchiveError(`Архив ZIP повреждён или не является архивом: ${err?.message ?? ''}`.trim()));
      try {
        // The central directory's record count is known before anything is written: refuse early.
        budget.countEntries(zip.entryCount, label);
      } catch (e) {
        zip.close();
        return reject(e);
      }
      const tally: ArchiveTally = { packedSize: zip.fileSize, written: 0 };
      let failed = false;
      const fail = (e: unknown) => {
        if (failed) return;
        failed = true;
        zip.close();
        reject(e);
      };
      zip.on('error', (e: Error) => fail(new CorruptArchiveError(`Архив ZIP повреждён: ${e.message}`)));
      zip.on('end', () => {
        if (!failed) resolve();
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        handleEntry(zip, entry, label, prefix, budget, nextPath, tally)
          .then(async (item) => {
            if (item) await onItem(item);
            zip.readEntry();
          })
          .catch(fail);
      });
      zip.readEntry();
    });
  });
}

async function handleEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  label: string,
  prefix: string,
  budget: IntakeBudget,
  nextPath: () => string,
  tally: ArchiveTally,
): Promise<ArchiveItem | null> {
  const raw = entry.fileName as unknown as Buffer;
  const rawName = decodeZipName(raw, entry.generalPurposeBitFlag, entry.extraFields);
  const mode = UNIX_HOSTS.has(entry.versionMadeBy >> 8) ? (entry.externalFileAttributes >>> 16) & S_IFMT : 0;
  if (rawName.endsWith('/') || rawName.endsWith('\\') || mode === S_IFDIR) return null;
  if (mode === S_IFLNK) return { ok: false, rawName, reason: 'Символическая ссылка пропущена' };
  if (mode !== 0 && mode !== S_IFREG) return { ok: false, rawName, reason: 'Специальный файл (устройство, канал) пропущен' };
  if (entry.isEncrypted()) return { ok: false, rawName, reason: 'Файл зашифрован паролем' };
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    return { ok: false, rawName, reason: `Метод сжатия ${entry.compressionMethod} не поддерживается; пересоздайте архив со сжатием Deflate` };
  }
  const shownName = prefix + (sanitizeEntryName(rawName) ?? rawName);
  budget.checkEntryPath(shownName, label);
  if (budget.maxFileBytes > 0 && entry.uncompressedSize > budget.maxFileBytes) throw budget.fileTooBig(shownName);
  const path = nextPath();
  const meter = budget.meter(shownName, entry.compressedSize, entry.crc32, tally);
  try {
    const rs = await new Promise<NodeJS.ReadableStream>((res, rej) =>
      zip.openReadStream(entry, (e, s) => (e || !s ? rej(e ?? new Error('no stream')) : res(s))),
    );
    await pipeline(rs, meter, createWriteStream(path, { flags: 'wx' }));
  } catch (e) {
    await rm(path, { force: true });
    if (isAppError(e)) throw e;
    const why = e instanceof CorruptEntryError ? e.message : 'данные не распаковываются';
    return { ok: false, rawName, reason: `Файл в архиве повреждён и не может быть извлечён: ${why}` };
  }
  return { ok: true, rawName, path, size: meter.bytes, sha256: meter.digest(), head: meter.head() };
}
