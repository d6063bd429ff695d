/**
 * The register as an XLSX workbook (ExcelJS's streaming writer), made to be printed and handed over: the heading
 * block (object, round, date) above the table, the header row frozen, filtered and repeated on every printed page,
 * rows as high as their wrapped text (LibreOffice and Excel print a row without a height one line high), A4
 * landscape fitted to the page width, the round's comparison and the expert's signature line under the table. The
 * remark's id is kept in a hidden last column whose header names the run, so the designer's answers can be read
 * back (answers.ts); it is never printed.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { LINE_POINTS, rowHeight } from './layout.ts';
import { SHEET_NAME, type RegisterSheet } from './rows.ts';

/** Fill of a rejected row included on request, so it stands out on screen and in print. */
const REJECTED_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEDEDED' } };
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };
const ANSWER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFFBEA' } };
const THIN: ExcelJS.Border = { style: 'thin', color: { argb: 'FF808080' } };
const BORDER: Partial<ExcelJS.Borders> = { top: THIN, left: THIN, bottom: THIN, right: THIN };
const FONT = { name: 'Arial', size: 10 };
const A4 = 9;

export async function registerXlsx(register: RegisterSheet): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.title = register.title;
  const visible = register.columns.filter((c) => !c.hidden);
  const last = visible.length;
  const headerRow = register.heading.length + 4;
  const sheet = book.addWorksheet(SHEET_NAME, {
    views: [{ state: 'frozen', ySplit: headerRow, xSplit: 0 }],
    pageSetup: {
      paperSize: A4,
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `${headerRow}:${headerRow}`,
      printArea: undefined,
      margins: { left: 0.4, right: 0.4, top: 0.5, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: `&8${register.title} — стр. &P из &N` },
  });
  sheet.columns = register.columns.map((c) => ({ key: c.key, width: c.width, hidden: c.hidden === true }));
  const widths = register.columns.map((c) => c.width);
  const pageWidth = visible.reduce((s, c) => s + c.width, 0);

  /** One line across the printed columns. */
  const line = (text: string, font: Partial<ExcelJS.Font>) => {
    const row = sheet.addRow([text]);
    sheet.mergeCells(row.number, 1, row.number, last);
    row.getCell(1).font = { ...FONT, ...font };
    row.getCell(1).alignment = { vertical: 'top', wrapText: true };
    row.height = rowHeight([text], [pageWidth]) + (font.size && font.size > 10 ? 6 : 0);
    row.commit();
  };
  line(register.title, { bold: true, size: 14 });
  for (const [label, value] of register.heading) line(`${label}: ${value}`, {});
  line(register.scope, { italic: true });
  line('', {});

  const header = sheet.addRow(register.columns.map((c, i) => (c.hidden ? (i === register.columns.length - 1 ? register.marker : c.header) : c.header)));
  header.height = rowHeight(
    register.columns.map((c) => c.header),
    widths,
  );
  header.eachCell((cell, i) => {
    cell.font = { ...FONT, bold: true };
    cell.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true };
    cell.border = BORDER;
    if (!register.columns[i - 1]?.hidden) cell.fill = HEADER_FILL;
  });
  header.commit();
  if (headerRow !== header.number) throw new Error(`register header on row ${header.number}, expected ${headerRow}`);
  sheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: last } };

  const answerColumns = new Set(register.columns.flatMap((c, i) => (c.key === 'answer' || c.key === 'answer_sheet' || c.key === 'closed' ? [i + 1] : [])));
  for (const row of register.rows) {
    const added = sheet.addRow(row.cells.map((text, i) => (register.columns[i]?.key === 'no' ? row.no : text)));
    added.height = rowHeight(row.cells, widths);
    added.eachCell({ includeEmpty: true }, (cell, i) => {
      cell.font = FONT;
      cell.alignment = { vertical: 'top', wrapText: true, horizontal: register.columns[i - 1]?.key === 'no' ? 'center' : 'left' };
      cell.border = BORDER;
      if (row.rejected) cell.fill = REJECTED_FILL;
      else if (answerColumns.has(i) && register.variant === 'designer') cell.fill = ANSWER_FILL;
    });
    added.commit();
  }

  line('', {});
  for (const note of register.notes) {
    line(note.title, { bold: true });
    for (const text of note.lines) line(text, {});
  }
  line('', {});
  const signature = sheet.addRow([register.signature]);
  sheet.mergeCells(signature.number, 1, signature.number, last);
  signature.getCell(1).font = { ...FONT, size: 11 };
  signature.height = LINE_POINTS * 2;
  signature.commit();
  sheet.commit();
  await book.commit();
  await ended;
  return Buffer.concat(chunks);
}
