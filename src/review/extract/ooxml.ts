import { XMLParser } from 'fast-xml-parser';
import { readZipParts } from '../../ingest/zip-parts.ts';
import { isRoleLabel } from '../facts/stamp.ts';
import type { PlacedLine } from '../types.ts';

/** Text of a typical A4 page of a text document; used to cut pseudo-pages when Word left no page breaks. */
export const PSEUDO_PAGE_CHARS = 2800;

type Node = Record<string, unknown>;

const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '@', trimValues: false, processEntities: true });

function children(n: Node): Node[] {
  for (const [k, v] of Object.entries(n)) if (k !== ':@' && Array.isArray(v)) return v as Node[];
  return [];
}
function tag(n: Node): string {
  for (const k of Object.keys(n)) if (k !== ':@') return k;
  return '';
}
function attr(n: Node, name: string): string | undefined {
  const a = n[':@'] as Record<string, string> | undefined;
  return a?.[name];
}

function child(n: Node, name: string): Node | undefined {
  return children(n).find((c) => tag(c) === name);
}

/** Walks a WordprocessingML body, calling `text` for text, `brk` where Word breaks the page and `table` at each table. */
function walkWord(nodes: Node[], out: { text: (s: string) => void; brk: () => void; table?: (tbl: Node) => void }): void {
  for (const n of nodes) {
    const t = tag(n);
    if (t === '#text') {
      continue;
    }
    if (t === 'w:tbl') out.table?.(n);
    if (t === 'w:t') {
      for (const c of children(n)) if ('#text' in c) out.text(String(c['#text']));
      continue;
    }
    if (t === 'w:tab') {
      out.text('\t');
      continue;
    }
    if (t === 'w:br') {
      if (attr(n, '@w:type') === 'page') out.brk();
      else out.text('\n');
      continue;
    }
    if (t === 'w:lastRenderedPageBreak') {
      out.brk();
      continue;
    }
    if (t === 'w:tc') {
      walkWord(children(n), out);
      out.text('\t');
      continue;
    }
    walkWord(children(n), out);
    if (t === 'w:p') out.text('\n');
    if (t === 'w:sectPr') out.brk();
  }
}

const TWIPS_PER_POINT = 20;
/** Height given to a table row: the 5 mm rows of a title block. */
const ROW_POINTS = 14;
const CHANGE_HEADER_CELL = /^(?:изм\.?|кол\.?\s?уч\.?|№\s?док\.?|подп\.?|дата)$/i;

/**
 * Cells of a Word table placed as the lines of a drawn sheet: x and width from the table grid (twips → points),
 * one 5 mm row after another, so the title-block parser reads a typed stamp as it reads a drawn one.
 */
function tableLines(tbl: Node, top: number): PlacedLine[] {
  const grid = children(child(tbl, 'w:tblGrid') ?? {})
    .filter((g) => tag(g) === 'w:gridCol')
    .map((g) => Number(attr(g, '@w:w') ?? 0) / TWIPS_PER_POINT);
  const at = (col: number) => (grid.length ? grid.slice(0, col).reduce((a, b) => a + b, 0) : col * 25);
  const lines: PlacedLine[] = [];
  let row = 0;
  for (const tr of children(tbl)) {
    if (tag(tr) !== 'w:tr') continue;
    let col = Number(attr(child(child(tr, 'w:trPr') ?? {}, 'w:gridBefore') ?? {}, '@w:val') ?? 0);
    for (const tc of children(tr)) {
      if (tag(tc) !== 'w:tc') continue;
      const span = Number(attr(child(child(tc, 'w:tcPr') ?? {}, 'w:gridSpan') ?? {}, '@w:val') ?? 1) || 1;
      const parts: string[] = [];
      walkWord(children(tc), { text: (s) => parts.push(s), brk: () => {} });
      const text = parts.join(' ').replace(/\s+/g, ' ').trim();
      if (text) lines.push({ x: at(col), y: top + row * ROW_POINTS, w: Math.max(1, at(col + span) - at(col) - 2), h: 8, text });
      col += span;
    }
    row++;
  }
  return lines;
}

/** A table is a title block when it has signature rows or the header of a table of changes. */
function isTitleBlock(lines: readonly PlacedLine[]): boolean {
  return lines.some((l) => isRoleLabel(l.text)) || lines.filter((l) => CHANGE_HEADER_CELL.test(l.text)).length >= 3;
}

/** Adds a table to `stamp` when it is a title block; a second one (a sheet's own and a copied one) goes below the first. */
function addTitleBlock(stamp: PlacedLine[], tbl: Node, keep: (l: PlacedLine) => boolean = () => true): void {
  const lines = tableLines(tbl, stamp.length ? Math.max(...stamp.map((l) => l.y)) + 10 * ROW_POINTS : 0);
  if (isTitleBlock(lines)) stamp.push(...lines.filter(keep));
}

/**
 * Pages of a .docx: Word's own page breaks when present, else slices of about one page of text; `stamps[i]` holds
 * the lines of the title blocks typed as tables on page i, or of the one in the headers and footers (without its
 * numbers), or nothing.
 */
export async function docxPages(path: string): Promise<{ pages: string[]; stamps: PlacedLine[][]; approximate: boolean; extra: string }> {
  const pages: string[] = [];
  const pageStamps: PlacedLine[][] = [];
  let current: string[] = [];
  let stamp: PlacedLine[] = [];
  const runningStamp: PlacedLine[] = [];
  let broke = false;
  let extra = '';
  await readZipParts(
    path,
    (n) => n === 'word/document.xml' || /^word\/(header|footer)\d*\.xml$/.test(n),
    (name, xml) => {
      const tree = parser.parse(xml) as Node[];
      if (name !== 'word/document.xml') {
        const parts: string[] = [];
        walkWord(tree, {
          text: (s) => parts.push(s),
          brk: () => parts.push('\n'),
          // a stamp in a header or footer stands on every page; its numbers are page fields whose values Word fills in
          // only when it lays the page out, so only its labels, roles and cipher are kept
          table: (tbl) => addTitleBlock(runningStamp, tbl, (l) => !/^\d+$/.test(l.text)),
        });
        extra += `${parts.join('')}\n`;
        return;
      }
      walkWord(tree, {
        text: (s) => current.push(s),
        brk: () => {
          const text = current.join('');
          if (text.trim()) {
            pages.push(text);
            pageStamps.push(stamp);
            broke = true;
          }
          current = [];
          stamp = [];
        },
        table: (tbl) => addTitleBlock(stamp, tbl),
      });
    },
  );
  const last = current.join('');
  if (last.trim() || pages.length === 0) {
    pages.push(last);
    pageStamps.push(stamp);
  }
  const out: string[] = [];
  const stamps: PlacedLine[][] = [];
  for (const [i, p] of pages.entries()) {
    if (p.length <= PSEUDO_PAGE_CHARS * 1.5) {
      out.push(p);
      stamps.push(pageStamps[i]!);
      continue;
    }
    // a page far longer than a sheet means Word recorded no break there: cut at paragraph ends
    let rest = p;
    while (rest.length > PSEUDO_PAGE_CHARS * 1.5) {
      let cut = rest.lastIndexOf('\n', PSEUDO_PAGE_CHARS);
      if (cut < PSEUDO_PAGE_CHARS / 2) cut = PSEUDO_PAGE_CHARS;
      out.push(rest.slice(0, cut));
      stamps.push([]);
      rest = rest.slice(cut);
    }
    // the title block closes the sheet: it belongs to the last slice
    out.push(rest);
    stamps.push(pageStamps[i]!);
  }
  // pages without a stamp of their own carry the running one of the headers and footers
  if (runningStamp.length) for (const [i, st] of stamps.entries()) if (!st.length) stamps[i] = runningStamp;
  return { pages: out, stamps, approximate: !broke || out.length !== pages.length, extra };
}

/** Pages of a .xlsx: one per worksheet, rows as lines and cells separated by tabs. */
export async function xlsxPages(path: string): Promise<string[]> {
  const shared: string[] = [];
  const sheets: { n: number; text: string }[] = [];
  // sharedStrings.xml precedes the sheets in files written by Excel and LibreOffice; keep cell refs otherwise
  const pendingSheets: { n: number; xml: string }[] = [];
  await readZipParts(
    path,
    (n) => n === 'xl/sharedStrings.xml' || /^xl\/worksheets\/sheet\d+\.xml$/.test(n),
    (name, xml) => {
      if (name === 'xl/sharedStrings.xml') {
        for (const si of xml.split(/<si>|<si\s[^>]*>/).slice(1)) {
          const texts = [...si.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => decode(m[1] ?? ''));
          shared.push(texts.join(''));
        }
        return;
      }
      pendingSheets.push({ n: Number(/sheet(\d+)/.exec(name)?.[1] ?? 0), xml });
    },
  );
  for (const s of pendingSheets) sheets.push({ n: s.n, text: sheetText(s.xml, shared) });
  sheets.sort((a, b) => a.n - b.n);
  return sheets.map((s) => s.text);
}

function sheetText(xml: string, shared: string[]): string {
  const lines: string[] = [];
  for (const row of xml.split(/<row[\s>]/).slice(1)) {
    const cells: string[] = [];
    for (const m of row.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = m[1] ?? '';
      const body = m[2] ?? '';
      const type = /\bt="([^"]+)"/.exec(attrs)?.[1];
      if (type === 's') cells.push(shared[Number(/<v>([^<]*)<\/v>/.exec(body)?.[1])] ?? '');
      else if (type === 'inlineStr') cells.push([...body.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((x) => decode(x[1] ?? '')).join(''));
      else cells.push(decode(/<v>([^<]*)<\/v>/.exec(body)?.[1] ?? ''));
    }
    if (cells.some((c) => c.trim())) lines.push(cells.join('\t'));
  }
  return lines.join('\n');
}

function decode(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&');
}
