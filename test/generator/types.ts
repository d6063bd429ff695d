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
  'references.missing_target',
  'sheets.numbering_gap',
  'titleblock.missing_roles',
  'xml.explanatory_note_mismatch',
  'request.unanswerable',
  'sheets.contents_mismatch',
  'stamps.stage_mismatch',
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
  userRequest?: string;
  /** Carrier: PDF volumes whose inner pages extract as mojibake (the engine must repair them). */
  brokenTextLayer?: TextLayerSpec;
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
  /** Importance the finding must have when it matters (a norm replaced after the set's date: minor, not significant). */
  importance?: 'critical' | 'significant' | 'minor';
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
