/** Small real documents made at test time (PDF with a Cyrillic text layer, ZIP archives). */
import PDFDocument from 'pdfkit';
import yazl from 'yazl';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
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
