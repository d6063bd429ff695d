/**
 * The register as a DOCX document (the `docx` package), made to be printed and handed over: A4 landscape, the
 * heading block (object, round, date), one table whose header row repeats on every printed page and whose rows are
 * not split across pages, the round's comparison under it and the expert's signature line; rejected findings
 * included on request are shaded. The hidden id column of the XLSX has no place here.
 */
import {
  AlignmentType,
  BorderStyle,
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
import { fittedWidths, longestWord } from './layout.ts';
import type { RegisterSheet } from './rows.ts';

/** A4 in twentieths of a point; the section is turned landscape. */
const A4_SHORT = 11906;
const A4_LONG = 16838;
const MARGIN = 720;
const TABLE_WIDTH = A4_LONG - 2 * MARGIN;
const FONT_SIZE = 18;
/** Twips of one Cyrillic letter at 9 pt, bold, in the widest face that stands in for Times New Roman (DejaVu Sans), and of a cell side padding. */
const LETTER = 150;
const PADDING = 70;

/**
 * A cell of the table. The font size is the document's default (styles below), not repeated on each of the
 * thousands of runs: a thousand findings are some twelve thousand cells, and every property of a run is an object
 * the writer builds and serializes.
 */
function cell(text: string, width: number, opts: { bold?: boolean; shade?: string; center?: boolean } = {}): TableCell {
  return new TableCell({
    width: { size: width, type: WidthType.DXA },
    margins: { top: 40, bottom: 40, left: PADDING, right: PADDING },
    ...(opts.shade ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: opts.shade } } : {}),
    children: (text === '' ? [''] : text.split('\n')).map(
      (line) =>
        new Paragraph({
          ...(opts.center ? { alignment: AlignmentType.CENTER } : {}),
          children: [opts.bold ? new TextRun({ text: line, bold: true }) : new TextRun(line)],
        }),
    ),
  });
}

const NO_BORDER = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };

/** The heading block: label and value in two columns without rules. */
function headingTable(heading: readonly [string, string][]): Table {
  const labelWidth = Math.floor(TABLE_WIDTH * 0.22);
  return new Table({
    width: { size: TABLE_WIDTH, type: WidthType.DXA },
    columnWidths: [labelWidth, TABLE_WIDTH - labelWidth],
    layout: TableLayoutType.FIXED,
    borders: { top: NO_BORDER, bottom: NO_BORDER, left: NO_BORDER, right: NO_BORDER, insideHorizontal: NO_BORDER, insideVertical: NO_BORDER },
    rows: heading.map(([label, value]) => new TableRow({ children: [cell(`${label}:`, labelWidth, { bold: true }), cell(value, TABLE_WIDTH - labelWidth)] })),
  });
}

export async function registerDocx(register: RegisterSheet): Promise<Buffer> {
  const shown = register.columns.map((c, i) => ({ c, i })).filter(({ c }) => !c.hidden);
  // each column at least as wide as its longest word: Word and LibreOffice break a word that does not fit
  // (a header word whole always; a word of the cells up to ten letters — longer ones, ciphers and file names, may wrap)
  const minimums = shown.map(
    ({ c, i }) =>
      Math.max(
        longestWord([c.header], 14),
        longestWord(
          register.rows.map((r) => r.cells[i] ?? ''),
          10,
        ),
      ) *
        LETTER +
      2 * PADDING,
  );
  const widths = fittedWidths(
    shown.map(({ c }) => c.width),
    minimums,
    TABLE_WIDTH,
  );
  const header = new TableRow({
    tableHeader: true,
    cantSplit: true,
    children: shown.map(({ c }, k) => cell(c.header, widths[k]!, { bold: true, shade: 'D9E1F2', center: true })),
  });
  const body = register.rows.map(
    (row) =>
      new TableRow({
        cantSplit: true,
        children: shown.map(({ c, i }, k) => cell(row.cells[i] ?? '', widths[k]!, { shade: row.rejected ? 'EDEDED' : undefined, center: c.key === 'no' })),
      }),
  );
  const notes = register.notes.flatMap((note) => [
    new Paragraph({ spacing: { before: 200, after: 60 }, children: [new TextRun({ text: note.title, bold: true, size: FONT_SIZE + 2 })] }),
    ...note.lines.map((text) => new Paragraph({ spacing: { after: 40 }, children: [new TextRun(text)] })),
  ]);
  const document = new Document({
    title: register.title,
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
                children: [new TextRun({ size: 16, children: [`${register.title} — стр. `, PageNumber.CURRENT, ' из ', PageNumber.TOTAL_PAGES] })],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({ alignment: AlignmentType.CENTER, spacing: { after: 160 }, children: [new TextRun({ text: register.title, bold: true, size: 28 })] }),
          headingTable(register.heading),
          new Paragraph({ spacing: { before: 120, after: 120 }, children: [new TextRun({ text: register.scope, italics: true })] }),
          new Table({ width: { size: TABLE_WIDTH, type: WidthType.DXA }, columnWidths: widths, layout: TableLayoutType.FIXED, rows: [header, ...body] }),
          ...notes,
          new Paragraph({ spacing: { before: 480 }, children: [new TextRun({ text: register.signature, size: 22 })] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
