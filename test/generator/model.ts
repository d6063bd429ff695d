/** Format-neutral model of a document: pages of blocks plus the title block of each sheet. */

export type Block =
  | { t: 'h'; text: string; anchor?: string; tags?: string[] }
  | { t: 'p'; text: string; anchor?: string; tags?: string[] }
  | { t: 'table'; head: string[]; rows: string[][]; widths?: number[]; anchor?: string; tags?: string[] }
  | { t: 'drawing'; caption: string; scale: string; grid: [number, number]; labels: string[]; anchor?: string; tags?: string[] };

export interface Role {
  role: string;
  surname: string;
  date: string;
}

/** Title block (основная надпись) of one sheet: form 5 first text sheet, 6 the following ones, 3 drawings. */
export interface Stamp {
  form: 3 | 5 | 6;
  cipher: string;
  stage: string;
  /** Printed sheet number (may be planted wrong). */
  sheet: string;
  /** «Листов», printed on the first sheet only. */
  sheets: string | null;
  roles: Role[];
  docTitle: string;
  objectName: string;
  sheetTitle: string;
  organization: string;
}

export interface TitlePage {
  organization: string;
  sro: string;
  customer: string;
  objectName: string;
  sectionLine: string;
  subsectionLine: string | null;
  cipher: string;
  volume: string;
  director: string;
  directorTitle: string;
  gip: string;
  city: string;
  year: number;
}

export interface Page {
  size: 'A4' | 'A3';
  title: TitlePage | null;
  blocks: Block[];
  stamp: Stamp | null;
}

export interface DocModel {
  code: string;
  cipher: string;
  fileName: string;
  format: 'pdf' | 'docx';
  title: string;
  pages: Page[];
}

/** Text-bearing fields of a block, for search and placeholder resolution. */
export function blockTexts(b: Block): string[] {
  switch (b.t) {
    case 'h':
    case 'p':
      return [b.text];
    case 'table':
      return [...b.head, ...b.rows.flat()];
    case 'drawing':
      return [b.caption, b.scale, ...b.labels];
  }
}

export function mapBlockTexts(b: Block, f: (s: string) => string): Block {
  switch (b.t) {
    case 'h':
    case 'p':
      return { ...b, text: f(b.text) };
    case 'table':
      return { ...b, head: b.head.map(f), rows: b.rows.map((r) => r.map(f)) };
    case 'drawing':
      return { ...b, caption: f(b.caption), labels: b.labels.map(f) };
  }
}
