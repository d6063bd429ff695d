/**
 * Which sheets of a corrected volume changed since the previous round: both editions read again, page by page
 * (their PDFs, OCR off), each page with a sheet number in its title block reduced to a digest of its text, and the
 * sheets compared by their numbers — the same text «unchanged», another «changed», a number only in the new edition
 * «added», only in the old «removed». Only volumes the round found corrected are read (an unchanged one is the same
 * file; an added one has nothing to compare with), and only in the next round of a bundle, so a first round costs
 * nothing. What cannot be read — the previous run's documents deleted, a PDF the reader refuses — gives no sheets,
 * and the answer loop then says only whether the sheet exists.
 */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { RevisionDocument, RevisionSheets } from '../../kernel/result.ts';
import type { RunDocument } from '../../kernel/model/runs.ts';
import type { ReviewDocument } from '../../review/types.ts';
import { streamDocument } from '../../review/extract/index.ts';
import { acquireReader, releaseReader } from '../../review/extract/pdf-reader.ts';
import { StampReader } from '../../review/facts/stamp.ts';
import { readingSettingsOf } from '../../config.ts';
import { documentsOf } from '../../store/repositories/runs.ts';
import type { RunJob } from '../run-job.ts';

/** What reading a PDF again needs of the configuration (readingSettingsOf). */
type ReadSettings = Pick<ReturnType<typeof readingSettingsOf>, 'pdfReader' | 'timeoutMs' | 'tesseractBin' | 'xsdDir'>;

/** sheet label («3», «3.1») → digest of the page's text with white space evened out. */
export type SheetDigests = Map<string, string>;

/** The digest of a page's text: white space and case evened out, so a re-export that only re-flows it is the same. */
export function pageDigest(text: string): string {
  return createHash('sha256').update(text.replace(/\s+/g, ' ').trim().toLowerCase()).digest('hex');
}

/** The sheets of two editions compared by their numbers (sorted as sheets are: 2 before 10, 3 before 3.1). */
export function compareSheets(previous: SheetDigests, current: SheetDigests): RevisionSheets {
  const order = (a: string, b: string) => {
    const [ai, af = '0'] = a.split('.');
    const [bi, bf = '0'] = b.split('.');
    return Number(ai) - Number(bi) || Number(af) - Number(bf);
  };
  const out: RevisionSheets = { changed: [], unchanged: [], added: [], removed: [] };
  for (const [sheet, digest] of current) {
    const before = previous.get(sheet);
    if (before === undefined) out.added.push(sheet);
    else (before === digest ? out.unchanged : out.changed).push(sheet);
  }
  for (const sheet of previous.keys()) if (!current.has(sheet)) out.removed.push(sheet);
  for (const list of Object.values(out)) list.sort(order);
  return out;
}

/** Reads a PDF's pages and digests every page whose title block gives a sheet number (the first page of a number wins). */
export async function sheetDigests(path: string, index: number, settings: ReadSettings, workDir: string): Promise<SheetDigests | null> {
  const doc: ReviewDocument = { index, name: '', kind: null, role: 'review', format: 'pdf', path, pdfPath: path, pages: null, pageFrom: null };
  const stamps = new StampReader();
  const digests: SheetDigests = new Map();
  const reader = await acquireReader(settings.pdfReader);
  try {
    const res = await streamDocument(
      doc,
      { workDir, timeoutMs: settings.timeoutMs, tesseractBin: settings.tesseractBin, xsdDir: settings.xsdDir, ocr: false },
      reader,
      (page) => {
        if (!page.stampLines?.length) return;
        const st = stamps.read(page.stampLines, page.docPage);
        if (st.changePermission || st.sheet === null) return;
        const label = st.sheetInsert ? `${st.sheet}.${st.sheetInsert}` : String(st.sheet);
        if (!digests.has(label)) digests.set(label, pageDigest(page.text));
      },
    );
    return res.failure ? null : digests;
  } catch {
    return null;
  } finally {
    await releaseReader(reader);
  }
}

/** The previous run's rendition of a document to read: its converted PDF, else the original when it is a PDF. */
function pdfKeyOf(d: RunDocument): string | null {
  return d.pdfBlobKey ?? (d.format === 'pdf' ? d.blobKey : null);
}

/** The round's documents with the sheets of every corrected volume compared, where both editions could be read. */
export async function withSheetChanges(job: RunJob, previousRunId: string, documents: readonly RevisionDocument[]): Promise<RevisionDocument[]> {
  const corrected = documents.filter((d) => d.status === 'corrected' && d.previous_doc_index !== undefined);
  if (!corrected.length) return [...documents];
  const previousDocs = await documentsOf(job.ctx.store.db, previousRunId);
  const dir = join(job.workDir, 'previous-round');
  await mkdir(dir, { recursive: true });
  const sheets = new Map<number, RevisionSheets>();
  for (const d of corrected) {
    if (job.ctx.signal.aborted) break;
    const current = job.prepared.find((p) => p.document.idx === d.doc_index)?.pdfPath;
    const before = previousDocs.find((p) => p.idx === d.previous_doc_index);
    const key = before ? pdfKeyOf(before) : null;
    if (!current || !key) continue;
    const local = join(dir, `${d.previous_doc_index}.pdf`);
    const fetched = await job.ctx.blobs.getToFile(key, local).then(
      () => true,
      () => false,
    );
    if (!fetched) continue;
    const settings = readingSettingsOf(job.ctx.config);
    const was = await sheetDigests(local, d.previous_doc_index!, settings, join(job.workDir, 'sheets'));
    const now = await sheetDigests(current, d.doc_index, settings, join(job.workDir, 'sheets'));
    if (was?.size && now?.size) sheets.set(d.doc_index, compareSheets(was, now));
  }
  return documents.map((d) => (sheets.has(d.doc_index) ? { ...d, sheets: sheets.get(d.doc_index)! } : d));
}
