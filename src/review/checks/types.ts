import type { Importance, ReferenceProblem, ResultWarning, Theme } from '../../kernel/result.ts';
import type { XmlNoteFacts } from '../extract/xml-note.ts';
import type { DocFacts } from '../facts/types.ts';
import type { SetModel } from '../set/types.ts';
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
}

export interface DraftQuestion {
  section: string;
  text: string;
  reason: string;
  places: Place[];
}

export interface CheckOutput {
  findings: DraftFinding[];
  questions: DraftQuestion[];
  referenceProblems: ReferenceProblem[];
  /** Notes about the review itself (e.g. the task's focus), shown with the warnings. */
  warnings: ResultWarning[];
}

export interface Check<Id extends string = string> {
  id: Id;
  theme: Theme;
  importance: Importance;
  /** What the check looks for, in Russian (docs/review.md and the catalogue). */
  title: string;
  run(ctx: CheckContext): Partial<CheckOutput>;
}

/** Declares a check keeping its id's literal type, so CheckId (checks/index.ts) is derived from CHECKS. */
export const defineCheck = <const Id extends string>(check: Check<Id>): Check<Id> => check;

/** «документ 3 «24-017-КР.pdf», с. 2» — a place named in evidence texts. */
export function where(p: Place): string {
  return `док. ${p.doc.doc.index} «${p.doc.doc.name}», с. ${p.page}`;
}

/** Of two documents in conflict, the one the finding is about: context documents receive no findings. */
export function reviewSide(a: DocFacts, b: DocFacts): DocFacts | null {
  if (a.doc.role === 'review') return a;
  if (b.doc.role === 'review') return b;
  return null;
}
