import { stat } from 'node:fs/promises';
import { readZipPart } from './zip-parts.ts';
import { CompoundFile, summaryPageCount } from './cfb.ts';
import type { DocFormat } from './types.ts';

export interface PageEstimate {
  pages: number;
  /** true when the number comes from the document's own metadata, false when guessed from the size. */
  fromMetadata: boolean;
}

/** Rough sizes per page for documents without usable metadata (typical ПД text with a few tables). */
const BYTES_PER_PAGE: Partial<Record<DocFormat, number>> = { docx: 25_000, doc: 40_000, xlsx: 20_000, xls: 60_000 };

/** Page count of a Word/Excel document without converting it: metadata when present, else an estimate by size. */
export async function estimateOfficePages(path: string, format: DocFormat): Promise<PageEstimate> {
  let fromMeta: number | null = null;
  try {
    if (format === 'docx') fromMeta = intOf(/<(?:\w+:)?Pages>\s*(\d+)\s*</.exec(await readZipPart(path, 'docProps/app.xml', META_PART))?.[1]);
    else if (format === 'xlsx') {
      const wb = await readZipPart(path, 'xl/workbook.xml', META_PART);
      const sheets = wb.match(/<(?:\w+:)?sheet\s/g)?.length ?? 0;
      fromMeta = sheets > 0 ? sheets : null;
    } else if (format === 'doc') {
      const cf = await CompoundFile.open(path);
      try {
        const si = await cf.readStream('\u0005SummaryInformation');
        fromMeta = si ? summaryPageCount(si) : null;
      } finally {
        await cf.close();
      }
    }
  } catch {
    // Broken metadata: fall through to the size estimate.
  }
  if (fromMeta !== null) return { pages: fromMeta, fromMetadata: true };
  const { size } = await stat(path);
  return { pages: Math.max(1, Math.round(size / (BYTES_PER_PAGE[format] ?? 40_000))), fromMetadata: false };
}

/**
 * The names of an XLSX workbook's sheets, from its small xl/workbook.xml part — without reading the sheets (a set's
 * spreadsheets may be large); [] when the part is missing or unreadable.
 */
export async function xlsxSheetNames(path: string): Promise<string[]> {
  try {
    const wb = await readZipPart(path, 'xl/workbook.xml', META_PART);
    return [...wb.matchAll(/<(?:\w+:)?sheet\s[^>]*?\bname="([^"]*)"/g)].map((m) => decodeEntities(m[1]!));
  } catch {
    return [];
  }
}

const decodeEntities = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function intOf(s: string | undefined): number | null {
  const n = s === undefined ? NaN : Number(s);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** Metadata parts are small; a larger one is not metadata worth reading. */
const META_PART = { maxBytes: 4 * 1024 * 1024 };

const DOCX_HEAD_BYTES = 256 * 1024;
const TEXT_LIMIT = 8000;

/**
 * The opening text of a DOCX (its title page, as far as the first 256 KiB of word/document.xml go),
 * for the section classifier when no PDF is available; null when the part is missing or unreadable.
 */
export async function docxOpeningText(path: string): Promise<string | null> {
  try {
    const xml = await readZipPart(path, 'word/document.xml', { maxBytes: DOCX_HEAD_BYTES, truncate: true });
    if (!xml) return null;
    const text = xml
      .replace(/<w:(?:p|br|cr)\b[^>]*\/?>/g, '\n')
      .replace(/<w:tab\b[^>]*\/>/g, ' ')
      .replace(/<[^>]*>?/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\n\s*\n+/g, '\n')
      .trim();
    return text ? text.slice(0, TEXT_LIMIT) : null;
  } catch {
    return null;
  }
}
