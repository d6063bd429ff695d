import { XMLParser } from 'fast-xml-parser';
import { readZipParts } from '../../ingest/zip-parts.ts';

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

/** Walks a WordprocessingML body, calling onText for text and onBreak where Word breaks the page. */
function walkWord(nodes: Node[], out: { text: (s: string) => void; brk: () => void }): void {
  for (const n of nodes) {
    const t = tag(n);
    if (t === '#text') { continue; }
    if (t === 'w:t') {
      for (const c of children(n)) if ('#text' in c) out.text(String(c['#text']));
      continue;
    }
    if (t === 'w:tab') { out.text('\t'); continue; }
    if (t === 'w:br') { if (attr(n, '@w:type') === 'page') out.brk(); else out.text('\n'); continue; }
    if (t === 'w:lastRenderedPageBreak') { out.brk(); continue; }
    if (t === 'w:tc') { walkWord(children(n), out); out.text('\t'); continue; }
    walkWord(children(n), out);
    if (t === 'w:p') out.text('\n');
    if (t === 'w:sectPr') out.brk();
  }
}

/** Pages of a .docx: Word's own page breaks when present, else slices of about one page of text. */
export async function docxPages(path: string): Promise<{ pages: string[]; approximate: boolean; extra: string }> {
  const pages: string[] = [];
  let current: string[] = [];
  let broke = false;
  let extra = '';
  await readZipParts(path, (n) => n === 'word/document.xml' || /^word\/(header|footer)\d*\.xml$/.test(n), (name, xml) => {
    const tree = parser.parse(xml) as Node[];
    if (name !== 'word/document.xml') {
      const parts: string[] = [];
      walkWord(tree, { text: (s) => parts.push(s), brk: () => parts.push('\n') });
      extra += parts.join('') + '\n';
      return;
    }
    walkWord(tree, {
      text: (s) => current.push(s),
      brk: () => {
        const text = current.join('');
        if (text.trim()) { pages.push(text); broke = true; }
        current = [];
      },
    });
  });
  const last = current.join('');
  if (last.trim() || pages.length === 0) pages.push(last);
  const out: string[] = [];
  for (const p of pages) {
    if (p.length <= PSEUDO_PAGE_CHARS * 1.5) { out.push(p); continue; }
    // a page far longer than a sheet means Word recorded no break there: cut at paragraph ends
    let rest = p;
    while (rest.length > PSEUDO_PAGE_CHARS * 1.5) {
      let cut = rest.lastIndexOf('\n', PSEUDO_PAGE_CHARS);
      if (cut < PSEUDO_PAGE_CHARS / 2) cut = PSEUDO_PAGE_CHARS;
      out.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    out.push(rest);
  }
  return { pages: out, approximate: !broke || out.length !== pages.length, extra };
}

/** Pages of a .xlsx: one per worksheet, rows as lines and cells separated by tabs. */
export async function xlsxPages(path: string): Promise<string[]> {
  const shared: string[] = [];
  const sheets: { n: number; text: string }[] = [];
  // sharedStrings.xml precedes the sheets in files written by Excel and LibreOffice; keep cell refs otherwise
  const pendingSheets: { n: number; xml: string }[] = [];
  await readZipParts(path, (n) => n === 'xl/sharedStrings.xml' || /^xl\/worksheets\/sheet\d+\.xml$/.test(n), (name, xml) => {
    if (name === 'xl/sharedStrings.xml') {
      for (const si of xml.split(/<si>|<si\s[^>]*>/).slice(1)) {
        const texts = [...si.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => decode(m[1] ?? ''));
        shared.push(texts.join(''));
      }
      return;
    }
    pendingSheets.push({ n: Number(/sheet(\d+)/.exec(name)?.[1] ?? 0), xml });
  });
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
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&amp;/g, '&');
}
