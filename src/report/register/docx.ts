/**
 * The register as a DOCX document (the `docx` package): A4 landscape, one table whose header row repeats on every
 * printed page and whose rows are not split across pages; rejected findings included on request are shaded.
 */
import {
  AlignmentType,
  Document,
  Footer,
  Packer,
  PageNumber,
  PageOrientation,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { REGISTER_COLUMNS, REGISTER_TITLE, type RegisterRow } from './rows.ts';

/** A4 in twentieths of a point; the section is turned landscape. */
const A4_SHORT = 11906;
const A4_LONG = 16838;
const MARGIN = 720;
const TABLE_WIDTH = A4_LONG - 2 * MARGIN;
const FONT_SIZE = 18;

const columnWidths = (() => {
  const total = REGISTER_COLUMNS.reduce((s, c) => s + c.width, 0);
  return REGISTER_COLUMNS.map((c) => Math.floor((TABLE_WIDTH * c.width) / total));
})();

/**
 * A cell of the table. The font size is the document's default (styles below), not repeated on each of the
 * thousands of runs: a thousand findings are some twelve thousand cells, and every property of a run is an object
 * the writer builds and serializes.
 */
function cell(text: string, width: number, opts: { bold?: boolean; shade?: string } = {}): TableCell {
  return new TableCell({
    width: { size: width, type: WidthType.DXA },
    ...(opts.shade ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: opts.shade } } : {}),
    children: (text === '' ? [''] : text.split('\n')).map(
      (line) => new Paragraph({ children: [opts.bold ? new TextRun({ text: line, bold: true }) : new TextRun(line)] }),
    ),
  });
}

export async function registerDocx(rows: readonly RegisterRow[], subtitle: string): Promise<Buffer> {
  const header = new TableRow({
    tableHeader: true,
    cantSplit: true,
    children: REGISTER_COLUMNS.map((c, i) => cell(c.header, columnWidths[i]!, { bold: true, shade: 'D9E1F2' })),
  });
  const body = rows.map(
    (row) =>
      new TableRow({
        cantSplit: true,
        children: row.cells.map((text, i) => cell(text, columnWidths[i]!, { shade: row.rejected ? 'EDEDED' : undefined })),
      }),
  );
  const document = new Document({
    title: REGISTER_TITLE,
    styles: { default: { document: { run: { font: 'Times New Roman', size: FONT_SIZE } } } },
    sections: [
      {
        properties: {
          page: {
            size: { width: A4_SHORT, height: A4_LONG, orientation: PageOrientation.LANDSCAPE },
            margin: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
          },
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [new TextRun({ size: FONT_SIZE, children: [`${REGISTER_TITLE} — стр. `, PageNumber.CURRENT, ' из ', PageNumber.TOTAL_PAGES] })],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({ children: [new TextRun({ text: REGISTER_TITLE, bold: true, size: 28 })] }),
          new Paragraph({ spacing: { after: 120 }, children: [new TextRun({ text: subtitle, size: FONT_SIZE })] }),
          new Table({ width: { size: TABLE_WIDTH, type: WidthType.DXA }, columnWidths, layout: TableLayoutType.FIXED, rows: [header, ...body] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
