import type { ObjectIdentity } from './object-types.ts';

/**
 * What the service takes a set to be, derived once per run before the checks: the stage, the composition edition,
 * the type of every document and the date the set is judged at. Checks read it instead of guessing each on its own.
 */

import type { VolumeStructure } from './volume-parts.ts';

/**
 * What a document is: a section of ПД, a volume of РД by its марка, a survey report, the assignment or programme a survey
 * is made to (survey_task: the customer's and the surveyor's documents before the work, not its result), an estimate, an
 * initial document… What each type means for the checks is one table: set/document-types.ts.
 */
export type DocumentType =
  | 'pd_section'
  | 'rd_mark'
  | 'survey'
  | 'survey_task'
  | 'estimate'
  | 'gpzu'
  | 'tech_conditions'
  | 'design_task'
  | 'iul'
  | 'letter'
  | 'answers'
  | 'application'
  | 'tep'
  | 'contract'
  | 'act'
  | 'extract'
  | 'xml_note'
  | 'other';

export interface TypedDocument {
  /** Index of the document in the set (ReviewDocument.index). */
  docIndex: number;
  type: DocumentType;
  /** Section code (pd_section), марка (rd_mark), survey kind («ИГДИ»), estimate kind («ЛСР»), or null. */
  code: string | null;
  /** Stage the document itself states (stamp «Стадия», cipher, title page), or null. */
  stage: 'П' | 'Р' | null;
  /** Why: the words or marks that decided it, for the specialist reading the result. */
  evidence: string;
  /** Every statement of a stage the document makes, strongest first (title, stamps, cipher). */
  stageSignals?: StageSignal[];
  /** The document's own date, read from its form by its type's rule (set/document-date.ts); null when it states none. */
  date?: ReferenceDate | null;
}

export type DocumentStage = 'П' | 'Р';

/** One place where a document states its stage: the title page line, the «Стадия» of its stamps, a stage letter in its cipher. */
export interface StageSignal {
  stage: DocumentStage;
  source: 'title' | 'stamp' | 'cipher';
  /** As written: «ПРОЕКТНАЯ ДОКУМЕНТАЦИЯ», «Стадия РД», «24-017-Р-АР». */
  text: string;
  page: number;
  /** Stamps only: how many sheets say this stage. */
  count?: number;
}

/** П — проектная документация, Р — рабочая, survey — only survey reports, mixed — more than one of these. */
export type SetStage = 'П' | 'Р' | 'survey' | 'mixed' | 'unknown';

/** Composition of ПД: ПП № 87 before ПП № 963 (sets developed before 01.09.2022) or as amended by it. */
export type CompositionEdition = 'before_2022_09_01' | 'from_2022_09_01';

/**
 * Where a date was read: the ГПЗУ cited or in the set, title blocks, the title page's year, the XML note's year; for one
 * document's own date also its letter line («исх. № … от …»), its file name, its ИУЛ, its issue date.
 */
export type ReferenceDateSource = 'gpzu' | 'gpzu_document' | 'stamp' | 'title_year' | 'xml_year' | 'letter' | 'file_name' | 'iul' | 'issued';

/** The date the set is judged at (ГрК РФ ст. 49 ч. 5.2: the ГПЗУ's date when cited, else the documentation's). */
export interface ReferenceDate {
  /** ISO date; a year alone is its last day (31 December), so a norm in force at any time of that year counts. */
  date: string;
  source: ReferenceDateSource;
  /** Where it was read, when it was read from a page. */
  docIndex?: number;
  page?: number;
  /** The words it was read from («ГПЗУ № РФ-77-… от 12.03.2021», «2018 г.»). */
  text: string;
}

/** Whether the upload is the whole set (set/completeness.ts). */
export interface Completeness {
  kind: 'complete' | 'partial';
  /** Why, in Russian («загружен один том (АР), а не комплект»). */
  basis: string;
  /** Required section codes the set lacks, and for a part shown by the XML note the files it lists that were not uploaded. */
  absent: string[];
}

export interface SetModel {
  stage: SetStage;
  edition: CompositionEdition;
  documents: TypedDocument[];
  /** null: the set states no date at all and is judged today. */
  referenceDate: ReferenceDate | null;
  /** The whole set or a part of it, and why: a part gets one warning naming what is absent, never a finding. */
  completeness: Completeness;
  /** The documentation's own date (stamps, title year, XML year): it decides the composition edition. */
  documentationDate?: ReferenceDate | null;
  /** Why the edition was chosen, in Russian («дата документации 05.2018», «коды разделов ЭЭ, ПОД»). */
  editionBasis?: string;
  /** The designed object (name, address, cadastral numbers, cipher base, parties), established once by `establishObject`. */
  object?: ObjectIdentity;
  /** The parts of every document with title blocks: contents, text, drawings, appendices, bound sheets of another set. */
  volumes?: VolumeStructure[];
}
