/** Matching of findings and questions to planted defects; recall and false positives per check id. */
import type { Finding, ReviewOutcome } from '../../src/kernel/result.ts';
import type { ReviewInput } from '../../src/review/types.ts';
import { CHECK_IDS, type CheckId, type PlantedDefect } from '../generator/types.ts';

export interface ReviewedSet {
  id: string;
  clean: boolean;
  hasXml: boolean;
  planted: PlantedDefect[];
  input: ReviewInput;
  outcome: ReviewOutcome;
}

export interface Miss {
  set: string;
  doc: string;
  page: number | null;
  detail: string;
  /** The check fired in the set, but not on the planted place. */
  firedElsewhere: boolean;
}

export interface FalsePositive {
  set: string;
  check: string;
  section: string;
  pages: number[];
  essence: string;
}

export interface CheckRow {
  check: string;
  planted: number;
  detected: number;
  recall: number;
  /** Findings of the check on clean sets and on sets where nothing of it (or of a related kind) was planted. */
  falsePositives: number;
  misses: Miss[];
}

export interface QualityReport {
  sets: number;
  cleanSets: number;
  findingsOnCleanSets: number;
  questionsOnCleanSets: number;
  rows: CheckRow[];
  falsePositives: FalsePositive[];
}

/** A defect of one kind may make another check fire legitimately (the same wrong fact seen from elsewhere). */
const XML_VISIBLE: CheckId[] = [
  'consistency.address',
  'consistency.cadastral_number',
  'consistency.cipher',
  'consistency.area',
  'consistency.building_volume',
  'consistency.storeys',
  'consistency.apartments',
];

function explainedBy(check: string, planted: PlantedDefect[], hasXml: boolean): boolean {
  return planted.some((d) => {
    if (d.kind === check) return true;
    if (hasXml && check === 'xml.explanatory_note_mismatch' && (XML_VISIBLE.includes(d.kind) || d.kind === 'completeness.missing_section')) return true;
    if (d.kind === 'xml.explanatory_note_mismatch' && XML_VISIBLE.includes(check as CheckId)) return true;
    // Cross-references name a volume by its intended cipher: a volume printed with another one leaves them dangling.
    if (d.kind === 'consistency.cipher' && check === 'references.missing_target') return true;
    // A volume printed with a РД cipher has another cipher base than the set, and references to its ПД cipher dangle;
    // the XML note lists the volume under its ПД cipher, so its DocNumber no longer matches the volume.
    if (d.kind === 'stamps.stage_mismatch' && (check === 'consistency.cipher' || check === 'references.missing_target')) return true;
    if (hasXml && d.kind === 'stamps.stage_mismatch' && check === 'xml.explanatory_note_mismatch') return true;
    return false;
  });
}

function docPages(f: Finding, input: ReviewInput, docIndex: number): number[] {
  const out = f.page_refs.filter((r) => r.doc_index === docIndex).map((r) => r.doc_page);
  const doc = input.documents.find((d) => d.index === docIndex);
  if (doc?.pageFrom) {
    for (const p of f.pages) if (doc.pages && p >= doc.pageFrom && p < doc.pageFrom + doc.pages) out.push(p - doc.pageFrom + 1);
  }
  for (const s of f.sources) if (s.type === 'document' && s.doc_index === docIndex && s.page !== undefined) out.push(s.page);
  return out;
}

function refersToDoc(f: Finding, docIndex: number): boolean {
  return f.page_refs.some((r) => r.doc_index === docIndex) || f.sources.some((s) => s.doc_index === docIndex);
}

/** The content map's item of a planted content item, in the volume that carries it. */
function contentItemOf(d: PlantedDefect, r: ReviewedSet) {
  const doc = r.input.documents.find((x) => x.name === d.docName);
  return r.outcome.content_map?.find((v) => v.doc_index === doc?.index)?.items.find((i) => i.id === d.contentItem?.id);
}

/** Ids of the questions raised by planted content items and by plants that raise a question: they answer a plant, not a request. */
function plantedContentQuestions(r: ReviewedSet): Set<string> {
  const ids = new Set<string>();
  for (const d of r.planted) {
    const raised = d.contentItem ? contentItemOf(d, r)?.raised : undefined;
    if (raised?.kind === 'question') ids.add(raised.id);
    for (const id of questionsOf(d, r)) ids.add(id);
  }
  return ids;
}

/** The questions that answer a plant raising a question on its page (a cadastral number with two digits transposed). */
function questionsOf(d: PlantedDefect, r: ReviewedSet): string[] {
  const doc = r.input.documents.find((x) => x.name === d.docName);
  if (!d.question || !doc?.pageFrom || d.page === null) return [];
  const wanted = [d.page, ...(d.altPages ?? [])].map((p) => p + doc.pageFrom! - 1);
  return r.outcome.questions.filter((q) => q.pages.some((p) => wanted.includes(p))).map((q) => q.question_id);
}

export function detected(d: PlantedDefect, r: ReviewedSet): boolean {
  if (d.kind === 'request.unanswerable') return r.outcome.questions.length > 0;
  if (d.question) return questionsOf(d, r).length > 0;
  // an item taken out: its place in the content map is not found, raised as the plant expects (a question or a finding)
  if (d.contentItem) {
    const item = contentItemOf(d, r);
    const raised = item?.status === 'not_found' ? item.raised : null;
    if (!raised || raised.kind !== d.contentItem.raised) return false;
    return raised.kind === 'question' || r.outcome.findings.some((f) => f.finding_id === raised.id && f.importance === 'significant');
  }
  const mine = r.outcome.findings.filter((f) => f.check_id === d.kind && (!d.importance || f.importance === d.importance));
  if (d.docName === '') {
    if (d.kind === 'completeness.missing_section' && d.section) {
      const code = d.section;
      // one finding names every missing section: the code must stand in its essence as a code of its own
      const named = new RegExp(`(?<![А-ЯЁA-Z\\d])${code}(?![А-ЯЁA-Z\\d])`);
      return mine.some((f) => f.section === code || named.test(f.essence));
    }
    return mine.length > 0;
  }
  const doc = r.input.documents.find((x) => x.name === d.docName);
  if (!doc) throw new Error(`${r.id}: ${d.docName} not in the input`);
  if (d.page === null) return mine.some((f) => refersToDoc(f, doc.index));
  const wanted = [d.page, ...(d.altPages ?? [])];
  return mine.some((f) => docPages(f, r.input, doc.index).some((p) => wanted.includes(p)));
}

export function measure(runs: ReviewedSet[]): QualityReport {
  const rows: CheckRow[] = CHECK_IDS.map((check) => ({ check, planted: 0, detected: 0, recall: 0, falsePositives: 0, misses: [] }));
  const row = (c: string): CheckRow | undefined => rows.find((x) => x.check === c);
  const fps: FalsePositive[] = [];
  let findingsOnClean = 0;
  let questionsOnClean = 0;
  for (const r of runs) {
    for (const d of r.planted) {
      const rw = row(d.kind) as CheckRow;
      rw.planted++;
      if (detected(d, r)) rw.detected++;
      else {
        const fired = d.kind === 'request.unanswerable' ? false : r.outcome.findings.some((f) => f.check_id === d.kind);
        rw.misses.push({ set: r.id, doc: d.docName, page: d.page, detail: d.detail, firedElsewhere: fired });
      }
    }
    if (r.clean) {
      findingsOnClean += r.outcome.findings.length;
      questionsOnClean += r.outcome.questions.length;
    }
    for (const f of r.outcome.findings) {
      if (r.clean || !explainedBy(f.check_id, r.planted, r.hasXml)) {
        const rw = row(f.check_id);
        if (rw) rw.falsePositives++;
        fps.push({ set: r.id, check: f.check_id, section: f.section, pages: f.pages, essence: f.essence });
      }
    }
    if (!r.planted.some((d) => d.kind === 'request.unanswerable')) {
      const planted = plantedContentQuestions(r);
      // a question raised by a content item is the content check's (a false positive of it where nothing was planted)
      const contentRaised = new Set((r.outcome.content_map ?? []).flatMap((v) => v.items.flatMap((i) => (i.raised?.kind === 'question' ? [i.raised.id] : []))));
      for (const q of r.outcome.questions) {
        if (planted.has(q.question_id)) continue;
        if (contentRaised.has(q.question_id)) {
          (row('content.items_missing') as CheckRow).falsePositives++;
          fps.push({ set: r.id, check: 'content.items_missing (question)', section: q.section, pages: q.pages, essence: q.text });
          continue;
        }
        (row('request.unanswerable') as CheckRow).falsePositives++;
        fps.push({ set: r.id, check: 'request.unanswerable (question)', section: q.section, pages: q.pages, essence: q.text });
      }
    }
  }
  for (const rw of rows) rw.recall = rw.planted ? Math.round((rw.detected / rw.planted) * 1000) / 1000 : 0;
  return {
    sets: runs.length,
    cleanSets: runs.filter((r) => r.clean).length,
    findingsOnCleanSets: findingsOnClean,
    questionsOnCleanSets: questionsOnClean,
    rows,
    falsePositives: fps,
  };
}

export function formatReport(q: QualityReport): string {
  const lines = [
    `sets: ${q.sets} (clean: ${q.cleanSets}); findings on clean sets: ${q.findingsOnCleanSets}; questions on clean sets: ${q.questionsOnCleanSets}`,
    '| check | planted | detected | recall | false positives |',
    '|---|---|---|---|---|',
    ...q.rows.map((r) => `| ${r.check} | ${r.planted} | ${r.detected} | ${r.recall.toFixed(2)} | ${r.falsePositives} |`),
  ];
  const misses = q.rows.flatMap((r) =>
    r.misses.map(
      (m) =>
        `  miss ${r.check} [${m.set}] ${m.doc || '(set)'}${m.page ? ` p.${m.page}` : ''}: ${m.detail}${m.firedElsewhere ? ' (check fired elsewhere)' : ''}`,
    ),
  );
  const fps = q.falsePositives.map((f) => `  FP ${f.check} [${f.set}] ${f.section} pp.${f.pages.join(',')}: ${f.essence}`);
  return [...lines, ...misses, ...fps].join('\n');
}
