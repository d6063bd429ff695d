/** Reading generated files back, for the generator's own tests: PDF text per page, DOCX parts. */
import { readFile } from 'node:fs/promises';
import * as mupdf from 'mupdf';
import yauzl from 'yauzl';

export async function pdfPages(path: string): Promise<string[]> {
  const doc = mupdf.Document.openDocument(await readFile(path), 'application/pdf');
  const out: string[] = [];
  for (let i = 0; i < doc.countPages(); i++) out.push(doc.loadPage(i).toStructuredText('preserve-whitespace').asText());
  return out;
}

/** Text of one ZIP entry of an OOXML package. */
export function zipEntry(path: string, entry: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('zip did not open'));
      zip.on('entry', (e: yauzl.Entry) => {
        if (e.fileName !== entry) return zip.readEntry();
        zip.openReadStream(e, (err2, stream) => {
          if (err2 || !stream) return reject(err2 ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            zip.close();
            resolve(Buffer.concat(chunks).toString('utf8'));
          });
        });
      });
      zip.on('end', () => reject(new Error(`${entry} not found in ${path}`)));
      zip.readEntry();
    });
  });
}

/** Paragraph texts of word/document.xml split into sheets at page breaks. */
export async function docxSheets(path: string): Promise<string[]> {
  const xml = await zipEntry(path, 'word/document.xml');
  return xml.split('<w:br w:type="page"/>').map((part) => [...part.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:br\/>/g)].map((m) => m[1] ?? '\n').join(' '));
}
