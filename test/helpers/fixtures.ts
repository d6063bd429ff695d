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

/** A drawing sheet: its size in mm, a text near its top, and where its title block is laid (a landscape A4's: along its short side or the bottom). */
export interface Sheet {
  widthMm: number;
  heightMm: number;
  text: string;
  along?: 'short' | 'bottom';
}

/**
 * Sheets with a frame and a title block (185 × 55 mm, «Изм. Кол.уч Лист …», the cipher, «Лист N») where ГОСТ Р 21.101
 * puts it: the bottom-right corner; a landscape A4 along its right edge, written upwards, unless `along: 'bottom'`.
 */
export function makeSheetsPdf(sheets: Sheet[], cipher = '24-017-КР'): Promise<Buffer> {
  const MM = 72 / 25.4;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font(cyrillicFont());
    sheets.forEach((s, i) => {
      const [w, h] = [s.widthMm * MM, s.heightMm * MM];
      doc.addPage({ size: [w, h], margin: 0 });
      doc.rect(20 * MM, 5 * MM, w - 25 * MM, h - 10 * MM).stroke();
      doc.fontSize(11).text(s.text, 30 * MM, 15 * MM, { width: Math.min(150 * MM, w - 60 * MM) });
      const block = () => {
        doc.rect(0, 0, 185 * MM, 55 * MM).stroke();
        doc.fontSize(14).text(`${cipher} Основная надпись`, 70 * MM, 5 * MM, { lineBreak: false });
        doc.fontSize(9).text(`Стадия П Лист ${i + 1} Листов ${sheets.length}`, 120 * MM, 25 * MM, { lineBreak: false });
        doc.fontSize(9).text('Изм. Кол.уч Лист №док. Подп. Дата', 2 * MM, 30 * MM, { lineBreak: false });
      };
      doc.save();
      if (s.widthMm > s.heightMm && s.heightMm < 230 && s.along !== 'bottom') {
        // a portrait sheet turned a quarter counter-clockwise: its block along the right edge, from the top-right corner
        doc.translate(w - 60 * MM, 190 * MM).rotate(-90, { origin: [0, 0] });
      } else doc.translate(w - 190 * MM, h - 60 * MM);
      block();
      doc.restore();
    });
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
