/** Small real documents made at test time (PDF with a Cyrillic text layer, ZIP archives). */
import PDFDocument from 'pdfkit';
import yazl from 'yazl';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { ROOT } from './server.ts';

const FONT_CANDIDATES = [join(ROOT, 'assets', 'fonts', 'DejaVuSans.ttf'), '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'];

export function cyrillicFont(): string {
  const found = FONT_CANDIDATES.find((p) => existsSync(p));
  if (!found) throw new Error('DejaVuSans.ttf not found (assets/fonts or fonts-dejavu-core)');
  return found;
}

/** A PDF whose page i carries pageTexts[i] (Cyrillic allowed). */
export function makePdf(pageTexts: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font(cyrillicFont());
    for (const text of pageTexts) {
      doc.addPage();
      doc.fontSize(11).text(text, 50, 60, { width: 495 });
    }
    doc.end();
  });
}

/** A scanned sheet: a PDF whose one page is a picture of the text (about 200 dpi) and has no text layer. */
export async function scannedPdf(text: string): Promise<Buffer> {
  const mupdf = await import('mupdf');
  const page = mupdf.Document.openDocument(await makePdf([text]), 'application/pdf').loadPage(0);
  const png = Buffer.from(page.toPixmap(mupdf.Matrix.scale(200 / 72, 200 / 72), mupdf.ColorSpace.DeviceGray, false, true).asPNG());
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 0 });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.image(png, 0, 0, { width: doc.page.width, height: doc.page.height });
    doc.end();
  });
}

/** A PDF of n pages, each a short explanatory-note sheet of one cipher. */
export function makeSimplePdf(pages: number, cipher = '24-017-ПЗ'): Promise<Buffer> {
  return makePdf(Array.from({ length: pages }, (_, i) => `Пояснительная записка. ${cipher}. Лист ${i + 1}. Текст раздела проектной документации.`));
}

/** A ZIP with the given entries (names stored as UTF-8). */
export function makeZip(entries: { name: string; content: Buffer | string }[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = new yazl.ZipFile();
    for (const e of entries) zip.addBuffer(typeof e.content === 'string' ? Buffer.from(e.content) : e.content, e.name);
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/**
 * A one-page PDF of about a kilobyte whose page costs a renderer `fills` fills of the whole sheet: a hostile page
 * (20,000 fills take mupdf about half a minute of a core), written by hand so that nothing simplifies it.
 */
export function slowPagePdf(fills: number): Buffer {
  const content = deflateSync(Buffer.from(`0.5 g\n${'10 10 575 822 re f\n'.repeat(fills)}`));
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`), content, Buffer.from('\nendstream')]),
  ];
  const parts = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(obj);
    length += obj.length;
  });
  const xref = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

/** A schema folder that holds no official XSD: hand-written XML notes are read, not validated (one warning says so). */
export const NO_SCHEMAS = join(ROOT, 'test/fixtures/no-xsd');

/** Small schemas written for the tests in the official ones' shape, under the official names (not their bytes). */
export const TEST_SCHEMAS = join(ROOT, 'test/fixtures/xsd');

/**
 * The official Минстрой schemas, which the project does not hold: the folder XSD_DIR names (the test runner sets it to
 * ../shared/xsd beside the checkout, as CI does), or null when there is none and the tests that need them are skipped.
 */
export const OFFICIAL_SCHEMAS = process.env.XSD_DIR && existsSync(process.env.XSD_DIR) ? process.env.XSD_DIR : null;
