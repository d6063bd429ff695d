/** Public shapes of the documentation-set generator. */
import type { CheckId } from '../../src/review/checks/index.ts';

export type { CheckId };

/**
 * The checks the generator plants defects for, in the order the quality plan deals them: every check of the
 * review's registry (test/review/check-registry.test.ts holds the two lists equal).
 */
export const CHECK_IDS = [
  'completeness.missing_section',
  'norms.superseded',
  'norms.nonexistent',
  'norms.malformed_designation',
  'consistency.address',
  'consistency.cadastral_number',
  'consistency.cipher',
  'cipher.mixed_script',
  'consistency.storeys',
  'consistency.area',
  'consistency.building_volume',
  'consistency.apartments',
  'consistency.fire_height',
  'consistency.zero_elevation',
  'consistency.gpzu',
  'consistency.resources',
  'consistency.tech_conditions',
  'consistency.fire_safety',
  'consistency.climate',
  'consistency.energy_class',
  'consistency.functions_class',
  'references.missing_target',
  'sheets.numbering_gap',
  'titleblock.missing_roles',
  'titleblock.names',
  'xml.explanatory_note_mismatch',
  'request.unanswerable',
  'sheets.contents_mismatch',
  'stamps.stage_mismatch',
  'xml.explanatory_note_content',
  'xml.schema_violation',
  'dates.implausible',
  'consistency.capacity',
  'assignment.requirements',
  'assignment.document',
  'identity.other_object',
  'iul.file_mismatch',
  'consistency.indicators',
  'consistency.parties',
  'estimate.form',
  'content.items_missing',
] as const satisfies readonly CheckId[];
export type FileFormat = 'pdf' | 'docx';

export interface DefectSpec {
  kind: CheckId;
  /** Picks one of the variants of the kind (wrapped around); drawn from the seed when absent. */
  variant?: number;
  /** Format forced on the document that carries the defect. */
  format?: FileFormat;
}

/** A broken text layer on the inner pages of every PDF volume (see mojibake.ts): the code page, and whether the title blocks are broken too. */
export interface TextLayerSpec {
  encoding: 'cp1251' | 'koi8-r';
  stamps: boolean;
}

export interface SetSpec {
  seed: number;
  formats?: FileFormat[];
  /** Section codes present before defects; drawn from the seed when absent. */
  sections?: string[];
  defects: DefectSpec[];
  withXmlNote?: boolean;
  /** A design assignment (XML) whose limits the set meets; a defect may make the set break one. */
  withAssignment?: boolean;
  /** Role labels of every title block instead of the organisation's drawn ones. */
  stampLabels?: { dev: string; chk: string; nk: string; gip: string };
  /** An информационно-удостоверяющий лист (CRC32 and size of the file) beside every volume. */
  withIul?: boolean;
  /** A локальный сметный расчёт beside the volumes, in base prices and signed by both. */
  withEstimate?: boolean;
  userRequest?: string;
  /** Carrier: PDF volumes whose inner pages extract as mojibake (the engine must repair them). */
  brokenTextLayer?: TextLayerSpec;
  /** Volume structures a clean set holds as traps: nothing in them is a defect. */
  traps?: VolumeTrap[];
  /** Values a clean set states so that a comparison must hold them the same (see ComparisonTrap). */
  comparisonTraps?: ComparisonTrap[];
  /**
   * The climate trap of a clean set: a town with no station of its own in СП 131.13330 and none named (nothing is held
   * against a table), or one whose documents name the station they took the data for, with its values.
   */
  climateTrap?: 'no_station' | 'named_station';
  /**
   * The year the whole set is dated (title pages, title blocks, the XML note, the ГПЗУ and ТУ a year before): a year
   * before 2022 makes a set developed under the composition's former edition, with that edition's content items.
   */
  year?: number;
}

/**
 * parts_numbering — a PDF volume with drawings numbers its text part and graphic part each from 1, its contents a
 * register of the drawings; bound_album — two drawings of another object's album bound at the end of a PDF volume.
 */
export type VolumeTrap = 'parts_numbering' | 'bound_album' | ContentTrap;

/**
 * plot_address — the object's address by its land plot, the same plot in three spellings across the volumes
 * («земельный участок 36», «з/у № 36», «уч. 36»); storeys_basement — КР says «Здание имеет пять этажей (включая подвал)»
 * while ПОС says «Здание — 4 надземных этажа»; plots_listed — the ПЗ lists the object's plot with two others on purpose,
 * one of them the plot's number with two digits transposed, and the ПЗУ's adjacent plot is that number too.
 */
export type ComparisonTrap = 'plot_address' | 'storeys_basement' | 'plots_listed';

/**
 * An item of the Положение a volume discloses otherwise than the clean volume does — and must not be asked about:
 * content_other_words — another of the item's terms in the designer's words; content_drawing — a text item as the title
 * of a drawing sheet instead of a heading; content_table — a row of a table of decisions (test/generator/defects/content.ts).
 */
export type ContentTrap = 'content_other_words' | 'content_drawing' | 'content_table';

export interface PlantedDefect {
  kind: CheckId;
  /** File name of the document carrying the defect; "" for a set-level defect. */
  docName: string;
  /** 1-based page inside the document, or null when the whole document (or the set) is concerned. */
  page: number | null;
  detail: string;
  /** Other pages of the same document where the same defect is equally visible. */
  altPages?: number[];
  /** Section code the defect concerns (the missing section, the section asked about). */
  section?: string;
  /** Importance the finding must have when it matters (a norm replaced after the set's date: minor, not significant). */
  importance?: 'critical' | 'significant' | 'minor';
  /** The check raises a question on the page, not a finding (two digits transposed: which number is right is not known). */
  question?: true;
  /** A content item taken out of the volume (content.items_missing): its requirement id and what the check raises of it. */
  contentItem?: { id: string; raised: 'question' | 'finding' };
}

export interface GeneratedFile {
  name: string;
  path: string;
  format: FileFormat | 'xml';
  /** Section code of the document. */
  kind: string;
  /** Pages of the document (0 for the XML note). */
  pages: number;
}

export interface GeneratedSet {
  files: GeneratedFile[];
  objectAddress: string;
  userRequest: string | null;
  planted: PlantedDefect[];
  /** Content traps the set holds (nothing planted): the trap, the volume and the item rewritten. */
  contentTraps: { trap: ContentTrap; docName: string; item: string }[];
}
