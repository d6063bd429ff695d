/**
 * The volume's own contents list from the text of its first sheets: «Содержание тома» (Обозначение | Наименование |
 * Примечание, the sheet in the last column) or a drawing register «Ведомость чертежей …» (Лист | Наименование |
 * Примечание, the sheet first). Text layers give one cell per line, or a whole row on one line, wrap titles over lines
 * and may put the sheet cell in the middle of a wrapped title; rows are told apart by their designations or sheet numbers.
 */
import { normalizeText } from '../text/normalize.ts';
import { parseCiphers } from './cipher.ts';
import { isRoleLabel } from './stamp.ts';
import type { ContentsList, EntryGroup } from './types.ts';

const HEADING_RE =
  /^(содержание\s+тома|содержание|ведомость\s+(?:рабочих\s+)?чертежей(?:\s+основного\s+комплекта)?|ведомость\s+(?:листов|чертежей)\s+графической\s+части)\s*(?:\(\s*продолжение\s*\))?\s*[.:]?$/iu;
const HEADER_WORD_RE = /^(?:обозначение|наименование|примечание|стр\.?|страница|лист|листы|№\s*листа|№|кол\.?\s*лист(?:ов)?\.?)$/iu;
const BINDING_RE = /^(?:инв\.?\s*№\s*подл\.?|подп\.?\s*и\s*дата|взам\.?\s*инв\.?\s*№|согласовано)$/iu;
const STAMP_START_RE = /^(?:изм\.?|изм\.?\s+кол\.?\s?уч.*|кол\.?\s?уч\.?)$/iu;
/** «л. 5», «5», «листы 2-15», «стр. 3…7»: the sheet cell (dashes are unified before). */
const SHEET_CELL_RE = /^(?:(?:л|лл|стр|с)\.\s*|лист(?:ы|ов)?\s+|стр(?:аницы)?\s+)?(\d{1,3})(?:\s*(?:-|\.{2,3}|…|по)\s*(\d{1,3}))?\.?$/iu;
/** A row on one line ending with its sheet: «… План 1-го этажа л. 5» or, after a designation, «… План 5». */
const TRAILING_LABELLED_RE = /^(.*[А-ЯЁа-яё].*?)\s+((?:л|стр)\.\s*\d{1,3}(?:\s*-\s*\d{1,3})?|лист(?:ы)?\s+\d{1,3}(?:\s*-\s*\d{1,3})?)$/u;
const TRAILING_BARE_RE = /^(.*[А-ЯЁа-яё].*?)\s+(\d{1,3}(?:\s*-\s*\d{1,3})?)$/u;
const LEADING_SHEET_RE = /^(\d{1,3})\s+([А-ЯЁа-яё«"].*)$/u;
const DESIGNATION_RE = /^([0-9A-ZА-ЯЁ][0-9A-ZА-ЯЁ./-]*-[А-ЯЁ]{1,6}\d*(?:\.\d+)*(?:[.-][А-ЯЁ]{1,3}\d*)?)(?:\s+(.+))?$/u;
const NUMBERED_HEADING_RE = /^\d{1,2}(?:\.\d{1,2})*\.?\s+[А-ЯЁ][а-яё]+/u;

const TEXT_GROUP_RE =
  /^(?:текстовая\s+часть(?:\s*\(?пояснительная\s+записка\)?)?|пояснительная\s+записка|содержание(?:\s+тома)?|титульный\s+лист|состав\s+проектной\s+документации)\.?$/iu;
const DRAWING_GROUP_RE = /^(?:графическая\s+часть|чертежи|графические\s+материалы)[.:]?$/iu;
const DRAWING_PREFIX_RE = /^графическая\s+часть\s*[.:,-]\s*/iu;

function groupOf(title: string): EntryGroup {
  const t = title.replace(/\s+/g, ' ').trim();
  if (TEXT_GROUP_RE.test(t)) return 'text';
  if (DRAWING_GROUP_RE.test(t)) return 'drawings';
  return null;
}

/** The title of an entry without the «Графическая часть.» before a drawing's own title. */
export function ownTitle(title: string): string {
  return title.replace(DRAWING_PREFIX_RE, '').trim();
}

function sheetCell(s: string): { from: number; to: number; range: boolean } | null {
  const m = SHEET_CELL_RE.exec(s.trim());
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] ? Number(m[2]) : from;
  return { from, to, range: m[2] !== undefined };
}

function designationOf(s: string): { designation: string; rest: string } | null {
  const m = DESIGNATION_RE.exec(s.trim());
  if (!m || !parseCiphers(m[1]!).length) return null;
  return { designation: m[1]!, rest: (m[2] ?? '').trim() };
}

interface Draft {
  designation: string | null;
  title: string[];
  sheet: { from: number; to: number; range: boolean } | null;
  cells: string[];
  docPage: number;
}

/** Page-by-page reader: a list may run on over the next sheet, repeating its head. */
export class ContentsReader {
  private list: ContentsList | null = null;
  private mode: 'sheet-last' | 'sheet-first' = 'sheet-last';
  /** The list ran to the end of its page (into the title block), so the next page may continue it. */
  private open = false;

  /** Reads one of the first pages. */
  read(text: string, docPage: number): void {
    const lines = normalizeText(text)
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter((l) => l && !BINDING_RE.test(l));
    let start: number;
    if (!this.list) {
      const at = this.findHeading(lines);
      if (at < 0) return;
      start = at;
    } else {
      if (!this.open) return;
      // a continuation repeats the head of the table (maybe under «Содержание тома (продолжение)»)
      let i = 0;
      if (HEADING_RE.test(lines[0] ?? '')) i = 1;
      const after = this.skipHeader(lines, i);
      if (after === i) {
        this.open = false;
        return;
      }
      start = after;
    }
    this.rows(lines, start, docPage);
  }

  finish(): ContentsList | null {
    const l = this.list;
    if (!l) return null;
    const ascending = l.entries.every((e, i) => e.to >= e.from && (i === 0 || e.from >= l.entries[i - 1]!.from));
    l.confident = l.entries.length >= 2 && l.unread * 4 <= l.entries.length && ascending;
    return l;
  }

  /** Index after the heading and its table head, or -1 when the page holds no contents list. */
  private findHeading(lines: string[]): number {
    for (let i = 0; i < lines.length; i++) {
      const h = HEADING_RE.exec(lines[i]!);
      if (!h) continue;
      const after = this.skipHeader(lines, i + 1);
      if (after === i + 1) continue;
      this.list = { kind: /^ведомость/i.test(h[1]!) ? 'drawings' : 'volume', heading: lines[i]!, docPage: 0, entries: [], unread: 0, confident: false };
      return after;
    }
    return -1;
  }

  /** Skips the table head («Обозначение | Наименование | Примечание», one cell a line or all on one); sets the mode. */
  private skipHeader(lines: string[], from: number): number {
    const words: string[] = [];
    let i = from;
    for (; i < lines.length && i < from + 8; i++) {
      const cells = lines[i]!.split(/\s+(?=обозначение|наименование|примечание|стр\.|лист)/iu);
      if (!cells.every((c) => HEADER_WORD_RE.test(c.trim()))) break;
      words.push(...cells.map((c) => c.trim().toLowerCase()));
    }
    if (!words.some((w) => w.startsWith('наименование')) || words.length < 2) return from;
    const first = words[0]!;
    this.mode = /^(?:лист|№)/.test(first) ? 'sheet-first' : 'sheet-last';
    return i;
  }

  private rows(lines: string[], start: number, docPage: number): void {
    const list = this.list!;
    if (!list.docPage) list.docPage = docPage;
    this.open = true;
    let cur: Draft | null = null;
    const fresh = (): Draft => ({ designation: null, title: [], sheet: null, cells: [], docPage });
    const flush = () => {
      if (cur) this.add(cur);
      cur = null;
    };
    for (let i = start; i < lines.length; i++) {
      const line = lines[i]!;
      if (STAMP_START_RE.test(line) || (line.length <= 20 && isRoleLabel(line))) break;
      if (HEADING_RE.test(line)) {
        // a second table under its own heading («Ведомость листов графической части» after «Содержание тома») goes on the list
        const after = this.skipHeader(lines, i + 1);
        if (after === i + 1 && !cur) {
          this.open = false;
          break;
        }
        if (after > i + 1) {
          flush();
          i = after - 1;
          continue;
        }
      }
      if (this.mode === 'sheet-first') {
        const sheet = sheetCell(line);
        const lead = LEADING_SHEET_RE.exec(line);
        if (sheet || lead) {
          flush();
          cur = fresh();
          cur.sheet = sheet ?? { from: Number(lead![1]), to: Number(lead![1]), range: false };
          cur.cells.push(line);
          if (lead) cur.title.push(lead[2]!);
          continue;
        }
        if (designationOf(line)?.rest === '') continue; // a designation column beside the sheet
        if (!cur) continue;
        cur.title.push(line);
        cur.cells.push(line);
        continue;
      }
      if (NUMBERED_HEADING_RE.test(line) && (!cur || (cur as Draft).sheet)) {
        this.open = false;
        break;
      }
      const des = designationOf(line);
      if (des) {
        flush();
        cur = fresh();
        cur.designation = des.designation;
        cur.cells.push(line);
        if (des.rest) this.text(cur, des.rest, true);
        continue;
      }
      const sheet = sheetCell(line);
      if (sheet) {
        if (!cur || (cur as Draft).sheet) {
          flush();
          cur = fresh();
        }
        cur!.sheet = sheet;
        cur!.cells.push(line);
        continue;
      }
      // an upper-case line after the row's sheet starts a row without a designation; a lower-case one wraps the title
      const startsRow = cur && (cur as Draft).sheet && /^[А-ЯЁA-Z«"]/u.test(line);
      if (!cur || startsRow) {
        flush();
        cur = fresh();
      }
      cur!.cells.push(line);
      this.text(cur!, line, false);
    }
    if (cur) this.add(cur);
  }

  /** A title cell, maybe with the row's sheet at its end («Текстовая часть л. 2»; a bare number only after a designation). */
  private text(cur: Draft, s: string, afterDesignation: boolean): void {
    const m = TRAILING_LABELLED_RE.exec(s) ?? (afterDesignation && !cur.sheet ? TRAILING_BARE_RE.exec(s) : null);
    const cell = m ? sheetCell(m[2]!) : null;
    if (m && cell && !cur.sheet) {
      cur.title.push(m[1]!);
      cur.sheet = cell;
      return;
    }
    cur.title.push(s);
  }

  private add(d: Draft): void {
    const list = this.list!;
    const title = d.title
      .join(' ')
      .replace(/\s+/g, ' ')
      .replace(/\s+,/g, ',')
      .replace(/[\s,:-]+$/, '')
      .trim();
    if (!d.sheet) {
      // a group label («Графическая часть») has neither sheet nor designation; a designated row without a sheet is unread
      if (d.designation) list.unread++;
      return;
    }
    if (!title) {
      list.unread++;
      return;
    }
    list.entries.push({
      from: d.sheet.from,
      to: d.sheet.to,
      range: d.sheet.range,
      title,
      designation: d.designation,
      group: groupOf(title),
      docPage: d.docPage,
      raw: d.cells.join(' ').replace(/\s+/g, ' ').trim(),
    });
  }
}

/** The contents list of a document from the texts of its first pages (for tests and tools). */
export function parseContents(pages: readonly string[]): ContentsList | null {
  const r = new ContentsReader();
  for (const [i, t] of pages.entries()) r.read(t, i + 1);
  return r.finish();
}
