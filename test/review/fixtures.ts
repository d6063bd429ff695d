import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import PDFDocument from 'pdfkit';
import type { ReviewDocument } from '../../src/review/types.ts';

export const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const FONT_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

export interface StampSpec {
  cipher: string;
  sheet?: number;
  sheets?: number;
  /** Role label as printed («Разраб.», «Разработал», «Нормоконтроль»…) → surname; a role left out is not printed, an empty surname leaves the row blank. */
  roles?: Readonly<Record<string, string>>;
  /** Form 6 (subsequent text sheets): only the cipher and the sheet number. */
  short?: boolean;
  /** Moves the stamp up by this many points (Word tables converted to PDF put it right after the text). */
  raise?: number;
  /** Stage letter under «Стадия» (default П). */
  stage?: string;
  /** Labels and cipher written in pieces with a font change inside («Н» «.» «контроль»), as CAD exports write them. */
  pieces?: boolean;
  /** The form «Разрешение на внесение изменений» bound into a volume: rows Изм. внес / Составил / ГИП / Утв. / Н. контр. */
  changePermission?: boolean;
  /** Every word drawn as the outlines of its letters and the block ruled, as a CAD font exported as strokes leaves it: no text layer. */
  asLines?: boolean;
}

/** A table cell written at its own x, so the PDF holds the row as separate pieces of text, as table generators do. */
export interface CellSpec {
  x: number;
  text: string;
}

export interface PageSpec {
  /** A line of text, or a table row of cells. */
  lines: (string | CellSpec[])[];
  /** A paragraph set before the lines, wrapped and justified over the text width. */
  flow?: string;
  stamp?: StampSpec;
  /** A3 landscape (a drawing's sheet); A4 portrait by default. The stamp stands in the lower-right corner either way. */
  size?: 'A4' | 'A3';
}

export const FULL_ROLES = { 'Разраб.': 'Иванов', 'Пров.': 'Петров', ГИП: 'Сидоров', 'Н. контр.': 'Кузнецова' } as const;

/** Writes an A4 PDF with Cyrillic text and, where asked, a title block in the lower-right corner (form 3/5/6 layout). */
export async function writePdf(path: string, pages: PageSpec[]): Promise<void> {
  const doc = new PDFDocument({ size: 'A4', margin: 40, autoFirstPage: false });
  const out = createWriteStream(path);
  doc.pipe(out);
  doc.font(FONT);
  for (const p of pages) {
    doc.addPage(p.size === 'A3' ? { size: 'A3', layout: 'landscape', margin: 40 } : { size: 'A4', margin: 40 });
    doc.fontSize(10);
    let y = 60;
    if (p.flow) {
      doc.text(p.flow, 70, y, { width: 480, align: 'justify' });
      y = doc.y + 10;
    }
    for (const line of p.lines) {
      if (typeof line === 'string') doc.text(line, 70, y, { width: 480, lineBreak: false });
      else for (const cell of line) doc.text(cell.text, cell.x, y, { lineBreak: false });
      y += 16;
    }
    if (p.stamp) {
      doc.save();
      // the block is laid out for A4: moved to the corner of a larger sheet
      doc.translate(doc.page.width - 595.28, doc.page.height - 841.89);
      drawStamp(doc, p.stamp);
      doc.restore();
    }
  }
  doc.end();
  await once(out, 'finish');
}

/** Text written piece by piece, every other piece in another font and size, as CAD exports split a label. */
function inPieces(doc: PDFKit.PDFDocument, t: string, x: number, y: number): void {
  const pieces = t.match(/[А-ЯЁA-Z0-9]+|[^А-ЯЁA-Z0-9]+/gu) ?? [t];
  let cx = x;
  pieces.forEach((piece, i) => {
    doc.font(i % 2 ? FONT_BOLD : FONT).fontSize(i % 2 ? 8 : 7);
    doc.text(piece, cx, y, { lineBreak: false });
    cx += doc.widthOfString(piece);
  });
  doc.font(FONT).fontSize(7);
}

interface FontkitGlyphs {
  unitsPerEm: number;
  layout(text: string): { glyphs: { path: { toSVG(): string } }[]; positions: { xAdvance: number; xOffset: number; yOffset: number }[] };
}

/** A word as the outlines of its letters, filled: what a CAD font exported as strokes leaves instead of text. */
function outlined(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const font = (doc as unknown as { _font: { font: FontkitGlyphs } })._font.font;
  const run = font.layout(text);
  const k = size / font.unitsPerEm;
  let cx = x;
  run.glyphs.forEach((g, i) => {
    const pos = run.positions[i]!;
    doc.save();
    doc
      .translate(cx + pos.xOffset * k, y + size * 0.9 - pos.yOffset * k)
      .scale(k, -k)
      .path(g.path.toSVG())
      .fill('black');
    doc.restore();
    cx += pos.xAdvance * k;
  });
}

/** The rules of a form-3/5 block, each one straight line across it. */
function ruleStamp(doc: PDFKit.PDFDocument): void {
  for (const y of [697, 712, 725, 738, 751, 764]) doc.moveTo(57, y).lineTo(225, y).stroke();
  for (const y of [730, 745]) doc.moveTo(425, y).lineTo(581, y).stroke();
  doc.moveTo(225, 700).lineTo(581, 700).stroke();
  for (const x of [78, 108, 133, 163]) doc.moveTo(x, 672).lineTo(x, 712).stroke();
  for (const x of [188, 225]) doc.moveTo(x, 672).lineTo(x, 828).stroke();
  doc.moveTo(96, 712).lineTo(96, 828).stroke();
  for (const x of [465, 500]) doc.moveTo(x, 715).lineTo(x, 745).stroke();
  doc.moveTo(425, 700).lineTo(425, 828).stroke();
}

function drawStamp(doc: PDFKit.PDFDocument, s: StampSpec): void {
  doc.fontSize(7);
  const at = (t: string, x: number, y: number) =>
    s.asLines
      ? outlined(doc, t, x, y - (s.raise ?? 0), 7)
      : s.pieces
        ? inPieces(doc, t, x, y - (s.raise ?? 0))
        : doc.text(t, x, y - (s.raise ?? 0), { lineBreak: false });
  doc.rect(57, s.short ? 786 : 672, 524, s.short ? 42 : 156).stroke();
  if (s.asLines && !s.short) ruleStamp(doc);
  if (s.short) {
    at(s.cipher, 300, 800);
    at('Лист', 540, 792);
    if (s.sheet !== undefined) at(String(s.sheet), 548, 808);
    return;
  }
  for (const [t, x] of [
    ['Изм.', 60],
    ['Кол.уч.', 80],
    ['Лист', 110],
    ['№ док.', 135],
    ['Подп.', 165],
    ['Дата', 190],
  ] as const)
    at(t, x, 700);
  let y = 715;
  const roles = s.changePermission
    ? { 'Изм. внес': 'Алексеева', Составил: 'Алексеева', ГИП: 'Якубовский', 'Утв.': 'Локтева', 'Н. контр.': '' }
    : (s.roles ?? FULL_ROLES);
  for (const [role, name] of Object.entries(roles)) {
    at(role, 60, y);
    if (name) at(name, 98, y);
    y += 13;
  }
  at(s.cipher, 300, 680);
  at('Стадия', 430, 720);
  at('Лист', 470, 720);
  at('Листов', 505, 720);
  at(s.stage ?? 'П', 437, 733);
  if (s.sheet !== undefined) at(String(s.sheet), 474, 733);
  if (s.sheets !== undefined) at(String(s.sheets), 512, 733);
}

let nextIndex = 1;
/** A ReviewDocument for a PDF written by writePdf. */
export function pdfDoc(path: string, name: string, kind: string | null, pages: number, extra: Partial<ReviewDocument> = {}): ReviewDocument {
  return { index: nextIndex++, name, kind, role: 'review', format: 'pdf', path, pdfPath: path, pages, pageFrom: null, ...extra };
}

/** Renumbers documents 1..n and sets running first pages, as the preparation stage does. */
export function inSetOrder(docs: ReviewDocument[]): ReviewDocument[] {
  let page = 1;
  return docs.map((d, i) => {
    const r = { ...d, index: i + 1, pageFrom: page };
    page += d.pages ?? 1;
    return r;
  });
}
