/** The ZIP of reports, streamed entry by entry from the blob store (yazl marks every name as UTF-8). */
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { BlobStore } from '../blobs/blob-store.ts';

export interface ZipEntry {
  /** Name inside the archive, e.g. «sections/КР.pdf». */
  name: string;
  key: string;
}

/** A stream of the archive; a blob that cannot be read fails the stream. */
export function zipOfBlobs(blobs: BlobStore, entries: readonly ZipEntry[], mtime: Date): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  zip.on('error', (e: Error) => out.destroy(e));
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { mtime }, (cb) => {
      blobs.openRead(entry.key).then(
        (stream) => cb(null, stream),
        (e: unknown) => cb(e, undefined as unknown as NodeJS.ReadableStream),
      );
    });
  }
  zip.end();
  return out;
}
