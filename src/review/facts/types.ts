import type { MalformedDesignation, RegistryEntry } from '../data/norms.ts';
import type { XmlNoteFacts } from '../extract/xml-note.ts';
import type { SchemaCheck } from '../extract/xml-schema.ts';
import type { ReviewDocument } from '../types.ts';
import type { DatedMention } from './dated-mentions.ts';
import type { GpzuCitation } from './gpzu-citation.ts';
import type { FigureKey } from './catalogue.ts';
import type { ContentFacts } from '../content/reader.ts';
import type { AssignmentXmlForm } from '../extract/design-assignment.ts';
import type { AssignmentFormFacts } from './assignment-form.ts';

/** Figures compared across documents: the keys of the catalogue's figures (catalogue.ts). */
export type ValueKind = FigureKey;

export interface ValueFact {
  kind: ValueKind;
  value: number;
  /** A range («переменная этажность 1–3 этажа»): `value` is its lower end and this its upper one. */
  upTo?: number;
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

/** How a requirement bounds a value: at most, at least, exactly (a range or a single value). */
export type Bound = '≤' | '≥' | '=';

/**
 * A requirement stated with a bound («Общая площадь — не более 13 000 м²», «класс энергоэффективности не ниже B»): read on
 * every document, judged where the document is an assignment (or another source of requirements).
 */
export interface RequirementFact {
  attribute: ValueKind | 'energy_class';
  bound: Bound;
  /** The bound value in the attribute's units (м², м³, МВт, storeys), or the class letter for energy_class. */
  value: number | string;
  /** The unit as written after the number («м²», «этажей»), or ''. */
  unit: string;
  /** 1000 for «тыс. м²», 10 000 for «га»; absent: 1 (how the number was rounded). */
  scale?: number;
  /** The label, bound and number as written; its decimals tell how the value was rounded. */
  raw: string;
  docPage: number;
  snippet: string;
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
  | 'explosion_category'
  | 'climate_district'
  | 'snow_district'
  | 'wind_district'
  | 'seismicity'
  | 'design_temperature'
  | 'coldest_day_temperature'
  | 'heating_mean_temperature'
  | 'energy_class'
  | 'functions_class';

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
  /** Object names only: where the name stands — the title page, a «Наименование объекта»/«Объект:» label, a title block, a passage. */
  source?: NameSource;
  /** Addresses only: the words of their sentence before the label, for telling a neighbour's or a party's address. */
  clause?: string;
}

export type NameSource = 'title' | 'label' | 'stamp' | 'passage';

/** The customer, the designer or the chief engineer (ГИП) as a title page names them. */
export interface PartyFact {
  role: 'customer' | 'designer' | 'chief_engineer';
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
  /**
   * Read from the file's name alone, the document's own form printing none: the uploader's label, whose mark may
   * name the section a document prices or answers («ЛСР 09-01-01_1962-ПОС»), not the document's designation.
   */
  fromName?: true;
}

export interface CipherRef extends CipherFact {
  docPage: number;
  snippet: string;
  /** The text calls it a section, subsection or volume («учтено в разделе …», «см. подраздел …»): one of this documentation. */
  asSection?: true;
}

export interface SheetRef {
  sheet: number;
  docPage: number;
  raw: string;
  snippet: string;
  /** Cipher written next to the sheet («лист 5 … 24-017-АР»), or null for this document. */
  cipher: string | null;
  /**
   * Another document named by words instead of a cipher («листы 81, 82 раздела ООС», «лист 10 текстовой части ИОС9»,
   * «лист 3 тома 8»), as written; absent when the reference names no other document.
   */
  other?: string;
  /** The section code that other document is named by («ООС», «ИОС9»), when it is named by one. */
  otherSection?: string;
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
  /** The surname each filled row prints, as written («Козлов» of «Н. контр. Козлов В.В.»). */
  names?: Partial<Record<StampRole, string>>;
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
  /**
   * The form of the title block (ГОСТ Р 21.101): 3 — a drawing's (a sheet title under «Стадия | Лист | Листов»); 5 — a large
   * block with signature rows and «Стадия»/«Листов» but no sheet title read (a text document's first sheet, or a drawing
   * whose title was not read); 6 — the small block of a text document's next sheets, «Лист» without signature rows.
   */
  form?: TitleBlockForm | null;
  /**
   * Read by OCR from the sheet's picture (its rows drawn as lines): its numbers, stage, form and labels count, but a
   * surname or a cipher recognised is not compared and a row not recognised is not taken for absent.
   */
  recognised?: true;
}

export type TitleBlockForm = 3 | 5 | 6;

/** A page that opens an appendix of the volume: «Приложение А», «ПРИЛОЖЕНИЕ 3» as its heading. */
export interface AppendixStart {
  docPage: number;
  /** The heading as printed: «Приложение А». */
  label: string;
}

export interface NormCitation {
  entry: RegistryEntry | MalformedDesignation;
  raw: string;
  pages: number[];
  snippet: string;
  /** Element paths of the XML note's texts that name it (UsedNorms/UsedNorm[3]); absent for a citation on pages. */
  paths?: string[];
  /** How the act was recognised when not by the number as written («номер прочитан как 46 — по дате это № 468»). */
  readAs?: string;
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
  /** Ciphers written on the first pages (title page, contents), with their page; `designation` — the one a cover or title page prints under the section's name. */
  headCiphers: (CipherFact & { docPage: number; designation?: true })[];
  norms: Map<string, NormCitation>;
  values: ValueFact[];
  /**
   * Labelled characteristics of the designed object (fire safety, climate, energy class); of an XML note, those its
   * ClimateConditions/ClimateNote states.
   */
  traits: TraitFact[];
  /** Stations (towns) the document says its climate data were taken for («приняты по г. Кострома»). */
  climateStations?: TextFact[];
  /** Limits stated with a bound («не более 4 этажей»): the assignment's requirements when the document is one. */
  requirements: RequirementFact[];
  addresses: TextFact[];
  objectNames: TextFact[];
  /** Customer, designer and ГИП named on the first pages (absent in facts built before they were read). */
  parties?: PartyFact[];
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
  /** Dates the text cites («от 30.12.2009 № 384-ФЗ», «ТУ … от …»), read on text-layer pages only (OCR misreads digits). */
  datedMentions: DatedMention[];
  /** Pages that open an appendix («Приложение А»), in page order. */
  appendices?: AppendixStart[];
  /** First page of the indicators given for a cost calculation («Технико-экономические показатели для расчета НМЦК»). */
  costIndicatorsFrom?: number;
  /** The document's own volume number («Том 5.1» on its title page or in its name), or null. */
  volume: string | null;
  xml: XmlNoteFacts | null;
  /** Validation of a Минстрой XML document (note or design assignment) against the official schema of its version; absent for other documents. */
  schema?: SchemaCheck | null;
  /** CRC32 of the original file (8 hex digits), compared with FileChecksum of the XML ПЗ and with ИУЛ. */
  crc32: string | null;
  /** MD5 of the original file (32 hex digits), computed only when an ИУЛ of the set states an MD5. */
  md5?: string | null;
  /** Size of the original file in bytes, compared with ИУЛ (read when the set has one). */
  fileBytes?: number | null;
  /** Ciphers printed with Latin look-alike letters among Cyrillic ones, as printed, with the pages they stand on. */
  mixedScriptCiphers?: { printed: string; cipher: string; pages: number[] }[];
  /** What the document certifies when it is an информационно-удостоверяющий лист. */
  iul?: IulFacts | null;
  /** The level of prices and the signature lines an estimate's text states (judged on estimates only). */
  estimateForm?: EstimateFormFacts;
  /** Placeholders and the parties' ИНН/ОГРН its pages state (judged on design assignments only). */
  assignmentForm?: AssignmentFormFacts;
  /** A design assignment in XML read as a document: what it lists, its parties and placeholders, with element paths. */
  assignmentXml?: AssignmentXmlForm;
  /** The words of the content requirements met on its pages, for the content map (content/). */
  content?: ContentFacts;
}

export type PriceLevel = 'current' | 'base';

export interface PriceLevelStatement {
  level: PriceLevel;
  /** The date the level is stated at (yyyy-mm-dd), when the heading gives one. */
  date: string | null;
  /** The heading's «Составлен(а) в … ценах» (true) or a total's «Итого … в базисных ценах» (false). */
  heading: boolean;
  raw: string;
  docPage: number;
  snippet: string;
}

export interface SignatureLine {
  role: 'Составил' | 'Проверил';
  /** The name typed after the role (a signature drawn by hand is not text), or null when the line holds only blanks. */
  name: string | null;
  /** Read by OCR from a picture of the page: a name written by hand there is not read, so a blank says nothing. */
  scanned: boolean;
  docPage: number;
  snippet: string;
}

/** «Основание: …» of the estimate's heading: the documents it prices, or nothing after the word. */
export interface BasisLine {
  /** What follows the word, without the form's blanks; empty when the line is printed with nothing after it. */
  value: string;
  scanned: boolean;
  docPage: number;
  snippet: string;
}

/** An index of the change of estimate cost applied to a cost item («Индекс к СМР 8,52 (…)»), with or without its source. */
export interface IndexStatement {
  /** The words from «индекс» to the value, as printed. */
  raw: string;
  /** A letter, an order or a decree with its number or date stands in the index's caption or beside it. */
  sourced: boolean;
  scanned: boolean;
  docPage: number;
  snippet: string;
}

/** The estimate's own date as its form states it: «Дата составления (сметы): …», «Дата утверждения: …». */
export interface EstimateDateStatement {
  field: 'made' | 'approved';
  /** ISO date; for a field naming a quarter rather than a day, the quarter's last day. */
  date: string;
  /** The quarter's first day when the field names a quarter («… в текущие цены на 1 квартал 2018 года»). */
  from?: string;
  text: string;
  docPage: number;
}

export interface EstimateFormFacts {
  priceLevels: PriceLevelStatement[];
  signatures: SignatureLine[];
  basis: BasisLine[];
  indexes: IndexStatement[];
  dates: EstimateDateStatement[];
}

/** The checksum and size an ИУЛ states for its document's file. */
export interface IulFacts {
  checksum: string | null;
  algorithm: 'CRC32' | 'MD5' | null;
  size: number | null;
  /** The ИУЛ's text without spaces, lower case (bounded): the volume's file name is looked for in it. */
  compactText: string;
  /** The day the file was last changed (yyyy-mm-dd), printed with its time («30.10.2025 16:28»); absent when not read. */
  changedOn?: string | null;
  /** Days of the signatures (yyyy-mm-dd): the other full dates of the sheet. */
  signedOn?: string[];
  /** Whether the sheet prints a document designation (a cipher) at all; absent when not read. */
  designated?: boolean;
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
