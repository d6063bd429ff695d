/**
 * The register as an XLSX workbook (ExcelJS's streaming writer): Russian headers in a frozen first row with an
 * autofilter, wrapped text, A4 landscape fitted to the page width with the header repeated on every printed page.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { REGISTER_COLUMNS, REGISTER_TITLE, type RegisterRow } from './rows.ts';

/** Fill of a rejected row included on request, so it stands out on screen and in print. */
const REJECTED_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEDEDED' } };
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };
const A4 = 9;

export async function registerXlsx(rows: readonly RegisterRow[], subtitle: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.title = `${REGISTER_TITLE}: ${subtitle}`;
  const sheet = book.addWorksheet('Реестр замечаний', {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
    pageSetup: {
      paperSize: A4,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '1:1',
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.5, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: `${REGISTER_TITLE} — стр. &P из &N` },
  });
  sheet.columns = REGISTER_COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: REGISTER_COLUMNS.length } };
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true };
  header.eachCell((cell) => (cell.fill = HEADER_FILL));
  header.commit();
  for (const row of rows) {
    const added = sheet.addRow([row.n, ...row.cells.slice(1)]);
    added.alignment = { vertical: 'top', wrapText: true };
    if (row.rejected) added.eachCell((cell) => (cell.fill = REJECTED_FILL));
    added.commit();
  }
  sheet.commit();
  await book.commit();
  await ended;
  return Buffer.concat(chunks);
}
