/** Renders a document model to PDF with pdfkit: ГОСТ frame, binding field, title blocks of forms 3, 5 and 6. */
import { createWriteStream } from 'node:fs';
import PDFDocument from 'pdfkit';
import type { Block, DocModel, Page, Stamp, TitlePage } from './model.ts';
import { tableWidths } from './paginate.ts';
import { FONT_BOLD, FONT_REGULAR, FONT_SERIF } from './fonts.ts';

type Doc = PDFKit.PDFDocument;
const MM = 72 / 25.4;
const SIZES = { A4: [595.28, 841.89], A3: [1190.55, 841.89] } as const;
const STAMP_H = { 3: 55, 5: 40, 6: 15 } as const;

function cell(
  doc: Doc,
  x: number,
  y: number,
  w: number,
  h: number,
  text: string,
  size: number,
  opts: { bold?: boolean; align?: 'left' | 'center'; fit?: boolean } = {},
): void {
  doc.rect(x, y, w, h).lineWidth(0.6).stroke();
  if (!text) return;
  doc.font(opts.bold ? 'B' : 'R').fontSize(size);
  // Stamp rows hold one line: a long label is condensed, as CAD and Word templates do, rather than wrapped.
  while (opts.fit && size > 3.5 && doc.widthOfString(text) > w - 3) doc.fontSize((size -= 0.25));
  const th = doc.heightOfString(text, { width: w - 2 });
  doc.text(text, x + 1, y + Math.max(0.5, (h - th) / 2), { width: w - 2, align: opts.align ?? 'center', lineBreak: true, height: h });
}

/** Left part shared by all forms: the table of changes and, on forms 3 and 5, the signature rows. */
function leftPart(doc: Doc, s: Stamp, x: number, y: number, rows: number): void {
  const cols = [7, 10, 10, 10, 15, 10].map((c) => c * MM);
  const rh = 5 * MM;
  const header = ['Изм.', 'Кол.уч.', 'Лист', '№ док.', 'Подп.', 'Дата'];
  const headerRow = 2;
  for (let r = 0; r < rows; r++) {
    const ry = y + r * rh;
    const role = s.roles[r - headerRow - 1];
    if (r === headerRow) {
      let cx = x;
      header.forEach((t, i) => {
        cell(doc, cx, ry, cols[i] as number, rh, t, 5.5);
        cx += cols[i] as number;
      });
    } else if (role) {
      const [c0, c1, c2, c3, c4, c5] = cols as [number, number, number, number, number, number];
      cell(doc, x, ry, c0 + c1, rh, role.role, 6, { align: 'left', fit: true });
      cell(doc, x + c0 + c1, ry, c2 + c3, rh, role.surname, 6, { align: 'left', fit: true });
      cell(doc, x + c0 + c1 + c2 + c3, ry, c4, rh, '', 6);
      cell(doc, x + c0 + c1 + c2 + c3 + c4, ry, c5, rh, role.surname ? role.date : '', 5.5);
    } else {
      let cx = x;
      cols.forEach((c) => {
        cell(doc, cx, ry, c, rh, '', 6);
        cx += c;
      });
    }
  }
}

function drawStamp(doc: Doc, s: Stamp, W: number, H: number): void {
  const h = STAMP_H[s.form] * MM;
  const x = W - 5 * MM - 185 * MM;
  const y = H - 5 * MM - h;
  const rx = x + 65 * MM;
  if (s.form === 6) {
    leftPart(doc, s, x, y, 3);
    cell(doc, rx, y, 110 * MM, 15 * MM, s.cipher, 11);
    cell(doc, rx + 110 * MM, y, 10 * MM, 7 * MM, 'Лист', 6);
    cell(doc, rx + 110 * MM, y + 7 * MM, 10 * MM, 8 * MM, s.sheet, 8);
    return;
  }
  if (s.form === 5) {
    leftPart(doc, s, x, y, 8);
    cell(doc, rx, y, 120 * MM, 15 * MM, s.cipher, 11);
    cell(doc, rx, y + 15 * MM, 70 * MM, 25 * MM, s.docTitle, 7.5);
    const sx = rx + 70 * MM;
    cell(doc, sx, y + 15 * MM, 15 * MM, 5 * MM, 'Стадия', 5.5);
    cell(doc, sx + 15 * MM, y + 15 * MM, 15 * MM, 5 * MM, 'Лист', 5.5);
    cell(doc, sx + 30 * MM, y + 15 * MM, 20 * MM, 5 * MM, 'Листов', 5.5);
    cell(doc, sx, y + 20 * MM, 15 * MM, 5 * MM, s.stage, 7);
    cell(doc, sx + 15 * MM, y + 20 * MM, 15 * MM, 5 * MM, s.sheet, 7);
    cell(doc, sx + 30 * MM, y + 20 * MM, 20 * MM, 5 * MM, s.sheets ?? '', 7);
    cell(doc, sx, y + 25 * MM, 50 * MM, 15 * MM, s.organization, 7);
    return;
  }
  leftPart(doc, s, x, y, 11);
  cell(doc, rx, y, 120 * MM, 10 * MM, s.cipher, 11);
  cell(doc, rx, y + 10 * MM, 120 * MM, 15 * MM, s.objectName, 7);
  cell(doc, rx, y + 25 * MM, 70 * MM, 15 * MM, s.docTitle, 7);
  const sx = rx + 70 * MM;
  cell(doc, sx, y + 25 * MM, 15 * MM, 5 * MM, 'Стадия', 5.5);
  cell(doc, sx + 15 * MM, y + 25 * MM, 15 * MM, 5 * MM, 'Лист', 5.5);
  cell(doc, sx + 30 * MM, y + 25 * MM, 20 * MM, 5 * MM, 'Листов', 5.5);
  cell(doc, sx, y + 30 * MM, 15 * MM, 10 * MM, s.stage, 7);
  cell(doc, sx + 15 * MM, y + 30 * MM, 15 * MM, 10 * MM, s.sheet, 7);
  cell(doc, sx + 30 * MM, y + 30 * MM, 20 * MM, 10 * MM, s.sheets ?? '', 7);
  cell(doc, rx, y + 40 * MM, 70 * MM, 15 * MM, s.sheetTitle, 7);
  cell(doc, sx, y + 40 * MM, 50 * MM, 15 * MM, s.organization, 7);
}

function frame(doc: Doc, W: number, H: number): void {
  doc
    .rect(20 * MM, 5 * MM, W - 25 * MM, H - 10 * MM)
    .lineWidth(1.2)
    .stroke();
  // Binding field: inventory number, signature and date, replaced inventory number (read bottom-up).
  const labels: [string, number][] = [
    ['Инв. № подл.', 25],
    ['Подп. и дата', 35],
    ['Взам. инв. №', 25],
  ];
  let y = H - 5 * MM;
  for (const [label, len] of labels) {
    const h = len * MM;
    doc
      .rect(8 * MM, y - h, 5 * MM, h)
      .lineWidth(0.6)
      .stroke();
    doc.rect(13 * MM, y - h, 7 * MM, h).stroke();
    doc
      .save()
      .rotate(-90, { origin: [8 * MM, y] })
      .font('R')
      .fontSize(6)
      .text(label, 8 * MM + 2, y + 3, { width: h - 4, align: 'center', lineBreak: false })
      .restore();
    y -= h;
  }
}

function titlePage(doc: Doc, t: TitlePage, W: number): void {
  const x = 30 * MM;
  const w = W - x - 15 * MM;
  const line = (text: string, size: number, font = 'R', gap = 6): void => {
    doc.font(font).fontSize(size).text(text, x, doc.y, { width: w, align: 'center' });
    doc.moveDown(gap / size);
  };
  doc.y = 20 * MM;
  line(t.organization, 11, 'B');
  line(`Член саморегулируемой организации, регистрационный номер в реестре ${t.sro}`, 8);
  doc.y += 10;
  line(`Заказчик: ${t.customer}`, 9);
  doc.y = 80 * MM;
  line(t.objectName, 13, 'B', 16);
  line('ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ', 16, 'B', 16);
  line(t.sectionLine, 12, 'S', 8);
  if (t.subsectionLine) line(t.subsectionLine, 12, 'S', 8);
  doc.y += 10;
  line(t.cipher, 14, 'B', 8);
  line(`Том ${t.volume}`, 14, 'B', 8);
  doc.y = 200 * MM;
  doc.font('R').fontSize(11);
  const sign = (role: string, name: string): void => {
    const y = doc.y;
    doc.text(role, x, y, { width: 80 * MM });
    doc.text(`_____________ ${name}`, x + 90 * MM, y, { width: w - 90 * MM });
    doc.moveDown(1.5);
  };
  sign(t.directorTitle, t.director);
  sign('Главный инженер проекта', t.gip);
  doc.y = 270 * MM;
  line(`${t.city}, ${t.year}`, 11);
}

function table(doc: Doc, b: Extract<Block, { t: 'table' }>, x: number, w: number): void {
  const widths = tableWidths(b).map((f) => f * w);
  const row = (cells: string[], bold: boolean): void => {
    doc.font(bold ? 'B' : 'R').fontSize(8.5);
    const h = Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: (widths[i] ?? 40) - 6 }))) + 5;
    let cx = x;
    const y = doc.y;
    cells.forEach((c, i) => {
      const cw = widths[i] ?? 40;
      doc.rect(cx, y, cw, h).lineWidth(0.5).stroke();
      doc
        .font(bold ? 'B' : 'R')
        .fontSize(8.5)
        .text(c, cx + 3, y + 2.5, { width: cw - 6 });
      cx += cw;
    });
    doc.y = y + h;
  };
  row(b.head, true);
  for (const r of b.rows) row(r, false);
  doc.y += 8;
}

function drawing(doc: Doc, b: Extract<Block, { t: 'drawing' }>, x: number, y: number, w: number, h: number): void {
  doc
    .font('B')
    .fontSize(12)
    .text(`${b.caption}${b.scale ? ` ${b.scale}` : ''}`, x, y, { width: w, align: 'center', underline: true });
  const top = y + 30;
  const [cols, rows] = b.grid;
  const cw = w / cols;
  const ch = (h - 40) / rows;
  doc
    .lineWidth(1.5)
    .rect(x, top, w, h - 40)
    .stroke();
  doc.lineWidth(0.4);
  for (let i = 1; i < cols; i++)
    doc
      .moveTo(x + i * cw, top)
      .lineTo(x + i * cw, top + h - 40)
      .stroke();
  for (let j = 1; j < rows; j++)
    doc
      .moveTo(x, top + j * ch)
      .lineTo(x + w, top + j * ch)
      .stroke();
  b.labels.forEach((l, i) => {
    doc
      .font('R')
      .fontSize(8)
      .text(l, x + ((i % cols) + 0.1) * cw, top + (Math.floor(i / cols) + 0.4) * ch, { width: cw * 0.9 });
  });
}

function body(doc: Doc, pg: Page, W: number, H: number): void {
  const stampH = pg.stamp ? STAMP_H[pg.stamp.form] * MM : 0;
  const x = 20 * MM + 10;
  const w = W - x - 5 * MM - 10;
  if (pg.size === 'A3') {
    const h = H - 10 * MM - stampH - 40;
    const [first, ...rest] = pg.blocks;
    if (first?.t === 'drawing') drawing(doc, first, x + 20, 5 * MM + 20, w * 0.6, h);
    doc.y = 5 * MM + 20;
    for (const b of first?.t === 'drawing' ? rest : pg.blocks) flow(doc, b, x + w * 0.66, w * 0.32);
    return;
  }
  doc.y = 5 * MM + 14;
  for (const b of pg.blocks) flow(doc, b, x, w);
}

function flow(doc: Doc, b: Block, x: number, w: number): void {
  switch (b.t) {
    case 'h':
      doc
        .font('B')
        .fontSize(11)
        .text(b.text, x, doc.y + 4, { width: w });
      doc.y += 5;
      break;
    case 'p':
      doc.font('R').fontSize(10).text(b.text, x, doc.y, { width: w, lineGap: 2, align: 'left' });
      doc.y += 5;
      break;
    case 'table':
      table(doc, b, x, w);
      break;
    case 'drawing':
      drawing(doc, b, x, doc.y, w, 300);
      doc.y += 310;
      break;
  }
}

export async function renderPdf(model: DocModel, path: string): Promise<void> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    margin: 0,
    info: { Title: `${model.cipher} ${model.title}`, Author: model.pages[0]?.title?.organization ?? '' },
  });
  doc.registerFont('R', FONT_REGULAR);
  doc.registerFont('B', FONT_BOLD);
  doc.registerFont('S', FONT_SERIF);
  const out = createWriteStream(path);
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', () => resolve());
    out.on('error', reject);
  });
  doc.pipe(out);
  for (const pg of model.pages) {
    const [W, H] = SIZES[pg.size];
    doc.addPage({ size: [W, H], margin: 0 });
    frame(doc, W, H);
    if (pg.title) titlePage(doc, pg.title, W);
    body(doc, pg, W, H);
    if (pg.stamp) drawStamp(doc, pg.stamp, W, H);
  }
  doc.end();
  await done;
}
