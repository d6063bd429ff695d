import { IMPORTANCE_ORDER, type FindingSource, type Importance, type ReferenceProblem, type ResultWarning, type Theme } from '../../kernel/result.ts';
import type { XmlNoteFacts } from '../extract/xml-note.ts';
import type { DocFacts } from '../facts/types.ts';
import type { ContentMap } from '../content/types.ts';
import type { DocumentType, SetModel } from '../set/types.ts';
import type { ReviewInput } from '../types.ts';

export { SET_SECTION } from '../../kernel/docset.ts';

export interface CheckContext {
  input: ReviewInput;
  /** Facts of every readable document, in set order. */
  docs: DocFacts[];
  /** The XML explanatory note of the set, when there is one. */
  xml: { doc: DocFacts; facts: XmlNoteFacts } | null;
  /** Cipher base shared by most volumes («24-017»), or null when no cipher was found. */
  setBase: string | null;
  /** What the set is taken to be: stage, edition, document types, reference date. */
  set: SetModel;
  /** What each volume of ПД under review discloses of the items its section must (content/), made with the set model. */
  contentMaps: ContentMap[];
}

export interface Place {
  doc: DocFacts;
  page: number;
}

export interface DraftFinding {
  checkId: string;
  importance: Importance;
  theme: Theme;
  /** The document the finding is about (its section and role); null for the set as a whole. */
  about: DocFacts | null;
  essence: string;
  evidence: string;
  action: string;
  places: Place[];
  /** Normative document the finding rests on, shown in sources. */
  norm?: string;
  /** The check's declared basis, shown in sources (the reporter fills it in). */
  basis?: FindingSource;
  /** What else is published with a link to this finding (content map items), by their keys. */
  keys?: string[];
}

export interface DraftQuestion {
  section: string;
  text: string;
  reason: string;
  places: Place[];
  /** What else is published with a link to this question (content map items), by their keys. */
  keys?: string[];
}

export interface CheckOutput {
  findings: DraftFinding[];
  questions: DraftQuestion[];
  referenceProblems: ReferenceProblem[];
  /** Notes about the review itself (e.g. the task's focus), shown with the warnings. */
  warnings: ResultWarning[];
}

/**
 * What a check needs of the set to have anything to say: without it the check is not run and says nothing, not even an
 * empty list. `xml_note` — the set's XML explanatory note; `user_request` — a task typed with the upload; `object` — the
 * object established by the set model; a document type — a document the set model types so (an ИУЛ, a design assignment).
 */
export type Need = 'xml_note' | 'user_request' | 'object' | DocumentType;

/** What every check declares: the engine and the reporter read these, never a check's id. */
export interface CheckDeclaration<Id extends string = string> {
  id: Id;
  theme: Theme;
  importance: Importance;
  /** What the check looks for, in Russian (docs/review.md and the catalogue). */
  title: string;
  /** What the set must hold for the check to run (all of them). */
  needs?: readonly Need[];
  /**
   * The document types the check judges (set/document-types.ts): its `ctx.docs` holds only documents of these types, so
   * no check tests a type by hand, and it is not run on a set holding none. Absent — every document (comparisons of
   * values, norms at each document's date).
   */
  appliesTo?: readonly DocumentType[];
  /** A source every finding of the check names besides its documents and its norm (the profile the composition is judged by). */
  basis?: FindingSource;
}

declare const declared: unique symbol;

/** A check as the engine runs it: made only by defineCheck, so every check reports through its reporter. */
export interface Check<Id extends string = string> extends CheckDeclaration<Id> {
  run(ctx: CheckContext): Partial<CheckOutput>;
  readonly [declared]: true;
}

/**
 * A finding as a check states it: the reporter adds the check's id, theme and importance (a draft may set its own
 * importance). `against` names the other side of a conflict, which receives the finding when `about` is a context document.
 */
export interface FindingDraft extends Omit<DraftFinding, 'checkId' | 'theme' | 'importance' | 'basis'> {
  importance?: Importance;
  against?: DocFacts;
  /**
   * The finding is about what the upload lacks (files, volumes): on a set the model judges partial it is at most
   * significant — the composition warning names what is absent, the critical finding is a complete set's.
   */
  absence?: true;
}

/**
 * The one way a check says anything: `report(finding)` fills in the check's id, theme, importance and basis and applies
 * the context-document rule; questions, warnings and reference problems go through the same reporter.
 */
export interface Report {
  (draft: FindingDraft): void;
  question(q: DraftQuestion): void;
  warning(w: ResultWarning): void;
  referenceProblem(p: ReferenceProblem): void;
}

/** A check as it is declared: its declaration and the function over the set model that reports what it finds. */
export interface ReportingCheck<Id extends string = string> extends CheckDeclaration<Id> {
  find(ctx: CheckContext, report: Report): void;
}

/**
 * The document a finding is reported on, or undefined when it is not reported: context documents are read for
 * cross-checks only, so a finding about one goes to the review document on the other side of the conflict, or nowhere.
 */
export function reportedAbout(about: DocFacts | null, against?: DocFacts): DocFacts | null | undefined {
  if (!about || about.doc.role === 'review') return about;
  return against?.doc.role === 'review' ? against : undefined;
}

const atMost = (a: Importance, cap: Importance) => (IMPORTANCE_ORDER.indexOf(a) < IMPORTANCE_ORDER.indexOf(cap) ? cap : a);

/**
 * The reporter of one check over one set: fills in the check's id, theme, importance and basis, applies the
 * context-document rule (a finding moved to the other side of a conflict leads with that side's places) and the
 * partial-upload rule for findings of absence.
 */
export function reporter(check: CheckDeclaration, ctx: Pick<CheckContext, 'set'>, out: CheckOutput): Report {
  const partial = ctx.set.completeness.kind === 'partial';
  const report = (({ against, importance, absence, ...draft }: FindingDraft) => {
    const about = reportedAbout(draft.about, against);
    if (about === undefined) return;
    const places =
      about === draft.about || !about ? draft.places : [...draft.places.filter((p) => p.doc === about), ...draft.places.filter((p) => p.doc !== about)];
    const stated = importance ?? check.importance;
    out.findings.push({
      ...draft,
      checkId: check.id,
      importance: absence && partial ? atMost(stated, 'significant') : stated,
      theme: check.theme,
      about,
      places,
      ...(check.basis ? { basis: check.basis } : {}),
    });
  }) as Report;
  report.question = (q) => out.questions.push(q);
  report.warning = (w) => out.warnings.push(w);
  report.referenceProblem = (p) => out.referenceProblems.push(p);
  return report;
}

/** Whether the set holds what the check needs. */
function holds(ctx: CheckContext, need: Need): boolean {
  switch (need) {
    case 'xml_note':
      return ctx.xml !== null;
    case 'user_request':
      return !!ctx.input.userRequest?.trim();
    case 'object':
      return !!ctx.set.object;
    default:
      return ctx.set.documents.some((t) => t.type === need);
  }
}

/** The set as a check of some types sees it: the documents of those types only; the set model stays whole. */
function judgedBy(ctx: CheckContext, types: readonly DocumentType[]): CheckContext {
  const judged = new Set(ctx.set.documents.filter((t) => types.includes(t.type)).map((t) => t.docIndex));
  return { ...ctx, docs: ctx.docs.filter((d) => judged.has(d.doc.index)) };
}

const DECLARED = new WeakSet<Check>();

/**
 * Declares a check keeping its id's literal type, so CheckId (checks/index.ts) is derived from CHECKS. The check runs
 * only when the set holds what it `needs`, and says what it finds through the reporter made for it.
 */
export function defineCheck<const Id extends string>(check: ReportingCheck<Id>): Check<Id> {
  const { find, ...declaration } = check;
  const made = {
    ...declaration,
    run(ctx) {
      if (declaration.needs?.some((n) => !holds(ctx, n))) return {};
      const judged = declaration.appliesTo ? judgedBy(ctx, declaration.appliesTo) : ctx;
      // a set holding no document of the types a check judges is one the check has nothing to say about
      if (!judged.docs.length && declaration.appliesTo) return {};
      const out: CheckOutput = { findings: [], questions: [], referenceProblems: [], warnings: [] };
      find.call(check, judged, reporter(declaration, ctx, out));
      return out;
    },
  } as Check<Id>;
  DECLARED.add(made);
  return made;
}

/** Whether a check was made by defineCheck (test/review/check-registry.test.ts holds the registry to it). */
export function isDeclared(check: Check): boolean {
  return DECLARED.has(check);
}

/** «документ 3 «24-017-КР.pdf», с. 2» — a place named in evidence texts. */
export function where(p: Place): string {
  return `док. ${p.doc.doc.index} «${p.doc.doc.name}», с. ${p.page}`;
}
