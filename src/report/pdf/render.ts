/**
 * The report as a PDF (A4, DejaVu Sans embedded): title page with the set, contents with page numbers,
 * findings by section, questions, warnings, reference problems, «Страница N из M» in the footer.
 * Pages are kept by pdfkit until the end (bufferPages) so the contents and the footers can be filled in
 * once the layout is known; the output is a stream.
 */
import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { PublishedResult } from '../../kernel/result.ts';
import { FINDING_FORMS, plural, VOLUME_FORMS } from '../labels.ts';
import type { ReportFilter, ReportMeta } from '../types.ts';
import { buildView, CONTENT_HEADER, CONTENT_MAP_TITLE, type ContentVolumeView, type FindingView, type ReportView } from '../view.ts';
import { drawTable } from './table.ts';
import { PdfWriter, printable } from './writer.ts';

const IMPORTANCE_COLORS: Record<string, string> = { critical: '#b00020', significant: '#b85c00', minor: '#44546a' };
/** Findings drawn between two yields to the event loop, so a large report does not stall the process. */
const FINDINGS_PER_TICK = 25;

interface ContentsEntry {
  title: string;
  destination: string;
  /** Where the entry's line is on the contents page, to print the page number there later. */
  at: { page: number; y: number } | null;
  /** Page index (from 0) where the part starts, known once it is drawn. */
  startPage: number | null;
}

function drawTitlePage(w: PdfWriter, view: ReportView): void {
  w.paragraph('title', view.title, { align: 'center' });
  w.gap(6);
  w.paragraph('subtitle', view.subtitle, { align: 'center' });
  w.gap(18);
  for (const [label, value] of view.facts) {
    w.field(label, value);
    w.gap(3);
  }
  w.gap(10);
  w.paragraph('h2', 'Сводка');
  w.gap(4);
  for (const line of view.summary) w.paragraph('body', line);
  w.gap(12);
  w.ensureSpace(60);
  w.paragraph('h2', 'Состав комплекта');
  w.gap(4);
  if (view.documents.length) {
    drawTable(w, { header: view.documentHeader, widths: [24, 0, 52, 48, 70, 64], rows: view.documents.map((d) => d.cells) });
  } else {
    w.paragraph('body', 'Документы не указаны.');
  }
}

function contentsEntries(view: ReportView): ContentsEntry[] {
  const entries = view.sections.map((s, i) => ({
    title: `${s.title} — ${s.findings.length} ${plural(s.findings.length, FINDING_FORMS)}`,
    destination: `section-${i + 1}`,
  }));
  if (view.questions.length) entries.push({ title: `Вопросы — ${view.questions.length}`, destination: 'questions' });
  if (view.warnings.length) entries.push({ title: `Предупреждения — ${view.warnings.length}`, destination: 'warnings' });
  if (view.referenceProblems.length) entries.push({ title: `Проблемы ссылок — ${view.referenceProblems.length}`, destination: 'references' });
  if (view.contentMap.length)
    entries.push({ title: `${CONTENT_MAP_TITLE} — ${view.contentMap.length} ${plural(view.contentMap.length, VOLUME_FORMS)}`, destination: 'content-map' });
  return entries.map((e) => ({ ...e, at: null, startPage: null }));
}

const NUMBER_COLUMN = 45;

function drawContents(w: PdfWriter, entries: ContentsEntry[]): void {
  w.paragraph('h1', 'Содержание');
  w.gap(8);
  if (!entries.length) w.paragraph('body', 'Замечаний нет.');
  for (const e of entries) {
    w.ensureSpace(w.measure('body', e.title, w.width - NUMBER_COLUMN));
    e.at = { page: w.pageIndex, y: w.doc.y };
    w.use('body').doc.text(printable(e.title), w.left, w.doc.y, { width: w.width - NUMBER_COLUMN, goTo: e.destination });
    w.gap(4);
  }
}

function fillContentsPages(w: PdfWriter, entries: readonly ContentsEntry[]): void {
  for (const e of entries) {
    if (!e.at || e.startPage === null) continue;
    w.doc.switchToPage(e.at.page);
    w.use('body').doc.text(String(e.startPage + 1), w.left + w.width - NUMBER_COLUMN, e.at.y, {
      width: NUMBER_COLUMN,
      align: 'right',
      lineBreak: false,
      goTo: e.destination,
    });
  }
}

/** Heading of a part: kept on one page with at least `keep` points of what follows; marks the contents entry. */
function partHeading(w: PdfWriter, style: 'h1' | 'h2', title: string, entry: ContentsEntry | undefined, keep: number): void {
  w.ensureSpace(w.measure(style, title) + keep);
  if (entry) entry.startPage = w.pageIndex;
  w.doc.outline.addItem(title.slice(0, 200));
  w.paragraph(style, title, entry ? { destination: entry.destination } : {});
  w.gap(6);
}

function drawFinding(w: PdfWriter, f: FindingView): void {
  const first = f.fields[0];
  w.ensureSpace(w.measure('h3', f.heading) + (first ? w.measure('body', `${first[0]}: ${first[1]}`) : 0) + 8);
  w.use('h3')
    .doc.fillColor(IMPORTANCE_COLORS[f.importance] ?? '#000000')
    .text(printable(f.heading), w.left, w.doc.y, { width: w.width });
  w.gap(2);
  for (const [label, value] of f.fields) {
    w.field(label, value, 8);
    w.gap(2);
  }
  w.gap(4);
  w.rule();
  w.gap(6);
}

function drawList(w: PdfWriter, items: readonly string[]): void {
  items.forEach((text, i) => {
    w.ensureSpace(w.measure('body', text));
    w.paragraph('body', `${i + 1}. ${text}`);
    w.gap(4);
  });
}

/** Column widths of a volume's table; «Что требуется» takes the rest of the page. */
const CONTENT_WIDTHS = [50, 54, 0, 56, 92, 118];

function drawContentVolume(w: PdfWriter, v: ContentVolumeView): void {
  partHeading(w, 'h2', v.title, undefined, 80);
  for (const line of v.facts) w.paragraph('body', line);
  w.gap(4);
  if (v.rows.length) drawTable(w, { header: CONTENT_HEADER, widths: CONTENT_WIDTHS, rows: v.rows });
  if (v.notApplicable) {
    w.gap(4);
    w.ensureSpace(w.measure('body', v.notApplicable));
    w.paragraph('body', v.notApplicable);
  }
  w.gap(10);
}

async function drawReport(w: PdfWriter, view: ReportView): Promise<void> {
  drawTitlePage(w, view);
  w.newPage();
  const entries = contentsEntries(view);
  drawContents(w, entries);
  w.newPage();
  const entry = (destination: string) => entries.find((e) => e.destination === destination);

  w.paragraph('h1', 'Замечания');
  w.gap(8);
  if (!view.sections.length) w.paragraph('body', 'Замечаний нет.');
  let drawn = 0;
  for (const [i, section] of view.sections.entries()) {
    partHeading(w, 'h2', `${section.title} (${section.findings.length})`, entry(`section-${i + 1}`), 60);
    for (const f of section.findings) {
      drawFinding(w, f);
      if (++drawn % FINDINGS_PER_TICK === 0) await yieldToLoop();
    }
  }
  if (view.questions.length) {
    w.gap(8);
    partHeading(w, 'h1', 'Вопросы', entry('questions'), 50);
    for (const q of view.questions) {
      w.ensureSpace(w.measure('h3', q.heading) + 30);
      w.paragraph('h3', q.heading);
      for (const [label, value] of q.fields) w.field(label, value, 8);
      w.gap(6);
    }
  }
  if (view.warnings.length) {
    w.gap(8);
    partHeading(w, 'h1', 'Предупреждения', entry('warnings'), 30);
    drawList(w, view.warnings);
  }
  if (view.referenceProblems.length) {
    w.gap(8);
    partHeading(w, 'h1', 'Проблемы ссылок', entry('references'), 30);
    drawList(w, view.referenceProblems);
  }
  if (view.contentMap.length) {
    // an appendix: it starts on a page of its own, after everything the report said before it
    w.newPage();
    partHeading(w, 'h1', CONTENT_MAP_TITLE, entry('content-map'), 80);
    for (const v of view.contentMap) {
      drawContentVolume(w, v);
      await yieldToLoop();
    }
  }
  fillContentsPages(w, entries);
  w.numberPages();
}

/** Streams the PDF of a view; a failure while drawing is reported as an error of the stream. */
export function pdfStreamOfView(view: ReportView, author: string): Readable {
  const out = new PassThrough();
  let writer: PdfWriter;
  try {
    writer = new PdfWriter({ title: `${view.title}. ${view.subtitle}`, author, subject: view.subtitle });
  } catch (e) {
    out.destroy(e as Error);
    return out;
  }
  const { doc } = writer;
  doc.on('error', (e: Error) => out.destroy(e));
  doc.pipe(out);
  drawReport(writer, view).then(
    () => doc.end(),
    (e: unknown) => {
      doc.unpipe(out);
      out.destroy(e instanceof Error ? e : new Error(String(e)));
    },
  );
  return out;
}

/** The overall PDF report, or one section's or theme's when a filter is given. */
export function renderPdf(result: PublishedResult, meta: ReportMeta, filter?: ReportFilter): Readable {
  return pdfStreamOfView(buildView(result, meta, filter), meta.organization);
}
