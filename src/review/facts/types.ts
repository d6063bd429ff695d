import type { RegistryEntry } from '../data/norms.ts';
import type { XmlNoteFacts } from '../extract/xml-note.ts';
import type { ReviewDocument } from '../types.ts';
import type { GpzuCitation } from './gpzu-citation.ts';

/** Key values compared across documents (normocontrol.md §3.3 C-04, C-06 … C-08). */
export type ValueKind = 'storeys' | 'floors' | 'area_total' | 'area_building' | 'area_plot' | 'volume' | 'apartments';

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

export interface TextFact {
  value: string;
  docPage: number;
  snippet: string;
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
  sheets: number | null;
  /** Roles of the signature rows: present with a name, present without one, or not printed. */
  roles: Record<StampRole, 'filled' | 'empty' | 'absent'>;
  /** The page carries signature rows at all (form 3 or 5), not just a sheet number (form 6). */
  hasRoleRows: boolean;
  cipher: string | null;
  /** The stage printed under «Стадия» as written (П, Р, РП, ПД, РД), or null. */
  stage?: string | null;
  /** Dates written in the signature rows («05.24», «12.03.2021»), as printed. */
  dates?: string[];
}

export interface NormCitation {
  entry: RegistryEntry;
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
  addresses: TextFact[];
  objectNames: TextFact[];
  cadastral: TextFact[];
  sheetRefs: SheetRef[];
  cipherRefs: CipherRef[];
  volumeRefs: VolumeRef[];
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
