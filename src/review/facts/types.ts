import type { MalformedDesignation, RegistryEntry } from '../data/norms.ts';
import type { XmlNoteFacts } from '../extract/xml-note.ts';
import type { ReviewDocument } from '../types.ts';
import type { GpzuCitation } from './gpzu-citation.ts';

/** Key values compared across documents (normocontrol.md §3.3 C-04, C-06 … C-08). */
export type ValueKind =
  | 'storeys'
  | 'floors'
  | 'area_total'
  | 'area_building'
  | 'area_plot'
  | 'volume'
  | 'apartments'
  /** C-05 пожарно-техническая высота, м; C-09 абсолютная отметка, принятая за 0,000. */
  | 'fire_height'
  | 'zero_elevation';

export interface ValueFact {
  kind: ValueKind;
  value: number;
  /** The label and number as written; its decimals tell how the value was rounded. */
  raw: string;
  /** The unit the number was written in, in the value's units: 1000 for «тыс. м²», 10 000 for «га»; absent: 1. */
  scale?: number;
  docPage: number;
  snippet: string;
  /** Said in passing («9-этажный», «для 120 квартир») rather than as a labelled value: outweighed by labelled ones. */
  weak?: boolean;
  /** Said of the designed object («Проектируемый 8-этажный жилой дом»): compared even when the document says otherwise elsewhere. */
  designed?: boolean;
}

/**
 * Characteristics of the designed object stated with their label (C-10 … C-12): fire-safety classes, responsibility
 * level, climate data, energy-efficiency class.
 */
export type TraitKind =
  | 'fire_resistance'
  | 'structural_fire_class'
  | 'functional_fire_class'
  | 'responsibility'
  | 'climate_district'
  | 'snow_district'
  | 'wind_district'
  | 'seismicity'
  | 'design_temperature'
  | 'energy_class';

export interface TraitFact {
  kind: TraitKind;
  /** Canonical value: «II», «С0», «Ф1.3», «нормальный», «IIВ», «Iа», «<6», «-28», «B». */
  value: string;
  /** Classes an old class name may stand for («высокий» → B, B+); absent: the value alone. */
  options?: string[];
  /** Map of general seismic zoning the intensity was read from (ОСР-2015 «А», «В», «С»), when named. */
  map?: string;
  /** Listed after the building's own class («Ф1.3, Ф4.3»): the class of a part. */
  secondary?: boolean;
  docPage: number;
  snippet: string;
}

export interface TextFact {
  value: string;
  docPage: number;
  snippet: string;
}

/** What a load or consumption figure measures (E-01): only figures of one measure, resource and unit are compared. */
export type ResourceKind = 'power' | 'water' | 'heat';
export type ResourceMeasure = 'design' | 'installed' | 'max' | 'total' | 'domestic' | 'avg';

/** A labelled total load of the designed object: «Расчетная мощность – 245 кВт», «Водопотребление – 45,2 м³/сут». */
export interface ResourceFact {
  resource: ResourceKind;
  measure: ResourceMeasure;
  /** Unit family compared: «кВт», «кВ·А», «м³/сут», «м³/ч», «л/с»; heat in any unit is «кВт» (Гкал/ч converted). */
  unit: string;
  /** The value in `unit`. */
  value: number;
  /** The label and number as written; its decimals tell how the value was rounded. */
  raw: string;
  /** Units of `unit` in one unit the number was written in (1163 for Гкал/ч, 1000 for МВт); absent: 1. */
  scale?: number;
  docPage: number;
  snippet: string;
}

/** Network owner or resource a ТУ is issued for (E-02). */
export type TuResource = 'power' | 'water' | 'sewer' | 'water_sewer' | 'storm' | 'heat' | 'gas' | 'comms' | 'lighting';

/** A document named by number and date: the ГПЗУ (C-01a) or a ТУ (E-02). */
export interface IssuedDocFact {
  /** The number as written, trimmed. */
  number: string;
  /** ISO date («2021-03-12») when the date follows the number, else null. */
  date: string | null;
  docPage: number;
  snippet: string;
}

export interface TuFact extends IssuedDocFact {
  resource: TuResource;
}

export interface CipherFact {
  cipher: string;
  base: string;
  /** Section mark after the base, e.g. «КР», «ИОС4», «КЖ». */
  mark: string;
  /** Section of the reference the mark stands for, or null. */
  section: string | null;
}

export interface CipherRef extends CipherFact {
  docPage: number;
  snippet: string;
}

export interface SheetRef {
  sheet: number;
  docPage: number;
  raw: string;
  snippet: string;
  /** Cipher written next to the sheet («лист 5 … 24-017-АР»), or null for this document. */
  cipher: string | null;
}

/** «см. том 7», «приведены в томе 5.1»: a volume of the set named by its number. */
export interface VolumeRef {
  volume: string;
  docPage: number;
  snippet: string;
}

export type StampRole = 'Разраб.' | 'Пров.' | 'Н. контр.' | 'ГИП';
export const STAMP_ROLES: readonly StampRole[] = ['Разраб.', 'Пров.', 'Н. контр.', 'ГИП'];

/** What the title block of one page says. */
export interface StampFacts {
  docPage: number;
  sheet: number | null;
  /** An inserted sheet's part after the dot («Лист 3.1» → sheet 3, sheetInsert 1; ГОСТ Р 21.101 allows them after a change). */
  sheetInsert?: number;
  sheets: number | null;
  /** Roles of the signature rows: present with a name, present without one, or not printed. */
  roles: Record<StampRole, 'filled' | 'empty' | 'absent'>;
  /** The page carries signature rows at all (form 3 or 5), not just a sheet number (form 6). */
  hasRoleRows: boolean;
  cipher: string | null;
  /** The page is a «Разрешение на внесение изменений» bound into the volume: its own form and numbering, not a sheet. */
  changePermission: boolean;
  /** The title of the sheet's image printed in a drawing's (form 3) title block («План 1-го этажа»), or null. */
  sheetTitle?: string | null;
  /** The stage printed under «Стадия» as written (П, Р, РП, ПД, РД), or null. */
  stage?: string | null;
  /** Dates written in the signature rows («05.24», «12.03.2021»), as printed. */
  dates?: string[];
  /** Sheet 1 whose page opens with a specification's or a list's heading: a part bound after the drawings may number anew. */
  opensPart?: boolean;
}

export interface NormCitation {
  entry: RegistryEntry | MalformedDesignation;
  raw: string;
  pages: number[];
  snippet: string;
}

/** Everything the checks need from one document; texts are not kept, only facts and short snippets. */
export interface DocFacts {
  doc: ReviewDocument;
  /** Section code: the client's or guessed kind mapped to the reference, or classified from the text. */
  section: string | null;
  pagesTotal: number;
  pagesRead: number;
  /** Running number of the document's first page. */
  pageFrom: number;
  /** Start of the text (first pages), for classification and the request check. */
  head: string;
  year: number | null;
  stamps: StampFacts[];
  /** Cipher candidates from title blocks and the first pages, with how often they occur. */
  cipherCounts: Map<string, number>;
  cipher: CipherFact | null;
  /** Ciphers written on the first pages (title page, contents), with their page. */
  headCiphers: (CipherFact & { docPage: number })[];
  norms: Map<string, NormCitation>;
  values: ValueFact[];
  /** Labelled characteristics of the designed object (fire safety, climate, energy class). */
  traits: TraitFact[];
  addresses: TextFact[];
  objectNames: TextFact[];
  cadastral: TextFact[];
  /** Labelled total loads of the object (E-01). */
  resources: ResourceFact[];
  /** ГПЗУ numbers and dates cited (C-01a). */
  gpzu: IssuedDocFact[];
  /** ТУ numbers and dates by resource (E-02). */
  techConditions: TuFact[];
  sheetRefs: SheetRef[];
  cipherRefs: CipherRef[];
  volumeRefs: VolumeRef[];
  /** The volume's own contents («Содержание тома», «Ведомость чертежей») as parsed from its first sheets, or null. */
  contents?: ContentsList | null;
  /** «ГПЗУ № … от 12.03.2021»: the plan the documentation cites, with its date. */
  gpzuCitations: GpzuCitation[];
  /** The document's own volume number («Том 5.1» on its title page or in its name), or null. */
  volume: string | null;
  xml: XmlNoteFacts | null;
  /** CRC32 of the original file (8 hex digits), compared with FileChecksum of the XML ПЗ. */
  crc32: string | null;
}

/** A small bound per list keeps memory flat on very long documents. */
export const MAX_FACTS_PER_KIND = 200;

/** What an entry stands for beyond its own sheet: the text part or the graphic part as a whole. */
export type EntryGroup = 'text' | 'drawings' | null;

export interface ContentsEntry {
  /** First and last sheet; equal when one sheet is given. */
  from: number;
  to: number;
  /** The sheet column gives a range («2–15»), not just the first sheet. */
  range: boolean;
  title: string;
  designation: string | null;
  group: EntryGroup;
  docPage: number;
  /** The row as printed (cells joined), for evidence. */
  raw: string;
}

export interface ContentsList {
  kind: 'volume' | 'drawings';
  heading: string;
  docPage: number;
  entries: ContentsEntry[];
  /** Rows that could not be read as a sheet and a title (a designation without a sheet). */
  unread: number;
  /** Enough rows, each with its sheet, in ascending order: the list can be compared with the sheets. */
  confident: boolean;
}
