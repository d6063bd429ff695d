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
  /**
   * Caption to print: as a specialist writes it where the title blocks tell the sheet and the cipher («лист 3 тома
   * 24-017-КР (стр. 130)»), else by the running page and the document («стр. 12 (док. 3 «24-017-КР.pdf», с. 4)»).
   */
  label: string;
  /** The sheet printed in the page's title block («3», «3.1» for an inserted sheet), when it was read. */
  sheet?: string;
  /** The cipher (обозначение) of the document: its title block's on that page, else the document's own, when read. */
  cipher?: string;
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
  /** Against the previous run of the bundle (src/report/revision/): absent when the run was compared with none. */
  revision?: FindingRevision;
}

/** A finding against the previous run of its bundle: new, or persisting with the finding it continues. */
export interface FindingRevision {
  status: 'new' | 'persisting';
  /** The matched finding of the previous run (persisting only). */
  previous_finding_id?: string;
  previous_n?: number;
}

/** A finding of the previous run that has no counterpart in this one: resolved by the revision. */
export interface ResolvedFinding {
  finding_id: string;
  /** Its number in the previous run's report. */
  n: number;
  importance: Importance;
  section: string;
  topic: Theme;
  check_id: string;
  essence: string;
  /** Where it was, as the previous run's report named it. */
  place: string;
  /** The previous run's documents it cites (absent in comparisons made before the answer loop). */
  doc_indexes?: number[];
}

/**
 * A document of this run against the previous run's documents: the same file (equal content), the same volume in
 * a corrected edition (same section and cipher, or the only volume of its section on both sides), or added.
 */
export interface RevisionDocument {
  doc_index: number;
  name: string;
  /** Section code or марка as the set model (else the document's kind) gives it; null when unknown. */
  section: string | null;
  cipher: string | null;
  status: 'unchanged' | 'corrected' | 'added';
  /** content — equal SHA-256; cipher — same section and cipher; section — the only volume of its section on both sides. */
  matched_by?: 'content' | 'cipher' | 'section';
  previous_doc_index?: number;
  previous_name?: string;
  /**
   * A corrected volume's sheets against its previous edition, by the numbers their title blocks give (absent where
   * either edition could not be read again, and in comparisons made before sheets were compared).
   */
  sheets?: RevisionSheets;
  /**
   * The norms this edition cites and where, read again at publication with the review's norm parser
   * (src/pipeline/stages/sheet-changes.ts) for a volume that came back, corrected or the same file, with a remark of the
   * previous round on it; so that an answer naming a replaced norm is checked (src/report/revision/norms.ts). Absent
   * where it was not read, and in comparisons made before norms were.
   */
  norms?: RevisionNorms;
}

/** A norm designation as the review's parser keys it: type and number without the year («СП 30.13330»), and the year. */
export interface NormName {
  /** As the volume writes it, upper-cased («СНИП 2.04.01-85»). */
  designation: string;
  key: string;
  year: number | null;
}

/** A norm a volume cites: the pages (of the volume) and, where the title block gives one, the sheet; at most ten places. */
export interface RevisionNormCitation extends NormName {
  places: { page: number; sheet?: string }[];
}

/** The norms of one volume of the round, as the answer loop checks the norms an answer names against them. */
export interface RevisionNorms {
  /** The norms this edition cites. */
  cited: RevisionNormCitation[];
  /** The norms its previous edition cited that this one does not (a corrected volume whose both editions were read). */
  dropped: NormName[];
  /** What the registry of superseded norms names as the replacements of the superseded norms either edition cites. */
  replacements: NormName[];
}

/** Sheet numbers («3», «3.1») of a corrected volume: text changed, the same, only in the new edition, only in the old. */
export interface RevisionSheets {
  changed: string[];
  unchanged: string[];
  added: string[];
  removed: string[];
}

/** A document of the previous run that did not come back in this one. */
export interface DroppedDocument {
  doc_index: number;
  name: string;
  section: string | null;
  cipher: string | null;
}

/** The comparison of a run with the previous run of its bundle, made at publication. */
export interface PublishedRevision {
  previous_run_id: string;
  /** ISO-8601 UTC: when the previous run's result was published. */
  previous_published_at: string;
  /** not_resubmitted is absent in comparisons made before documents were compared. */
  counts: { new: number; persisting: number; resolved: number; not_resubmitted?: number };
  /** Previous findings without a counterpart whose documents came back: resolved by the revision. */
  resolved: ResolvedFinding[];
  /**
   * Previous findings without a counterpart on a document that was not resubmitted: neither resolved nor
   * persisting («том не представлен повторно»). Absent in comparisons made before documents were compared.
   */
  not_resubmitted?: ResolvedFinding[];
  /** Every document of this run against the previous run's (absent in comparisons made before). */
  documents?: RevisionDocument[];
  /** The previous run's documents that did not come back. */
  dropped?: DroppedDocument[];
  /**
   * The previous round's remarks against the designer's answers to them and this revision (src/report/revision/
   * answers.ts); absent when the previous round has no answers. /findings draws it again from the answers as they stand.
   */
  answers?: AnswerReview;
}

/** What a remark of the previous round is proposed to be in this one; the specialist confirms or overrides it. */
export type AnswerProposalState = 'closed' | 'not_closed' | 'not_resubmitted' | 'no_answer';

/** The designer's answer to a remark as the answer loop reads it. */
export interface RoundAnswer {
  finding_id: string;
  answer: string;
  sheet: string;
  closed: string;
}

/** One remark of the previous round: what this revision and the designer's answer say of it. */
export interface AnswerProposal {
  previous_finding_id: string;
  previous_n: number;
  section: string;
  topic: Theme;
  essence: string;
  /** The finding of this run the remark persists as; null when it is resolved or its volume did not come back. */
  finding_id: string | null;
  n: number | null;
  /**
   * The finding_id a decision of this run confirms the proposal on (accepted) or overrides it (rejected): this run's
   * finding when the remark persists, else the previous round's remark, listed in revision.resolved / not_resubmitted.
   */
  decide_on: string;
  proposal: AnswerProposalState;
  answer: RoundAnswer | null;
  /** Why, in Russian: what the comparison found, what the answer says, what the revision shows of the sheet it names. */
  reasons: string[];
}

export interface AnswerReview {
  /** When the answers the review was drawn from were brought in (the latest upload), or null. */
  answers_uploaded_at: string | null;
  counts: Record<AnswerProposalState, number>;
  /** Every remark of the previous round, in its report order. */
  proposals: AnswerProposal[];
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

/** The warning that names the documents of which no page could be read (first of the warnings, and in the report's summary). */
export const DOCUMENTS_UNREAD = 'documents_unread';

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
  /** What each volume of ПД discloses of the items the Положение (ПП № 87) requires (absent in results of older runs). */
  content_map?: PublishedContentVolume[];
}

/** The stored and published body (feedback is joined at read time). */
export interface PublishedResult extends ReviewOutcome {
  counts: Record<string, number> & { total: number };
  available_sections: AvailableSection[];
  available_themes: Theme[];
  parsed: true;
  feedback_snapshot: string;
  /** Against the previous run of the bundle; absent outside a bundle and for the bundle's first run. */
  revision?: PublishedRevision;
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
  /** A type of the set model's table (docs/review.md): pd_section, rd_mark, survey, estimate, letter, answers, …, other. */
  type: string;
  /** Section code, марка, survey or estimate kind, or null. */
  code: string | null;
  /** П, Р or null when the document states no stage. */
  stage: string | null;
  evidence: string;
  /** The document's own date (ISO), read from its form by its type's rule; null when it states none (absent in results of older runs). */
  date?: string | null;
  /** Where it was read: stamp, letter, iul, issued, gpzu_document, title_year, xml_year; null with no date. */
  date_source?: string | null;
  /** The words it was read from («исх. № 420/19 от 07.06.2019»). */
  date_text?: string | null;
  /** The page of the document it was read on, when known. */
  date_page?: number | null;
  /** The date its norms are judged at: the set's, or its own for a document held apart from the design; null — today. */
  norms_date?: string | null;
  /** The parts of the volume by its title blocks (absent for a document without them). */
  parts?: PublishedVolumePart[];
}

/** One part of a volume: contents, text part, graphic part, appendix, or sheets of another set bound in. */
export interface PublishedVolumePart {
  /** contents, text, drawings, appendix, foreign. */
  kind: string;
  /** What began it: start, contents, cipher, form, restart, appendix, foreign_cipher, foreign_number. */
  cue: string;
  cipher: string | null;
  page_from: number;
  page_to: number;
  /** First and last sheet number its title blocks carry, or null. */
  sheet_from: number | null;
  sheet_to: number | null;
  /** «Листов» of its first title block stating one, or null. */
  sheets_declared: number | null;
  /** Title-block form: 3 drawings, 5 text first sheet, 6 text next sheets; null when not known. */
  form: number | null;
  /** Parts with one number share a numbering; null for bound sheets of another set. */
  numbering: number | null;
  /** The appendix heading («Приложение А»). */
  label?: string;
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
  /** The designed object as the review established it (absent in results published before it was). */
  object?: PublishedObject;
}

/** One attribute of the object with the place it was read. */
export interface PublishedObjectStatement {
  value: string;
  /** xml, title, label, stamp, request, text — strongest first. */
  source: string;
  doc_index: number | null;
  page: number | null;
  quote: string;
  /** How many documents state the same value. */
  documents: number;
}

/** The designed object: each attribute from the strongest source, null when the set does not state it. */
export interface PublishedObject {
  name: PublishedObjectStatement | null;
  institution: string | null;
  address: PublishedObjectStatement | null;
  cadastral_numbers: PublishedObjectStatement[];
  cipher_base: PublishedObjectStatement | null;
  customer: PublishedObjectStatement | null;
  designer: PublishedObjectStatement | null;
  chief_engineer: PublishedObjectStatement | null;
}

/** A point of the Положение and its letter as a remark cites them: «п. 10 «б»», «п. 27(1)». */
export function pointLabel(item: { point: string; letter: string | null }): string {
  return item.letter ? `п. ${item.point} «${item.letter}»` : `п. ${item.point}`;
}

/** The content map of one volume: each item its section must disclose, where it is disclosed or why it is not judged. */
export interface PublishedContentVolume {
  doc_index: number;
  /** Section code the volume is judged as (ПЗ, ПЗУ, АР, КР, ИОС1…). */
  section: string;
  edition: 'before_2022_09_01' | 'from_2022_09_01';
  /** whole: every page read with text; partial: some pages unread or recognised; unread: nothing is claimed. */
  reading: 'whole' | 'partial' | 'unread';
  counts: { found: number; not_found: number; not_applicable: number; conditional: number };
  items: PublishedContentItem[];
}

export interface PublishedContentItem {
  /** Stable id of the requirement («2021:13:б»). */
  id: string;
  /** Point and letter of the Положение as the source cites them. */
  point: string;
  letter: string | null;
  /** text, graphic, or null where the decree does not split. */
  part: 'text' | 'graphic' | null;
  /** What must be disclosed (Russian). */
  requirement: string;
  /** The source of the item: «ПП № 87 ред. 09.04.2021», «чек-листы МособлГосЭкспертизы», «XML-схема ПЗ 01.07». */
  source: string;
  /** found, not_found, not_applicable, conditional (applies only if a condition the set does not settle holds). */
  status: 'found' | 'not_found' | 'not_applicable' | 'conditional';
  /** Where it is disclosed: the page in the document and in the set, the sheet, how it was found and the words. */
  page: PageRef | null;
  sheet: number | null;
  evidence_kind: 'heading' | 'contents' | 'drawings' | 'text' | null;
  evidence: string | null;
  /** Why not applicable or conditional. */
  reason: string | null;
  /** The question or finding raised for an item not found, when one was. */
  raised: { kind: 'question' | 'finding'; id: string } | null;
}
