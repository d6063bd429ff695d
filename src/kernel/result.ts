/**
 * The published result of a review (GET /runs/{run_id}/findings) and the shapes shared by the
 * review engine, the report builders and the HTTP layer.
 */

export type Importance = 'critical' | 'significant' | 'minor';
export const IMPORTANCE_ORDER: readonly Importance[] = ['critical', 'significant', 'minor'];

export type Theme = 'engineering' | 'norms' | 'construction' | 'unassigned';
export const THEMES: readonly Theme[] = ['engineering', 'norms', 'construction', 'unassigned'];

/** A place in the set: running page and the page inside one document. */
export interface PageRef {
  page: number;
  in_docset: boolean;
  /** Section code of the document the page belongs to (or "" when unknown). */
  kind: string;
  doc_index: number;
  doc_page: number;
  /** Caption to print, e.g. «стр. 12 (док. 3 «24-017-КР.pdf», л. 4)». */
  label: string;
}

export interface FindingSource {
  /** "document" for a place in the set, "norm" for a normative document, "request" for the task. */
  type: 'document' | 'norm' | 'request' | 'profile';
  title: string;
  doc_index?: number;
  page?: number;
}

export interface Finding {
  n: number;
  finding_id: string;
  /** Status of the finding (not of the run): "open" when published. */
  status: string;
  importance: Importance;
  /** Documentation section code the finding belongs to (e.g. "КР"), or "ОБЩ" for the whole set. */
  section: string;
  essence: string;
  evidence_text: string;
  action: string;
  pages: number[];
  page_refs: PageRef[];
  sources: FindingSource[];
  /** Thematic group: one of THEMES. */
  topic: Theme;
  /** Id of the check that produced it. */
  check_id: string;
  album?: string;
  stage?: string;
}

export interface Question {
  n: number;
  question_id: string;
  section: string;
  text: string;
  /** Why the question is asked: what in the task or set raised it. */
  reason: string;
  pages: number[];
}

export interface ReferenceProblem {
  /** What was referenced, e.g. «лист 12», «24-017-КР2». */
  reference: string;
  problem: string;
  doc_index: number;
  page: number;
}

export interface ResultWarning {
  code: string;
  message: string;
  doc_index?: number;
  page?: number;
}

export interface Usage {
  pages_read: number;
  characters_read: number;
  ocr_pages: number;
  seconds: number;
}

export interface AvailableSection {
  code: string;
  findings: number;
}

/** What the review engine produces; numbering and ids are final. */
export interface ReviewOutcome {
  findings: Finding[];
  questions: Question[];
  warnings: ResultWarning[];
  reference_problems: ReferenceProblem[];
  usage: Usage;
  /** Name of the designed object as the set states it (XML note first, else the most frequent on title pages). */
  object_name?: string | null;
  /** What the review took the set to be (set model). */
  set?: PublishedSetModel;
}

/** The stored and published body (feedback is joined at read time). */
export interface PublishedResult extends ReviewOutcome {
  counts: Record<string, number> & { total: number };
  available_sections: AvailableSection[];
  available_themes: Theme[];
  parsed: true;
  feedback_snapshot: string;
}

export function countFindings(findings: readonly Finding[]): PublishedResult['counts'] {
  const counts: Record<string, number> & { total: number } = { total: findings.length };
  for (const level of IMPORTANCE_ORDER) counts[level] = 0;
  for (const f of findings) counts[f.importance] = (counts[f.importance] ?? 0) + 1;
  return counts;
}

export function availableSections(findings: readonly Finding[]): AvailableSection[] {
  const by = new Map<string, number>();
  for (const f of findings) by.set(f.section, (by.get(f.section) ?? 0) + 1);
  return [...by.entries()].map(([code, n]) => ({ code, findings: n })).sort((a, b) => a.code.localeCompare(b.code, 'ru'));
}

/** One document of the set as the review took it (set model). */
export interface PublishedSetDocument {
  doc_index: number;
  /** pd_section, rd_mark, survey, estimate, gpzu, tech_conditions, design_task, iul, letter, xml_note, other. */
  type: string;
  /** Section code, марка, survey or estimate kind, or null. */
  code: string | null;
  /** П, Р or null when the document states no stage. */
  stage: string | null;
  evidence: string;
}

/** What the review took the set to be: stage, composition edition, the date norms are judged at, document types. */
export interface PublishedSetModel {
  /** П, Р, survey, mixed, unknown. */
  stage: string;
  edition: 'before_2022_09_01' | 'from_2022_09_01';
  edition_basis: string;
  /** ISO date, or null: judged at today's date. */
  reference_date: string | null;
  reference_date_source: string | null;
  reference_date_text: string | null;
  reference_doc_index: number | null;
  reference_page: number | null;
  documents: PublishedSetDocument[];
  /** The same in one Russian sentence (also the warning set_model). */
  summary: string;
}
