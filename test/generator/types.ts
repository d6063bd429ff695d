/** Public shapes of the documentation-set generator. */

export const CHECK_IDS = [
  'completeness.missing_section',
  'norms.superseded',
  'norms.nonexistent',
  'consistency.address',
  'consistency.cadastral_number',
  'consistency.cipher',
  'consistency.storeys',
  'consistency.area',
  'consistency.building_volume',
  'consistency.apartments',
  'references.missing_target',
  'sheets.numbering_gap',
  'titleblock.missing_roles',
  'xml.explanatory_note_mismatch',
  'request.unanswerable',
  'stamps.stage_mismatch',
] as const;

export type CheckId = (typeof CHECK_IDS)[number];
export type FileFormat = 'pdf' | 'docx';

export interface DefectSpec {
  kind: CheckId;
  /** Picks one of the variants of the kind (wrapped around); drawn from the seed when absent. */
  variant?: number;
  /** Format forced on the document that carries the defect. */
  format?: FileFormat;
}

export interface SetSpec {
  seed: number;
  formats?: FileFormat[];
  /** Section codes present before defects; drawn from the seed when absent. */
  sections?: string[];
  defects: DefectSpec[];
  withXmlNote?: boolean;
  userRequest?: string;
}

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
}
