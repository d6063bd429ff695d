/**
 * A thin layer over pdfkit: named text styles, paragraphs and «label: value» fields that wrap and flow
 * across pages, and a check that keeps headings together with what follows them.
 */
import PDFDocument from 'pdfkit';
import { FONT_BOLD, FONT_REGULAR } from './fonts.ts';
import { breakLongWords } from './breaks.ts';

/**
 * Fonts are selected by path: pdfkit caches a font under the name it was selected by, and a registered
 * alias of the default font would be opened again on every selection.
 */
const FONTS = { regular: FONT_REGULAR, bold: FONT_BOLD } as const;

const STYLES = {
  title: { font: 'bold', size: 18, color: '#000000' },
  subtitle: { font: 'regular', size: 13, color: '#000000' },
  h1: { font: 'bold', size: 15, color: '#000000' },
  h2: { font: 'bold', size: 12, color: '#1f3864' },
  h3: { font: 'bold', size: 10.5, color: '#000000' },
  body: { font: 'regular', size: 10, color: '#000000' },
  label: { font: 'bold', size: 10, color: '#000000' },
  cell: { font: 'regular', size: 8.5, color: '#000000' },
  cellHead: { font: 'bold', size: 8.5, color: '#000000' },
  footer: { font: 'regular', size: 8, color: '#555555' },
} as const;

export type Style = keyof typeof STYLES;

/**
 * Text as pdfkit can lay it out: controls other than line breaks become spaces, and long unbroken words
 * get break opportunities (breaks.ts). Every text drawn in a report passes through here.
 */
export function printable(text: string): string {
  return breakLongWords(text.replace(/[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/g, ' '));
}

export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;

  constructor(info: { title: string; author: string; subject: string }) {
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: 50, bottom: 60, left: 50, right: 50 },
      bufferPages: true,
      font: FONT_REGULAR,
      lang: 'ru-RU',
      displayTitle: true,
      info: { Title: info.title, Author: info.author, Subject: info.subject },
    });
  }

  get left(): number {
    return this.doc.page.margins.left;
  }

  get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  /** Lowest y that text may reach on the current page. */
  get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Index of the current page, counted from 0. */
  get pageIndex(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count - 1;
  }

  use(style: Style): this {
    const s = STYLES[style];
    this.doc.font(FONTS[s.font]).fontSize(s.size).fillColor(s.color);
    return this;
  }

  /** Height of text in a style at a width (the style stays selected). */
  measure(style: Style, text: string, width = this.width): number {
    return this.use(style).doc.heightOfString(printable(text), { width });
  }

  newPage(): void {
    this.doc.addPage();
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.newPage();
  }

  paragraph(style: Style, text: string, options: PDFKit.Mixins.TextOptions = {}): void {
    this.use(style).doc.text(printable(text), this.left, this.doc.y, { width: this.width, ...options });
  }

  /** «Label: value» with a bold label, wrapping under the full width. */
  field(label: string, value: string, indent = 0): void {
    const width = this.width - indent;
    this.use('label').doc.text(`${label}: `, this.left + indent, this.doc.y, { width, continued: true });
    this.use('body').doc.text(printable(value), { width });
  }

  gap(points: number): void {
    this.doc.y += points;
  }

  rule(color = '#bbbbbb'): void {
    const y = this.doc.y;
    this.doc
      .save()
      .moveTo(this.left, y)
      .lineTo(this.left + this.width, y)
      .lineWidth(0.5)
      .strokeColor(color)
      .stroke()
      .restore();
  }

  /** Writes «Страница N из M» at the foot of every page; call once, after all content. */
  numberPages(): void {
    const { start, count } = this.doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      this.doc.switchToPage(i);
      const margin = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      this.use('footer').doc.text(`Страница ${i + 1} из ${count}`, this.left, this.doc.page.height - 35, {
        width: this.width,
        align: 'center',
        lineBreak: false,
      });
      this.doc.page.margins.bottom = margin;
    }
  }
}
