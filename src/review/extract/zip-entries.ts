import yauzl from 'yauzl';

/** Largest XML part read from an Office file; bigger parts are refused rather than filling memory. */
export const MAX_PART_BYTES = 64 * 1024 * 1024;

/**
 * Reads the zip parts whose names pass `want`, one at a time, and hands each (name, text) to `onPart`
 * in archive order. Each part is decoded as UTF-8 (OOXML parts always are).
 */
export function readZipParts(path: string, want: (name: string) => boolean, onPart: (name: string, xml: string) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('не удалось открыть архив'));
      zip.on('error', reject);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!want(entry.fileName)) return zip.readEntry();
        if (entry.uncompressedSize > MAX_PART_BYTES) {
          zip.close();
          return reject(new Error(`часть ${entry.fileName} больше ${MAX_PART_BYTES / 1024 / 1024} МБ`));
        }
        zip.openReadStream(entry, (e2, stream) => {
          if (e2 || !stream) return reject(e2 ?? new Error('не удалось прочитать часть архива'));
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on('data', (c: Buffer) => {
            size += c.length;
            if (size > MAX_PART_BYTES) stream.destroy(new Error(`часть ${entry.fileName} больше заявленного размера`));
            else chunks.push(c);
          });
          stream.on('error', reject);
          stream.on('end', () => {
            try {
              onPart(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            } catch (e) {
              return reject(e);
            }
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
