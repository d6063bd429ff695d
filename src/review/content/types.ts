import type { CompositionEdition } from '../set/types.ts';

/**
 * What a section of ПД must disclose (ПП РФ № 87), one item per point and letter, as data built by
 * scripts/build-content-requirements.ts from the project's own source list (scripts/content-sources/). The composition
 * edition of the set chooses the items: the 2021 text of the Положение for sets developed before 01.09.2022, the items
 * the expert body's checklists and the Минстрой XML schema give for the current numbering after it.
 */
export interface ContentRequirement {
  /** Stable id: edition, point and letter («2021:13:б», «2022:23:ф_1», «2022:10:xsd-climate»). */
  id: string;
  edition: CompositionEdition;
  /** Non-linear objects (п. 10–32) or linear ones (п. 33–42). */
  objects: 'nonlinear' | 'linear';
  /** Point of the Положение as its source cites it («13», «27(1)»). */
  point: string;
  /** Letter of the subparagraph as its source cites it («б», «ж(1)», «ф_1»), or null for a point without letters. */
  letter: string | null;
  /** The text part or the graphic part; null where the decree lists items without the split. */
  part: 'text' | 'graphic' | null;
  /** Section codes of the reference (kernel/docset.ts) the item belongs to; several where a section is split. */
  sections: string[];
  /** What must be disclosed, short, in Russian (the decree's own words for 2021; the project's words for 2022). */
  requirement: string;
  /**
   * Phrases that disclose the item, each a few word stems written as a designer writes them («инженерно-геологическ
   * услови», «класс функциональн пожарн опасност»): a phrase is found when all its stems begin words lying close together.
   */
  terms: string[];
  /** When the item applies only to some objects; absent: always. */
  when?: ContentCondition;
  /** The condition in the source's words («в случае проведения реконструкции…»), when `when` is set. */
  condition?: string;
  /** Where the item was read: a source of scripts/content-sources/sources.json and the place in it. */
  source: { key: string; where: string };
}

/**
 * Conditions the review can establish from the set (the object's kind, the work, its parts); `unknown`: one it cannot
 * (the item is mapped but never asked about or reported missing).
 */
export type ContentCondition =
  | 'reconstruction_or_repair'
  | 'new_construction'
  | 'demolition'
  | 'production'
  | 'nonproduction'
  | 'residential'
  | 'underground'
  | 'budget_funded'
  | 'unknown';

/** Where a volume discloses an item, or why the item is not judged. */
export type ContentStatus = 'found' | 'not_found' | 'not_applicable' | 'conditional';

/** How an item was found: a heading of the text, a row of the volume's contents, the list of drawings or a sheet title, a passage. */
export type ContentEvidenceKind = 'heading' | 'contents' | 'drawings' | 'text';

export interface ContentMapItem {
  requirement: ContentRequirement;
  status: ContentStatus;
  /** Page inside the document where it is disclosed (found), else null. */
  page: number | null;
  /** The document that discloses it when that is another book of the same section (ИОС4.1 for ИОС4.2), else absent. */
  inDocIndex?: number;
  /** The sheet number its title block carries, when known. */
  sheet: number | null;
  evidenceKind: ContentEvidenceKind | null;
  /** The heading, row or passage as printed (short). */
  evidence: string | null;
  /** Why not applicable or conditional, in Russian. */
  reason: string | null;
}

/** How much of a volume could be read: a map claims nothing missing of a volume not read whole. */
export type ContentReading = 'whole' | 'partial' | 'unread';

/** The content map of one volume (a pd_section document of the set). */
export interface ContentMap {
  docIndex: number;
  section: string;
  edition: CompositionEdition;
  reading: ContentReading;
  items: ContentMapItem[];
}
