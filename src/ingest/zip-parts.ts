import yauzl from 'yauzl';

/** Largest XML part read from an Office file by default; bigger parts are refused rather than filling memory. */
export const MAX_PART_BYTES = 64 * 1024 * 1024;

export interface ZipPartOptions {
  /** Bytes read from one part at most (default MAX_PART_BYTES). */
  maxBytes?: number;
  /** true: a longer part is cut at maxBytes (its opening is what matters); false: it is refused. */
  truncate?: boolean;
}

/**
 * Reads the zip parts whose names pass `want`, one at a time, and hands each (name, text) to `onPart`
 * in archive order. Each part is decoded as UTF-8 (OOXML parts always are). The one reader of Office
 * packages: page-count metadata and opening text at intake, the whole text at review.
 */
export function readZipParts(
  path: string,
  want: (name: string) => boolean,
  onPart: (name: string, xml: string) => void,
  options: ZipPartOptions = {},
): Promise<void> {
  const maxBytes = options.maxBytes ?? MAX_PART_BYTES;
  return new Promise<void>((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('не удалось открыть архив'));
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!want(entry.fileName)) return zip.readEntry();
        if (entry.uncompressedSize > maxBytes && !options.truncate) {
          zip.close();
          return reject(new Error(`часть ${entry.fileName} больше ${Math.round(maxBytes / 1024 / 1024)} МБ`));
        }
        zip.openReadStream(entry, (e2, stream) => {
          if (e2 || !stream) return reject(e2 ?? new Error('не удалось прочитать часть архива'));
          const chunks: Buffer[] = [];
          let size = 0;
          let done = false;
          const deliver = () => {
            if (done) return;
            done = true;
            try {
              onPart(entry.fileName, Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8'));
            } catch (e) {
              return reject(e);
            }
            zip.readEntry();
          };
          stream.on('data', (c: Buffer) => {
            size += c.length;
            chunks.push(c);
            if (size < maxBytes) return;
            if (options.truncate) {
              stream.destroy();
              deliver();
            } else if (size > maxBytes) {
              stream.destroy(new Error(`часть ${entry.fileName} больше заявленного размера`));
            }
          });
          stream.on('error', (e3: Error) => (done ? undefined : reject(e3)));
          stream.on('end', deliver);
        });
      });
      zip.readEntry();
    });
  });
}

/** Text of one part of a zip package ('' when the part is absent). */
export async function readZipPart(path: string, part: string, options: ZipPartOptions = {}): Promise<string> {
  let text = '';
  await readZipParts(
    path,
    (name) => name === part,
    (_, xml) => (text = xml),
    options,
  );
  return text;
}
