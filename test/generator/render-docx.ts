/**
 * Renders a document model to DOCX with the `docx` package: one A4 section, sheets separated by page breaks, the title block
 * typed as a table at the end of each sheet (as in Word templates without fields). Drawing sheets become A4 sheets with the
 * drawing's caption and labels in a framed cell: Word volumes rarely carry real drawings.
 */
import { writeFile } from 'node:fs/promises';
import { AlignmentType, BorderStyle, Document, Packer, PageBreak, Paragraph, Table, TableCell, TableRow, TextRun, VerticalMergeType, WidthType } from 'docx';
import type { Block, DocModel, Page, Stamp, TitlePage } from './model.ts';
import { tableWidths } from './paginate.ts';

const MM_TWIP = 56.7;
const BODY_MM = 175;

function runs(text: string, size: number, bold = false): TextRun[] {
  return text.split('\n').map((part, i) => new TextRun({ text: part, size: size * 2, bold, break: i > 0 ? 1 : undefined }));
}

function para(text: string, size = 10, opts: { bold?: boolean; center?: boolean; after?: number } = {}): Paragraph {
  return new Paragraph({
    children: runs(text, size, opts.bold),
    alignment: opts.center ? AlignmentType.CENTER : AlignmentType.LEFT,
    spacing: { after: opts.after ?? 60, line: 240 },
  });
}

function tc(text: string, widthMm: number, opts: { size?: number; bold?: boolean; span?: number; merge?: 'restart' | 'continue' } = {}): TableCell {
  return new TableCell({
    children: [para(text, opts.size ?? 7, { bold: opts.bold, center: true, after: 0 })],
    width: { size: Math.round(widthMm * MM_TWIP), type: WidthType.DXA },
    columnSpan: opts.span,
    verticalMerge: opts.merge === 'restart' ? VerticalMergeType.RESTART : opts.merge === 'continue' ? VerticalMergeType.CONTINUE : undefined,
  });
}

const CHANGE_HEAD = ['Изм.', 'Кол.уч.', 'Лист', '№ док.', 'Подп.', 'Дата'];
const CHANGE_W = [7, 10, 10, 10, 15, 10];

function stampTable(s: Stamp): Table {
  const rows: TableRow[] = [];
  const changeRow = (cells: string[]): TableCell[] => cells.map((c, i) => tc(c, CHANGE_W[i] as number, { size: 6 }));
  const roleCells = (i: number): TableCell[] => {
    const r = s.roles[i];
    // One line per row: long labels («Нормоконтроль», «Разработал») get a smaller size instead of wrapping.
    const fit = (s: string): number => (s.length > 9 ? 4.5 : s.length > 7 ? 5 : 6);
    return [
      tc(r?.role ?? '', 17, { size: fit(r?.role ?? ''), span: 2 }),
      tc(r?.surname ?? '', 20, { size: fit(r?.surname ?? ''), span: 2 }),
      tc('', 15, { size: 6 }),
      tc(r?.surname ? r.date : '', 10, { size: 6 }),
    ];
  };
  if (s.form === 6) {
    rows.push(
      new TableRow({ children: [...changeRow(['', '', '', '', '', '']), tc(s.cipher, 110, { size: 11, merge: 'restart' }), tc('Лист', 10, { size: 6 })] }),
    );
    rows.push(new TableRow({ children: [...changeRow(CHANGE_HEAD), tc('', 110, { merge: 'continue' }), tc(s.sheet, 10, { size: 8 })] }));
  } else {
    rows.push(new TableRow({ children: [...changeRow(CHANGE_HEAD), tc(s.cipher, 120, { size: 11, span: 3 })] }));
    const right: TableCell[][] =
      s.form === 5
        ? [
            [tc(s.docTitle, 70, { size: 7, merge: 'restart' }), tc('Стадия', 15, { size: 6 }), tc('Лист', 15, { size: 6 }), tc('Листов', 20, { size: 6 })],
            [tc('', 70, { merge: 'continue' }), tc(s.stage, 15), tc(s.sheet, 15), tc(s.sheets ?? '', 20)],
            [tc('', 70, { merge: 'continue' }), tc(s.organization, 50, { size: 7, span: 3 })],
          ]
        : [
            [tc(s.objectName, 120, { size: 7, span: 4 })],
            [tc(s.docTitle, 70, { size: 7, merge: 'restart' }), tc('Стадия', 15, { size: 6 }), tc('Лист', 15, { size: 6 }), tc('Листов', 20, { size: 6 })],
            [tc('', 70, { merge: 'continue' }), tc(s.stage, 15), tc(s.sheet, 15), tc(s.sheets ?? '', 20)],
            [tc(s.sheetTitle, 70, { size: 7 }), tc(s.organization, 50, { size: 7, span: 3 })],
          ];
    const n = Math.max(s.roles.length, right.length);
    for (let i = 0; i < n; i++) rows.push(new TableRow({ children: [...roleCells(i), ...(right[i] ?? [tc('', 120, { span: 4 })])] }));
  }
  return new Table({ rows, width: { size: Math.round(185 * MM_TWIP), type: WidthType.DXA }, alignment: AlignmentType.RIGHT });
}

function bodyTable(b: Extract<Block, { t: 'table' }>, widthMm: number): Table {
  const w = tableWidths(b).map((f) => f * widthMm);
  const row = (cells: string[], bold: boolean): TableRow =>
    new TableRow({
      children: cells.map(
        (c, i) => new TableCell({ children: [para(c, 8.5, { bold, after: 0 })], width: { size: Math.round((w[i] ?? 30) * MM_TWIP), type: WidthType.DXA } }),
      ),
    });
  return new Table({ rows: [row(b.head, true), ...b.rows.map((r) => row(r, false))], width: { size: Math.round(widthMm * MM_TWIP), type: WidthType.DXA } });
}

function drawingTable(b: Extract<Block, { t: 'drawing' }>, widthMm: number): Table {
  const border = { style: BorderStyle.SINGLE, size: 12, color: '000000' };
  const cell = new TableCell({
    children: [para(`${b.caption}${b.scale ? ` ${b.scale}` : ''}`, 12, { bold: true, center: true }), ...b.labels.map((l) => para(l, 8, { center: true }))],
    borders: { top: border, bottom: border, left: border, right: border },
    width: { size: Math.round(widthMm * MM_TWIP), type: WidthType.DXA },
  });
  return new Table({ rows: [new TableRow({ children: [cell], height: { value: Math.round(100 * MM_TWIP), rule: 'atLeast' } })] });
}

function titleChildren(t: TitlePage): (Paragraph | Table)[] {
  return [
    para(t.organization, 11, { bold: true, center: true }),
    para(`Член саморегулируемой организации, регистрационный номер в реестре ${t.sro}`, 8, { center: true }),
    para(`Заказчик: ${t.customer}`, 9, { center: true, after: 1200 }),
    para(t.objectName, 13, { bold: true, center: true, after: 300 }),
    para('ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ', 16, { bold: true, center: true, after: 300 }),
    para(t.sectionLine, 12, { center: true }),
    ...(t.subsectionLine ? [para(t.subsectionLine, 12, { center: true })] : []),
    para(t.cipher, 14, { bold: true, center: true }),
    para(`Том ${t.volume}`, 14, { bold: true, center: true, after: 1500 }),
    para(`${t.directorTitle}    _____________ ${t.director}`, 11, { after: 200 }),
    para(`Главный инженер проекта    _____________ ${t.gip}`, 11, { after: 1500 }),
    para(`${t.city}, ${t.year}`, 11, { center: true }),
  ];
}

function sheet(pg: Page, last: boolean): (Paragraph | Table)[] {
  const children: (Paragraph | Table)[] = [];
  if (pg.title) children.push(...titleChildren(pg.title));
  for (const b of pg.blocks) {
    if (b.t === 'h') children.push(para(b.text, 11, { bold: true, after: 80 }));
    else if (b.t === 'p') children.push(para(b.text, 10));
    else if (b.t === 'table') children.push(bodyTable(b, BODY_MM), para('', 4, { after: 0 }));
    else children.push(drawingTable(b, BODY_MM), para('', 4, { after: 0 }));
  }
  if (pg.stamp) children.push(para('', 4, { after: 0 }), stampTable(pg.stamp));
  if (!last) children.push(new Paragraph({ children: [new PageBreak()], spacing: { after: 0 } }));
  return children;
}

export async function renderDocx(model: DocModel, path: string): Promise<void> {
  const doc = new Document({
    creator: model.pages[0]?.title?.organization ?? '',
    title: `${model.cipher} ${model.title}`,
    styles: { default: { document: { run: { font: 'DejaVu Sans', size: 20 } } } },
    sections: [
      {
        properties: {
          page: { size: { width: 11906, height: 16838 }, margin: { top: 10 * MM_TWIP, bottom: 8 * MM_TWIP, left: 25 * MM_TWIP, right: 10 * MM_TWIP } },
        },
        children: model.pages.flatMap((pg, i) => sheet(pg, i === model.pages.length - 1)),
      },
    ],
  });
  await writeFile(path, await Packer.toBuffer(doc));
}
