import { POINTS_PER_MM as MM } from '../../kernel/sheet-size.mjs';
import { fixLookalikes, unifyDashes } from '../text/normalize.ts';
import type { PlacedLine } from '../types.ts';
import { parseCiphers } from './cipher.ts';
import { STAMP_ROLES, type CipherFact, type StampFacts, type StampRole, type TitleBlockForm } from './types.ts';

// Labels as printed, also wrapped in a narrow cell («Нормоконтро|ль») or run into the surname («РазработалИванов»).
const END = String.raw`(?=$|[\s.:]|[А-ЯЁ])`;
const ROLE_SRC: Record<StampRole, string> = {
  // «Исполнил» is the developer's row in some organisations' forms; a survey report's performer signs by trade
  'Разраб.': String.raw`[Рр]азраб(?:от(?:ал|чик)?)?|[Рр]азр|[Ии]сполни(?:л|т(?:ель)?)|[Вв]ыполнил|[Гг]еодезист|[Гг]еолог|[Гг]идро(?:метео)?лог|[Ээ]колог`,
  'Пров.': String.raw`[Пп]ров(?:ер(?:ил|ено|ка)?)?`,
  // «Н.контроль», «Н. контр.», and «Н.контрол» cut off by a narrow cell
  'Н. контр.': String.raw`[Нн]\s?[./]?\s?-?\s?[Кк]онтр(?:ол(?:ь|ер)?)?|[Нн]ормо-?(?:конт[а-яё]*)?`,
  ГИП: String.raw`ГИП|Гл\.?\s?инж\.?\s?пр(?:оекта)?|[Гг]лавный инженер проекта`,
};
/** One expression for the four labels: the group that matched names the role (a line is tried once, not four times). */
const ROLE_RE = new RegExp(`^(?:${STAMP_ROLES.map((r) => `(${ROLE_SRC[r]})`).join('|')})\\.?${END}`);
// Other rows of the signature block: they prove the block exists even if our four roles are missing.
const OTHER_ROLE_RE = /^(?:утв(?:ердил)?|нач\.?\s?отд(?:ела)?|гап|т\.?\s?контр|гл\.?\s?спец|рук\.?\s?гр|согласовано)\.?(?=$|[\s.:])/i;
// «Изм. внес», «Составил»: rows of the form «Разрешение на внесение изменений» (ГОСТ Р 21.101, прил. Ж), not of a sheet's stamp
const CHANGE_PERMISSION_RE = /^(?:изм\.?\s?внес|составил)(?=$|[\s.:])/i;
const REGISTER_HEADER_RE = /^(?:наименование|примечание|обозначение)$/i;
const CHANGE_HEADER_RE = /^(?:изм\.?|кол\.?\s?уч\.?|№\s?док\.?|подп\.?|дата)$/i;
/** Lines that can hold the sheet number or the sheet count: «Лист», «Листов», «Лист 5», «Стадия Лист Листов». */
const SHEET_LABEL_RE = /^(?:лист|стадия)/i;

/** Whether a line or a table cell begins with one of the four role labels. */
export function isRoleLabel(text: string): boolean {
  return ROLE_RE.test(text);
}

/** The role a line's label names, or null. */
function roleOf(text: string): { role: StampRole; length: number } | null {
  const m = ROLE_RE.exec(text);
  if (!m) return null;
  const k = m.findIndex((g, i) => i > 0 && g !== undefined);
  return { role: STAMP_ROLES[k - 1]!, length: m[0].length };
}

const sameRow = (a: PlacedLine, b: PlacedLine) => Math.abs(a.y + a.h / 2 - (b.y + b.h / 2)) < Math.max(a.h, b.h) * 0.6;
const below = (label: PlacedLine, v: PlacedLine) =>
  v.y > label.y + label.h * 0.5 && v.y - (label.y + label.h) < 12 * MM && Math.abs(v.x + v.w / 2 - (label.x + label.w / 2)) < 10 * MM;
// a long label («Нормоконтроль») may run under the surname printed in the next column
const rightOf = (label: PlacedLine, v: PlacedLine) => v.x > label.x + label.w / 2 && v.x - (label.x + label.w) < 45 * MM;

/** The surname a signature cell prints — a capitalised word, maybe with initials; not another label, date or number. */
function nameIn(s: string): string | null {
  const t = s.trim();
  if (!t || ROLE_RE.test(t) || OTHER_ROLE_RE.test(t)) return null;
  return /[А-ЯЁA-Z][а-яёa-z]{2,}(?:-[А-ЯЁ][а-яё]{2,})?/.exec(t)?.[0] ?? null;
}

function intOnly(s: string): number | null {
  const m = /^\s*(\d{1,4})\s*$/.exec(s);
  return m ? Number(m[1]) : null;
}

/** A sheet number as printed: «7», or «3.1» — a sheet inserted after sheet 3 by a change (ГОСТ Р 21.101, 7.3.7). */
const SHEET_NO = String.raw`(\d{1,4})(?:\.(\d))?`;

function sheetNo(s: string): { sheet: number; insert: number | null } | null {
  const m = new RegExp(String.raw`^\s*${SHEET_NO}\s*$`).exec(s);
  return m ? { sheet: Number(m[1]), insert: m[2] ? Number(m[2]) : null } : null;
}

/**
 * The cipher a title-block line holds. CAD programs write the cell in pieces spaced apart («МЕС -БМК -04/24– ИОС 4.2»);
 * a line of capitals, digits and separators only is read again with those spaces taken out — a line with a lowercase
 * word is prose, whose spaces are real.
 */
function stampCipherOf(text: string): CipherFact | undefined {
  const line = unifyDashes(text);
  const found = parseCiphers(line)[0];
  if (found || !/\s/.test(line.trim()) || !/^[0-9A-ZА-ЯЁ\s./_-]+$/.test(line.trim())) return found;
  return parseCiphers(
    line
      .trim()
      .replace(/\s*([./_-])\s*/g, '$1')
      .replace(/([A-ZА-ЯЁ])\s+(?=\d)/g, '$1'),
  )[0];
}

/** What a title block says apart from its numbers: the same on every sheet of a document, so read once for all of them. */
interface StampLayout {
  roles: StampFacts['roles'];
  names: NonNullable<StampFacts['names']>;
  hasRoleRows: boolean;
  cipher: string | null;
  /** Lines that name the sheet number or count («Лист», «Листов», «Лист 5», «Стадия Лист Листов»). */
  labels: PlacedLine[];
  changePermission: boolean;
  sheetTitle: string | null;
  stage: string | null;
  dates: string[];
  form: TitleBlockForm | null;
}

const DATE_LIKE = /^\d{1,2}[./]\d{2,4}(?:[./]\d{2,4})?$/;
/** «Копировал», «Формат A2»: printed under the frame, below the title block, not in it. */
const FRAME_LABEL = /^(?:копировал|формат)/i;

/**
 * The sheet title of a drawing's title block (form 3, ГОСТ Р 21.101): the cell left of the organisation, below the
 * «Стадия | Лист | Листов» row. Only a block with the object's name between its cipher and that row is form 3: on a
 * text volume's first sheet (form 5) the document title stands in the same place.
 */
function sheetTitleOf(ls: readonly PlacedLine[], cipherLine: PlacedLine | null): string | null {
  const stage = ls.find((l) => /^стадия$/i.test(l.text));
  if (!stage || !cipherLine) return null;
  const left = stage.x - 75 * MM;
  const inTitleColumn = (l: PlacedLine) =>
    l.x >= left && l.x + l.w / 2 < stage.x && !isRoleLabel(l.text) && !OTHER_ROLE_RE.test(l.text) && !DATE_LIKE.test(l.text) && !FRAME_LABEL.test(l.text);
  const objectRow = ls.some((l) => l !== cipherLine && inTitleColumn(l) && l.y > cipherLine.y + cipherLine.h - 1 && l.y + l.h < stage.y + 1);
  if (!objectRow) return null;
  // the stage letter under its label marks the bottom of the row; the title cell starts below it
  const value = ls.filter((o) => o !== stage && below(stage, o)).sort((a, b) => a.y - b.y)[0];
  const rowBottom = value ? value.y + value.h : stage.y + stage.h + 10 * MM;
  const parts = ls.filter((l) => inTitleColumn(l) && l.y >= rowBottom - 1 && l.y - rowBottom < 20 * MM).sort((a, b) => a.y - b.y || a.x - b.x);
  const title = parts
    .map((l) => l.text.trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return /[А-ЯЁа-яё]{2}/.test(title) ? title : null;
}

/** The stage letters a title block prints: П, Р, РП (рабочий проект), ПД, РД; Latin look-alikes are fixed before. */
const STAGE_VALUE = /^(РД|РП|ПД|П|Р)(?=$|\s)/;
const ROW_DATE = /^\d{2}\.\d{2}(?:\.(?:\d{2}|\d{4}))?$/;

/** A stage typed in Latin look-alikes («P», «PD») alone in its cell: look-alike fixing leaves all-Latin words as they are. */
const cyrillicStage = (s: string) => s.replace(/^[PD]{1,2}(?=$|\s)/, (w) => (w === 'D' ? w : w.replace('P', 'Р').replace('D', 'Д')));

/** The stage under the «Стадия» label (or after it on its line: «Стадия П», «Стадия Лист Листов» over «П 5 12»). */
function stageOf(ls: readonly PlacedLine[]): string | null {
  for (const l of ls) {
    const m = /^стадия\s*:?\s*(.*)$/i.exec(l.text);
    if (!m) continue;
    const inline = STAGE_VALUE.exec(m[1]!.trim());
    if (inline && !/^лист/i.test(m[1]!.trim())) return inline[1]!;
    const under =
      ls.filter((o) => o !== l && below(l, o)).sort((a, b) => a.y - b.y)[0] ??
      ls.find((o) => o !== l && o.y > l.y && o.y - l.y < 12 * MM && Math.abs(o.x - l.x) < 15 * MM);
    const v = under ? STAGE_VALUE.exec(cyrillicStage(under.text.trim())) : null;
    if (v) return v[1]!;
  }
  return null;
}

/**
 * The form of a title block from what it prints: a sheet title makes form 3; signature rows with «Стадия» or «Листов»
 * make the large block of form 5 (a drawing whose sheet title was not read looks the same); «Лист» alone without
 * signature rows is the small block of form 6.
 */
function formOf(ls: readonly PlacedLine[], labels: readonly PlacedLine[], hasRoleRows: boolean, sheetTitle: string | null): TitleBlockForm | null {
  if (sheetTitle) return 3;
  const stageOrTotal = ls.some((l) => /^стадия/i.test(l.text)) || labels.some((l) => /^листов/i.test(l.text));
  if (hasRoleRows && stageOrTotal) return 5;
  if (!hasRoleRows && !stageOrTotal && labels.some((l) => /^лист(?:$|[\s:№\d])/i.test(l.text))) return 6;
  return null;
}

/** Dates of the signature rows: a date on the same row as a role label. */
function rowDates(ls: readonly PlacedLine[]): string[] {
  const rows = ls.filter((l) => roleOf(l.text) || OTHER_ROLE_RE.test(l.text));
  return ls.filter((l) => ROW_DATE.test(l.text) && rows.some((r) => sameRow(r, l) && l.x > r.x)).map((l) => l.text);
}

const NUMBER_ONLY = /^\s*\d+(?:\.\d)?\s*$/;

function layoutOf(ls: readonly PlacedLine[]): StampLayout {
  const roles = Object.fromEntries(STAMP_ROLES.map((r) => [r, 'absent'])) as StampFacts['roles'];
  const names: StampLayout['names'] = {};
  // a signature block has several rows; one «Главный инженер проекта …» line above a stamp is a signature of the text
  let roleRows = 0;
  for (const l of ls) {
    if (OTHER_ROLE_RE.test(l.text)) roleRows++;
    const label = roleOf(l.text);
    if (!label) continue;
    roleRows++;
    const rest = l.text.slice(label.length);
    const name =
      nameIn(rest) ??
      ls
        .filter((o) => o !== l && sameRow(l, o) && rightOf(l, o))
        .sort((a, b) => a.x - b.x)
        .map((o) => nameIn(o.text))
        .find((n) => n !== null) ??
      null;
    if (roles[label.role] === 'filled') continue;
    roles[label.role] = name ? 'filled' : 'empty';
    if (name) names[label.role] = name;
  }
  // «Лист» of the table of changes has «Изм.», «№ док.» beside it: not the sheet number
  // nor is the «Лист» column head of a drawing register printed just above a Word stamp («Лист | Наименование | Примечание»)
  const labels = ls.filter(
    (l) =>
      SHEET_LABEL_RE.test(l.text) &&
      !(/^лист$/i.test(l.text) && ls.some((o) => o !== l && sameRow(l, o) && (CHANGE_HEADER_RE.test(o.text) || REGISTER_HEADER_RE.test(o.text)))),
  );
  // the stamp's cipher is printed larger than anything quoted near it (a contents list above a Word stamp); a word
  // processor's en dash («04/24–ИОС4.2.ПЗ») is the hyphen it replaced
  const withCipher = ls.map((l) => ({ l, c: stampCipherOf(l.text) })).filter((x) => x.c);
  withCipher.sort((a, b) => b.l.h - a.l.h || b.l.y - a.l.y);
  const changePermission = ls.some((l) => CHANGE_PERMISSION_RE.test(l.text));
  const sheetTitle = sheetTitleOf(ls, withCipher[0]?.l ?? null);
  return {
    roles,
    names,
    form: formOf(ls, labels, roleRows >= 2, sheetTitle),
    hasRoleRows: roleRows >= 2,
    cipher: withCipher[0]?.c?.cipher ?? null,
    labels,
    changePermission,
    sheetTitle,
    stage: stageOf(ls),
    dates: rowDates(ls),
  };
}

/** The cells on the row of the stage under a «Стадия» label, right of it within the block's 35 mm, left to right. */
function stageCellRow(ls: readonly PlacedLine[]): PlacedLine[] {
  const label = ls.find((l) => /^стадия$/i.test(l.text));
  const value = label && ls.filter((o) => o !== label && below(label, o)).sort((a, b) => a.y - b.y)[0];
  if (!value || !STAGE_VALUE.test(cyrillicStage(value.text.trim()))) return [];
  return ls.filter((o) => o !== value && sameRow(o, value) && o.x > value.x + value.w && o.x - (value.x + value.w) < 35 * MM).sort((a, b) => a.x - b.x);
}

/** The sheet number (with the part of an inserted sheet) and count: written in a label line, or the first number below its label. */
function sheetNumbers(labels: readonly PlacedLine[], ls: readonly PlacedLine[]): { sheet: number | null; sheets: number | null; sheetInsert?: number } {
  let no: { sheet: number; insert: number | null } | null = null;
  let sheets: number | null = null;
  for (const l of labels) {
    const inline = new RegExp(String.raw`^лист\s*[:№]?\s*${SHEET_NO}$`, 'i').exec(l.text);
    const inlineTotal = /^листов\s*[:]?\s*(\d{1,4})$/i.exec(l.text);
    if (inline && no === null) no = { sheet: Number(inline[1]), insert: inline[2] ? Number(inline[2]) : null };
    if (inlineTotal && sheets === null) sheets = Number(inlineTotal[1]);
    if (/^стадия\s+лист\s+листов$/i.test(l.text)) {
      const v = ls.find((o) => below(l, o) || (o.y > l.y && o.y - l.y < 12 * MM && Math.abs(o.x - l.x) < 15 * MM && o !== l));
      const nums = v ? [...v.text.matchAll(new RegExp(SHEET_NO, 'g'))] : [];
      if (nums[0] && no === null) no = { sheet: Number(nums[0][1]), insert: nums[0][2] ? Number(nums[0][2]) : null };
      if (nums[1] && sheets === null) sheets = Number(nums[1][1]);
      continue;
    }
    const isLabel = /^лист$/i.test(l.text);
    const isTotal = /^листов$/i.test(l.text);
    if (!isLabel && !isTotal) continue;
    const under = ls.filter((o) => o !== l && below(l, o)).sort((a, b) => a.y - b.y);
    if (isLabel && no === null) no = under.map((o) => sheetNo(o.text)).find((n) => n !== null) ?? null;
    if (isTotal && sheets === null) sheets = under.map((o) => intOnly(o.text)).find((n) => n !== null) ?? null;
  }
  if (no === null) {
    // «Лист» not read (a label drawn as lines and recognised badly): the cells right of the stage under «Стадия» hold
    // the sheet and the count, as forms 3 and 5 lay them out (15 and 20 mm wide)
    const row = stageCellRow(ls);
    const first = row[0] ? sheetNo(row[0].text) : null;
    if (first) no = { sheet: first.sheet, insert: first.insert };
    if (first && row[1] && sheets === null) sheets = intOnly(row[1].text);
  }
  return { sheet: no?.sheet ?? null, sheets, ...(no?.insert ? { sheetInsert: no.insert } : {}) };
}

/**
 * Reads the title blocks of one document page by page. Sheets of a document repeat their title block but for its
 * numbers, so the roles, the cipher and the labels read from one sheet are reused while the rest of the block stays
 * the same, and only the numbers are read again.
 */
export class StampReader {
  private lastKey: string | null = null;
  private last: StampLayout | null = null;
  /** The last block's lines other than numbers, look-alikes fixed and trimmed (null: blank), in order. */
  private lastOthers: (PlacedLine | null)[] = [];

  read(lines: readonly PlacedLine[], docPage: number): StampFacts {
    let key = '';
    for (const l of lines) if (!NUMBER_ONLY.test(l.text)) key += `${l.x},${l.y},${l.w},${l.h},${l.text}\n`;
    const same = key === this.lastKey;
    if (!same) {
      this.lastOthers = lines
        .filter((l) => !NUMBER_ONLY.test(l.text))
        .map((l) => {
          const text = fixLookalikes(l.text).trim();
          return text ? { ...l, text } : null;
        });
    }
    // the page's lines in their order: its own numbers, the others as read before
    const ls: PlacedLine[] = [];
    let k = 0;
    for (const l of lines) {
      if (NUMBER_ONLY.test(l.text)) ls.push({ ...l, text: l.text.trim() });
      else {
        const o = this.lastOthers[k++];
        if (o) ls.push(o);
      }
    }
    if (!same || !this.last) {
      this.last = layoutOf(ls);
      this.lastKey = key;
    }
    const { roles, names, hasRoleRows, cipher, labels, changePermission, sheetTitle, stage, dates, form } = this.last;
    return {
      docPage,
      ...sheetNumbers(labels, ls),
      roles: { ...roles },
      names: { ...names },
      hasRoleRows,
      cipher,
      changePermission,
      ...(sheetTitle ? { sheetTitle } : {}),
      stage,
      dates: [...dates],
      form,
    };
  }
}

// a specification (ГОСТ 21.110, its column «Наименование и техническая характеристика»), a list, a questionnaire
const BOUND_PART_HEAD = /спецификаци|ведомост|наименование\s+и\s+техническая\s+характеристика|опросн\S*\s+лист|перечень/i;

/** Whether a sheet opens a part bound after the drawings: its title or the beginning of its text names a specification or a list. */
export function opensBoundPart(stamp: StampFacts, text: string): boolean {
  return BOUND_PART_HEAD.test(stamp.sheetTitle ?? '') || BOUND_PART_HEAD.test(text.slice(0, 400));
}

/** Reads the title block of one page from the lines lying in its lower-right corner. */
export function parseStamp(lines: readonly PlacedLine[], docPage: number): StampFacts {
  return new StampReader().read(lines, docPage);
}
