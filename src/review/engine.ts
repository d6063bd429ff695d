import type { ReferenceProblem, ResultWarning, ReviewOutcome } from '../kernel/result.ts';
import { CHECKS } from './checks/index.ts';
import { setCipherBase } from './set/cipher-base.ts';
import type { CheckContext, DraftFinding, DraftQuestion } from './checks/types.ts';
import { crc32File, md5File } from './extract/crc32.ts';
import { streamDocument, type StreamResult } from './extract/index.ts';
import { ocrAvailable } from './extract/ocr.ts';
import { acquireReader, announcePdfs, releaseReader, type PdfReader } from './extract/pdf-reader.ts';
import { DocCollector } from './facts/collector.ts';
import { dealDocuments } from './lanes.ts';
import { deriveSetModel, settleSections } from './set/derive.ts';
import { establishObject } from './set/object-identity.ts';
import { publishSetModel, setModelWarning } from './set/summary.ts';
import type { DocFacts } from './facts/types.ts';
import { finalizeFindings, finalizeQuestions } from './finalize.ts';
import { contentMaps } from './content/index.ts';
import { publishContentMaps } from './content/publish.ts';
import type { ReadingSettings, ReviewInput, ReviewProgress } from './types.ts';
import { mkdir, stat } from 'node:fs/promises';

export interface ReviewOptions extends ReadingSettings {
  /** Recognise pages without a text layer when tesseract is installed (default true). */
  ocr?: boolean;
  /** Called with the reader processes' peak memory after the review (benchmarks). */
  onReaderStats?: (s: { childMaxRssKb: number }) => void;
}

/**
 * Reads every document of the set one page at a time, keeping only facts (two readers at once, each with its own
 * share of the documents), runs the checks and returns the findings in report order with final numbers and ids.
 */
export async function reviewSet(input: ReviewInput, onProgress: ((p: ReviewProgress) => void) | undefined, options: ReviewOptions): Promise<ReviewOutcome> {
  return checkSet(input, await readSet(input, onProgress, options));
}

/** What reading a set gave: the facts per document (in document order), reading warnings and usage. */
export interface ReadSet {
  docs: DocFacts[];
  warnings: ResultWarning[];
  usage: Omit<ReviewOutcome['usage'], 'seconds'>;
  /** When reading started (Date.now()): usage.seconds covers reading and checks. */
  startedAt: number;
  /** Documents of which not one page could be read, in document order: a set of only these is not reviewable. */
  unread: UnreadDocument[];
}

/** A document that gave no page: why, in Russian for the user, and in the reader's own words for the logs. */
export interface UnreadDocument {
  index: number;
  name: string;
  reason: string;
  detail: string;
}

/** Reads every document of the set one page at a time, keeping only facts (the first half of reviewSet). */
export async function readSet(input: ReviewInput, onProgress: ((p: ReviewProgress) => void) | undefined, options: ReviewOptions): Promise<ReadSet> {
  const started = Date.now();
  // the optional tools are asked for once per process, together, before anything waits for them
  void ocrAvailable(options.tesseractBin);
  // OCR renders pages into the scratch directory; the caller names it but may not have created it
  await mkdir(input.workDir, { recursive: true });
  const { timeoutMs } = options;
  const ordered = [...input.documents].sort((a, b) => a.index - b.index);
  const estimate = ordered.map((d) => Math.max(1, d.pages ?? 1));
  const read: { facts: DocFacts; warnings: ResultWarning[]; pagesRead: number; failure: StreamResult['failure'] }[] = new Array(ordered.length);
  let pagesDone = 0;
  let chars = 0;
  let ocrPages = 0;
  const readerCount = Math.max(1, Math.min(options.readers, ordered.length));
  const readers = await Promise.all(Array.from({ length: readerCount }, () => acquireReader(options.pdfReader)));
  const forget = await announcePdfs(
    ordered.flatMap((d) => (d.pdfPath ? [d.pdfPath] : [])),
    timeoutMs,
    options.pdfReader,
  );
  if (ordered.some((d) => d.pdfPath)) for (const r of readers) r.warm();
  // each reader is dealt its documents ahead, about as many pages as the others; a document is read page by page
  const lanes = dealDocuments(estimate, readerCount);
  const work = async (reader: PdfReader, lane: number[]) => {
    reader.plan(lane.flatMap((i) => (ordered[i]!.pdfPath ? [ordered[i]!.pdfPath!] : [])));
    for (const i of lane) {
      const doc = ordered[i]!;
      const collector = new DocCollector(doc, 0);
      let pagesRead = 0;
      const res = await streamDocument(
        doc,
        { workDir: input.workDir, timeoutMs, tesseractBin: options.tesseractBin, xsdDir: options.xsdDir, ocr: options.ocr ?? true },
        reader,
        (page) => {
          collector.addPage(page);
          pagesRead++;
          pagesDone++;
          chars += page.text.length;
          estimate[i] = Math.max(estimate[i]!, page.docPage);
          onProgress?.({
            pagesDone,
            pagesTotal: Math.max(
              estimate.reduce((a, b) => a + b, 0),
              pagesDone,
            ),
          });
        },
      );
      ocrPages += res.ocrPages;
      const facts = collector.finish(res.pagesTotal, res.xml);
      if (res.schema) facts.schema = res.schema;
      if (res.assignment) facts.assignmentXml = res.assignment;
      read[i] = { facts, warnings: res.warnings, pagesRead, failure: res.failure };
    }
  };
  try {
    await Promise.all(readers.map((r, k) => work(r, lanes[k]!)));
  } finally {
    forget();
    if (options.onReaderStats) {
      // The readers' peak memory is reported when they close, so a measured review does not keep them warm.
      await Promise.all(readers.map((r) => r.close()));
      options.onReaderStats({ childMaxRssKb: Math.max(...readers.map((r) => r.lastChildMaxRssKb)) });
    } else {
      await Promise.all(readers.map((r) => releaseReader(r)));
    }
  }
  const warnings: ResultWarning[] = [];
  const docs: DocFacts[] = [];
  const unread: UnreadDocument[] = [];
  let nextPage = 1;
  for (const [i, r] of read.entries()) {
    if (r.pagesRead === 0) {
      const doc = ordered[i]!;
      unread.push({
        index: doc.index,
        name: doc.name,
        reason: r.failure?.reason ?? 'ни одна страница не прочитана',
        detail: r.failure?.detail ?? 'no page read',
      });
    }
    // running pages: the preparation stage's numbering, else continued from the previous document
    r.facts.pageFrom = r.facts.doc.pageFrom ?? nextPage;
    nextPage = r.facts.pageFrom + Math.max(1, r.facts.pagesTotal);
    warnings.push(...r.warnings);
    docs.push(r.facts);
  }

  // checksums are compared with the XML note's FileChecksum list and with ИУЛ; without either nobody reads them
  const iuls = docs.filter((d) => d.iul);
  if (docs.some((d) => d.xml) || iuls.length)
    await Promise.all(
      docs.map(async (d) => {
        d.crc32 = await crc32File(d.doc.path).catch(() => null);
        if (!iuls.length) return;
        d.fileBytes = await stat(d.doc.path).then(
          (s) => s.size,
          () => null,
        );
        if (iuls.some((i) => i.iul!.algorithm === 'MD5')) d.md5 = await md5File(d.doc.path).catch(() => null);
      }),
    );
  return {
    docs,
    warnings,
    usage: { pages_read: pagesDone, characters_read: chars, ocr_pages: ocrPages },
    startedAt: started,
    unread,
  };
}

/** Runs every check over a read set (the second half of reviewSet): the outcome with reading warnings first. */
export function checkSet(input: ReviewInput, read: ReadSet): ReviewOutcome {
  const checked = runChecks(input, read.docs);
  return {
    ...checked,
    warnings: [...read.warnings, ...checked.warnings],
    usage: { ...read.usage, seconds: Math.round((Date.now() - read.startedAt) / 100) / 10 },
  };
}

/** What the checks see of a read set: the set model with its object and the volumes' content maps, derived once. */
export function checkContext(input: ReviewInput, docs: DocFacts[]): CheckContext {
  const xmlDoc = docs.find((d) => d.xml);
  const setBase = setCipherBase(docs);
  const set = deriveSetModel(docs, input, setBase);
  settleSections(docs, set);
  set.object = establishObject(docs, set.documents, input.objectAddress, setBase);
  return { input, docs, xml: xmlDoc ? { doc: xmlDoc, facts: xmlDoc.xml! } : null, setBase, set, contentMaps: contentMaps(docs, set) };
}

/** Runs every check over the facts of a read set: findings in report order with final numbers and ids. */
export function runChecks(input: ReviewInput, docs: DocFacts[]): Omit<ReviewOutcome, 'usage'> {
  const ctx = checkContext(input, docs);
  const drafts: DraftFinding[] = [];
  const questions: DraftQuestion[] = [];
  const problems: ReferenceProblem[] = [];
  const warnings: ResultWarning[] = [setModelWarning(ctx.set)];
  for (const check of CHECKS) {
    const out = check.run(ctx);
    drafts.push(...(out.findings ?? []));
    questions.push(...(out.questions ?? []));
    problems.push(...(out.referenceProblems ?? []));
    warnings.push(...(out.warnings ?? []));
  }
  const order = new Map<string, number>(CHECKS.map((c, i) => [c.id, i]));
  const raised = new Map<string, { kind: 'question' | 'finding'; id: string }>();
  const findings = finalizeFindings(
    drafts,
    (id) => order.get(id) ?? CHECKS.length,
    (key, id) => raised.set(key, { kind: 'finding', id }),
  );
  return {
    findings,
    questions: finalizeQuestions(questions, (key, id) => raised.set(key, { kind: 'question', id })),
    warnings,
    reference_problems: problems,
    object_name: ctx.set.object?.name?.value ?? null,
    set: publishSetModel(ctx.set),
    content_map: publishContentMaps(ctx.contentMaps, docs, raised),
  };
}
