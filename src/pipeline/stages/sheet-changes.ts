/**
 * Which sheets of a corrected volume changed since the previous round, and which norms a volume of the round cites:
 * both editions read again, page by page (their PDFs, OCR off), each page with a sheet number in its title block reduced
 * to a digest of its text, and the sheets compared by their numbers — the same text «unchanged», another «changed», a
 * number only in the new edition «added», only in the old «removed». The same reading gives the norms each edition cites,
 * found by the review's norm parser (review/norms/matcher.ts), with their pages and sheets: what the answer loop
 * (report/revision/norms.ts, which may not import the parser) checks an answer naming a replaced norm against. Only
 * volumes that came back are read — a corrected one in both editions; one that is the same file, in this one only and only
 * when a remark of the previous round is on it (an added one has no remark to answer) — and only in the next round of a
 * bundle, so a first round costs nothing. What cannot be read — the previous run's documents deleted, a PDF the reader
 * refuses — gives no sheets and no norms, and the answer loop then says only whether the sheet exists.
 */
import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { NormName, RevisionDocument, RevisionNormCitation, RevisionNorms, RevisionSheets } from '../../kernel/result.ts';
import type { RunDocument } from '../../kernel/model/runs.ts';
import type { ReviewDocument } from '../../review/types.ts';
import { streamDocument } from '../../review/extract/index.ts';
import { acquireReader, releaseReader } from '../../review/extract/pdf-reader.ts';
import { StampReader } from '../../review/facts/stamp.ts';
import { findNormRefs, lookupNorm, prepareForNorms, type NormRef } from '../../review/norms/matcher.ts';
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

/** Places kept of one norm's citations, and distinct norms of one volume. */
const MAX_PLACES = 10;
const MAX_NORMS = 300;

/** The norms one edition cites, by key and year, with the registry's replacement of each superseded one. */
export interface EditionNorms {
  cited: Map<string, RevisionNormCitation>;
  replacements: Map<string, NormName>;
}

/** What one reading of an edition gives: its sheets' digests and the norms it cites. */
export interface EditionReading {
  digests: SheetDigests;
  norms: EditionNorms;
}

const nameKey = (n: { key: string; year: number | null }) => `${n.key}|${n.year ?? ''}`;
const nameOf = (ref: NormRef): NormName => ({ designation: ref.raw.replace(/[\s*]+$/, ''), key: ref.key, year: ref.year });

/** Adds a page's norm citations to an edition's. */
function addNorms(norms: EditionNorms, text: string, page: number, sheet: string | null): void {
  for (const ref of findNormRefs(prepareForNorms(text))) {
    const k = nameKey(ref);
    let c = norms.cited.get(k);
    if (!c) {
      if (norms.cited.size >= MAX_NORMS) continue;
      norms.cited.set(k, (c = { ...nameOf(ref), places: [] }));
      // a superseded norm: what replaced it is what an answer names when it says the reference was replaced
      const entry = lookupNorm(ref);
      for (const r of entry?.replacement ? findNormRefs(prepareForNorms(entry.replacement)) : []) norms.replacements.set(nameKey(r), nameOf(r));
    }
    if (c.places.length < MAX_PLACES && !c.places.some((p) => p.page === page)) c.places.push({ page, ...(sheet !== null && { sheet }) });
  }
}

/**
 * Reads a PDF's pages: digests every page whose title block gives a sheet number (the first page of a number wins) and
 * collects the norms every page cites.
 */
export async function readEdition(path: string, index: number, settings: ReadSettings, workDir: string): Promise<EditionReading | null> {
  const doc: ReviewDocument = { index, name: '', kind: null, role: 'review', format: 'pdf', path, pdfPath: path, pages: null, pageFrom: null };
  const stamps = new StampReader();
  const digests: SheetDigests = new Map();
  const norms: EditionNorms = { cited: new Map(), replacements: new Map() };
  const reader = await acquireReader(settings.pdfReader);
  try {
    const res = await streamDocument(
      doc,
      { workDir, timeoutMs: settings.timeoutMs, tesseractBin: settings.tesseractBin, xsdDir: settings.xsdDir, ocr: false },
      reader,
      (page) => {
        let label: string | null = null;
        if (page.stampLines?.length) {
          const st = stamps.read(page.stampLines, page.docPage);
          if (!st.changePermission && st.sheet !== null) {
            label = st.sheetInsert ? `${st.sheet}.${st.sheetInsert}` : String(st.sheet);
            if (!digests.has(label)) digests.set(label, pageDigest(page.text));
          }
        }
        addNorms(norms, page.text, page.docPage, label);
      },
    );
    return res.failure ? null : { digests, norms };
  } catch {
    return null;
  } finally {
    await releaseReader(reader);
  }
}

/** A volume's norms for the answer loop: this edition's citations, the previous edition's that are gone, the replacements. */
export function revisionNorms(now: EditionNorms, before: EditionNorms | null): RevisionNorms {
  const cited = [...now.cited.values()];
  const dropped = before
    ? [...before.cited.values()].filter((c) => !now.cited.has(nameKey(c))).map(({ designation, key, year }) => ({ designation, key, year }))
    : [];
  const replacements = new Map([...now.replacements, ...(before?.replacements ?? [])]);
  return { cited, dropped, replacements: [...replacements.values()].filter((r) => !now.cited.has(nameKey(r))) };
}

/** The previous run's rendition of a document to read: its converted PDF, else the original when it is a PDF. */
function pdfKeyOf(d: RunDocument): string | null {
  return d.pdfBlobKey ?? (d.format === 'pdf' ? d.blobKey : null);
}

/**
 * The round's documents with the sheets of every corrected volume compared, where both editions could be read, and the
 * norms of every volume that came back with a remark of the previous round on it (`remarked`: this run's doc_index) or
 * corrected.
 */
export async function withSheetChanges(
  job: RunJob,
  previousRunId: string,
  documents: readonly RevisionDocument[],
  remarked: ReadonlySet<number> = new Set(),
): Promise<RevisionDocument[]> {
  const corrected = documents.filter((d) => d.status === 'corrected' && d.previous_doc_index !== undefined);
  const same = documents.filter((d) => d.status === 'unchanged' && remarked.has(d.doc_index));
  if (!corrected.length && !same.length) return [...documents];
  const previousDocs = await documentsOf(job.ctx.store.db, previousRunId);
  const dir = join(job.workDir, 'previous-round');
  await mkdir(dir, { recursive: true });
  const settings = readingSettingsOf(job.ctx.config);
  const sheets = new Map<number, RevisionSheets>();
  const norms = new Map<number, RevisionNorms>();
  const currentPdf = (d: RevisionDocument) => job.prepared.find((p) => p.document.idx === d.doc_index)?.pdfPath;
  for (const d of corrected) {
    if (job.ctx.signal.aborted) break;
    const current = currentPdf(d);
    const before = previousDocs.find((p) => p.idx === d.previous_doc_index);
    const key = before ? pdfKeyOf(before) : null;
    if (!current) continue;
    const local = join(dir, `${d.previous_doc_index}.pdf`);
    const fetched = key
      ? await job.ctx.blobs.getToFile(key, local).then(
          () => true,
          () => false,
        )
      : false;
    const was = fetched ? await readEdition(local, d.previous_doc_index!, settings, join(job.workDir, 'sheets')) : null;
    const now = await readEdition(current, d.doc_index, settings, join(job.workDir, 'sheets'));
    if (was?.digests.size && now?.digests.size) sheets.set(d.doc_index, compareSheets(was.digests, now.digests));
    if (now) norms.set(d.doc_index, revisionNorms(now.norms, was?.norms ?? null));
  }
  // the same file as last round: its norms are read once, from this run's copy
  for (const d of same) {
    if (job.ctx.signal.aborted) break;
    const current = currentPdf(d);
    const now = current ? await readEdition(current, d.doc_index, settings, join(job.workDir, 'sheets')) : null;
    if (now) norms.set(d.doc_index, revisionNorms(now.norms, null));
  }
  return documents.map((d) => ({
    ...d,
    ...(sheets.has(d.doc_index) && { sheets: sheets.get(d.doc_index)! }),
    ...(norms.has(d.doc_index) && { norms: norms.get(d.doc_index)! }),
  }));
}
