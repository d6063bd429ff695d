/** An XML document written to a folder and streamed by the review's reader, as the engine reads it (no PDF reader). */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { streamDocument } from '../../src/review/extract/index.ts';
import type { PdfReader } from '../../src/review/extract/pdf-reader.ts';
import type { ReadPage, ReviewDocument } from '../../src/review/types.ts';

/** An XML document is never read as a PDF. */
const noPdf: PdfReader = {
  read: () => Promise.reject(new Error('an XML document was handed to the PDF reader')),
  plan: () => undefined,
  warm: () => undefined,
  close: async () => undefined,
  setIdle: () => undefined,
  alive: true,
  lastChildMaxRssKb: 0,
};

/** Writes the bytes as `dir/name`, streams it as an XML document of the set, and returns the reading and its pages. */
export async function readXmlDocument(dir: string, name: string, bytes: Buffer | string, xsdDir: string | null) {
  const path = join(dir, name);
  await writeFile(path, bytes);
  const doc: ReviewDocument = { index: 1, name, kind: null, role: 'review', format: 'xml', path, pdfPath: null, pages: 1, pageFrom: null };
  const pages: ReadPage[] = [];
  const res = await streamDocument(doc, { workDir: dir, timeoutMs: 5000, tesseractBin: 'tesseract', ocr: false, xsdDir }, noPdf, (p) => {
    pages.push(p);
  });
  return { res, pages };
}
