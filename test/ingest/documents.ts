/** Real documents of every accepted format, made at test time. */
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import PDFDocument from 'pdfkit';
import { Document, Packer, Paragraph, PageBreak } from 'docx';
import yazl from 'yazl';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/**
 * A PDF with `pages` pages; the first carries `title` (Cyrillic through DejaVu when installed).
 * `strokesPerPage` adds pseudo-random line work, for drawing-sized pages in benchmarks.
 */
export async function writePdf(path: string, pages: number, title = 'Test', strokesPerPage = 0, userPassword?: string): Promise<void> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: strokesPerPage > 0, ...(userPassword ? { userPassword, pdfVersion: '1.7' as const } : {}) });
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 800;
  const out = createWriteStream(path);
  doc.pipe(out);
  let font: string | null = FONT;
  for (let i = 0; i < pages; i++) {
    doc.addPage({ size: 'A4' });
    try {
      if (font) doc.font(font);
    } catch {
      font = null;
    }
    doc.fontSize(14).text(i === 0 ? title : `Page ${i + 1}`);
    for (let k = 0; k < strokesPerPage; k++) doc.moveTo(rnd(), rnd()).lineTo(rnd(), rnd());
    if (strokesPerPage > 0) doc.stroke();
  }
  doc.end();
  await once(out, 'finish');
}

export async function writeDocx(path: string, pages: number, text = 'Пояснительная записка'): Promise<void> {
  const children: Paragraph[] = [];
  for (let i = 0; i < pages; i++) {
    children.push(new Paragraph({ text: `${text}, лист ${i + 1}` }));
    if (i < pages - 1) children.push(new Paragraph({ children: [new PageBreak()] }));
  }
  const doc = new Document({ sections: [{ children }] });
  await writeFile(path, await Packer.toBuffer(doc));
}

/** A minimal valid XLSX with the given sheet names. */
export async function writeXlsx(path: string, sheets: string[]): Promise<void> {
  const zip = new yazl.ZipFile();
  const ct = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`;
  zip.addBuffer(Buffer.from(ct), '[Content_Types].xml');
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    '_rels/.rels',
  );
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets.map((s, i) => `<sheet name="${s}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    ),
    'xl/workbook.xml',
  );
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}</Relationships>`,
    ),
    'xl/_rels/workbook.xml.rels',
  );
  sheets.forEach((_, i) => {
    zip.addBuffer(
      Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Лист ${i + 1}</t></is></c></row></sheetData></worksheet>`,
      ),
      `xl/worksheets/sheet${i + 1}.xml`,
    );
  });
  zip.end();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await once(out, 'finish');
}

/** Smallest valid PNG (1×1) and a JPEG header sufficient for recognition. */
export const PNG_1PX = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e3a0a10000000049454e44ae426082',
  'hex',
);
export const JPEG_MIN = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
export const XML_PZ = Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<ExplanatoryNote SchemaVersion="01.07"><Title>ПЗ</Title></ExplanatoryNote>\n');

/** A minimal DOCX whose docProps/app.xml states the page count, as Word writes it on save. */
export async function writeDocxWithPagesProperty(path: string, pages: number): Promise<void> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Раздел 4</w:t></w:r></w:p></w:body></w:document>',
    ),
    'word/document.xml',
  );
  zip.addBuffer(
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Pages>${pages}</Pages></Properties>`,
    ),
    'docProps/app.xml',
  );
  zip.end();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await once(out, 'finish');
}
