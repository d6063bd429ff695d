import type { ReferenceProblem, ResultWarning, ReviewOutcome } from '../domain/result.ts';
import { loadConfig } from '../config.ts';
import { CHECKS } from './checks/index.ts';
import { setCipherBase } from './checks/consistency-cipher.ts';
import type { CheckContext, DraftFinding, DraftQuestion } from './checks/types.ts';
import { streamDocument } from './extract/index.ts';
import { PdfReader } from './extract/pdf-reader.ts';
import { DocCollector } from './facts/collector.ts';
import type { DocFacts } from './facts/types.ts';
import { finalizeFindings, finalizeQuestions } from './finalize.ts';
import type { ReviewInput, ReviewProgress } from './types.ts';

export interface ReviewOptions {
  /** Per-request reading timeout of one document (default DOCUMENT_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Recognise pages without a text layer when tesseract is installed (default true). */
  ocr?: boolean;
  /** Called with the reader process's peak memory after the review (benchmarks). */
  onReaderStats?: (s: { childMaxRssKb: number }) => void;
}

/**
 * Reads every document of the set one page at a time (keeping only facts), runs the checks and returns
 * the findings in report order with final numbers and identifiers.
 */
export async function reviewSet(input: ReviewInput, onProgress?: (p: ReviewProgress) => void, options: ReviewOptions = {}): Promise<ReviewOutcome> {
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? loadConfig().documentTimeoutMs;
  const warnings: ResultWarning[] = [];
  const docs: DocFacts[] = [];
  const estimate = input.documents.map((d) => Math.max(1, d.pages ?? 1));
  let pagesDone = 0;
  let chars = 0;
  let ocrPages = 0;
  let nextPage = 1;
  const reader = new PdfReader();
  try {
    for (const [i, doc] of [...input.documents].sort((a, b) => a.index - b.index).entries()) {
      const collector = new DocCollector(doc, doc.pageFrom ?? nextPage);
      const res = await streamDocument(doc, { workDir: input.workDir, timeoutMs, ocr: options.ocr ?? true }, reader, (page) => {
        collector.addPage(page);
        pagesDone++;
        chars += page.text.length;
        const total = estimate.reduce((s, n, j) => s + (j === i ? Math.max(n, page.docPage) : n), 0);
        onProgress?.({ pagesDone, pagesTotal: Math.max(total, pagesDone) });
      });
      const facts = collector.finish(res.pagesTotal, res.xml);
      estimate[i] = Math.max(1, facts.pagesTotal);
      nextPage = facts.pageFrom + Math.max(1, facts.pagesTotal);
      warnings.push(...res.warnings);
      ocrPages += res.ocrPages;
      docs.push(facts);
    }
  } finally {
    await reader.close();
    options.onReaderStats?.({ childMaxRssKb: reader.lastChildMaxRssKb });
  }

  const xmlDoc = docs.find((d) => d.xml);
  const ctx: CheckContext = {
    input,
    docs,
    xml: xmlDoc ? { doc: xmlDoc, facts: xmlDoc.xml! } : null,
    setBase: setCipherBase(docs),
  };
  const drafts: DraftFinding[] = [];
  const questions: DraftQuestion[] = [];
  const problems: ReferenceProblem[] = [];
  for (const check of CHECKS) {
    const out = check.run(ctx);
    // context documents are read for cross-checks only: nothing is reported on them
    drafts.push(...(out.findings ?? []).filter((f) => !f.about || f.about.doc.role === 'review'));
    questions.push(...(out.questions ?? []));
    problems.push(...(out.referenceProblems ?? []));
    warnings.push(...(out.warnings ?? []));
  }
  const order = new Map(CHECKS.map((c, i) => [c.id, i]));
  return {
    findings: finalizeFindings(drafts, (id) => order.get(id) ?? CHECKS.length),
    questions: finalizeQuestions(questions),
    warnings,
    reference_problems: problems,
    usage: { pages_read: pagesDone, characters_read: chars, ocr_pages: ocrPages, seconds: Math.round((Date.now() - started) / 100) / 10 },
  };
}
