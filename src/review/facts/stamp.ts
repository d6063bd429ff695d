import { fixLookalikes } from '../text/normalize.ts';
import type { PlacedLine } from '../types.ts';
import { parseCiphers } from './cipher.ts';
import { STAMP_ROLES, type StampFacts, type StampRole } from './types.ts';

const MM = 72 / 25.4;

// Labels as printed, also wrapped in a narrow cell («Нормоконтро|ль») or run into the surname («РазработалИванов»).
const END = String.raw`(?=$|[\s.:]|[А-ЯЁ])`;
const ROLE_RE: Record<StampRole, RegExp> = {
  'Разраб.': new RegExp(String.raw`^(?:[Рр]азраб(?:от(?:ал|чик)?)?|[Рр]азр|[Ии]сполнит(?:ель)?|[Вв]ыполнил)\.?${END}`),
  'Пров.': new RegExp(String.raw`^(?:[Пп]ров(?:ер(?:ил|ено|ка)?)?)\.?${END}`),
  'Н. контр.': new RegExp(String.raw`^(?:[Нн]\s?[./]?\s?-?\s?[Кк]онтр(?:оль|олер)?|[Нн]ормо-?(?:конт[а-яё]*)?)\.?${END}`),
  'ГИП': new RegExp(String.raw`^(?:ГИП|Гл\.?\s?инж\.?\s?пр(?:оекта)?|[Гг]лавный инженер проекта)\.?${END}`),
};
// Other rows of the signature block: they prove the block exists even if our four roles are missing.
const OTHER_ROLE_RE = /^(?:утв(?:ердил)?|нач\.?\s?отд(?:ела)?|гап|т\.?\s?контр|гл\.?\s?спец|рук\.?\s?гр|согласовано)\.?(?=$|[\s.:])/i;
const CHANGE_HEADER_RE = /^(?:изм\.?|кол\.?\s?уч\.?|№\s?док\.?|подп\.?|дата)$/i;

const sameRow = (a: PlacedLine, b: PlacedLine) => Math.abs(a.y + a.h / 2 - (b.y + b.h / 2)) < Math.max(a.h, b.h) * 0.6;
const below = (label: PlacedLine, v: PlacedLine) =>
  v.y > label.y + label.h * 0.5 && v.y - (label.y + label.h) < 12 * MM && Math.abs(v.x + v.w / 2 - (label.x + label.w / 2)) < 10 * MM;
const rightOf = (label: PlacedLine, v: PlacedLine) => v.x >= label.x + label.w - 1 && v.x - (label.x + label.w) < 45 * MM;

/** A surname-like word: letters, maybe initials; not another label, date or number. */
function hasName(s: string): boolean {
  const t = s.trim();
  if (!t || ROLE_RE['Разраб.'].test(t) || ROLE_RE['Пров.'].test(t) || ROLE_RE['Н. контр.'].test(t) || ROLE_RE['ГИП'].test(t) || OTHER_ROLE_RE.test(t)) return false;
  return /[А-ЯЁA-Z][а-яёa-z]{2,}/.test(t);
}

function intOnly(s: string): number | null {
  const m = /^\s*(\d{1,4})\s*$/.exec(s);
  return m ? Number(m[1]) : null;
}

/** Reads the title block of one page from the lines lying in its lower-right corner. */
export function parseStamp(lines: readonly PlacedLine[], docPage: number): StampFacts {
  const ls = lines.map((l) => ({ ...l, text: fixLookalikes(l.text).trim() })).filter((l) => l.text);
  const roles = Object.fromEntries(STAMP_ROLES.map((r) => [r, 'absent'])) as StampFacts['roles'];
  // a signature block has several rows; one «Главный инженер проекта …» line above a stamp is a signature of the text
  let roleRows = 0;
  for (const l of ls) {
    if (OTHER_ROLE_RE.test(l.text)) roleRows++;
    for (const role of STAMP_ROLES) {
      const m = ROLE_RE[role].exec(l.text);
      if (!m) continue;
      roleRows++;
      const rest = l.text.slice(m[0].length);
      const filled = hasName(rest) || ls.some((o) => o !== l && sameRow(l, o) && rightOf(l, o) && hasName(o.text));
      if (roles[role] !== 'filled') roles[role] = filled ? 'filled' : 'empty';
    }
  }
  let sheet: number | null = null;
  let sheets: number | null = null;
  for (const l of ls) {
    const inline = /^лист\s*[:№]?\s*(\d{1,4})$/i.exec(l.text);
    const inlineTotal = /^листов\s*[:]?\s*(\d{1,4})$/i.exec(l.text);
    if (inline && sheet === null) sheet = Number(inline[1]);
    if (inlineTotal && sheets === null) sheets = Number(inlineTotal[1]);
    const header = /^стадия\s+лист\s+листов$/i.test(l.text);
    if (header) {
      const v = ls.find((o) => below(l, o) || (o.y > l.y && o.y - l.y < 12 * MM && Math.abs(o.x - l.x) < 15 * MM && o !== l));
      const nums = v ? [...v.text.matchAll(/\d{1,4}/g)].map((x) => Number(x[0])) : [];
      if (nums[0] !== undefined && sheet === null) sheet = nums[0];
      if (nums[1] !== undefined && sheets === null) sheets = nums[1];
      continue;
    }
    const isLabel = /^лист$/i.test(l.text);
    const isTotal = /^листов$/i.test(l.text);
    if (!isLabel && !isTotal) continue;
    // «Лист» of the table of changes has «Изм.», «№ док.» beside it: not the sheet number
    if (isLabel && ls.some((o) => o !== l && sameRow(l, o) && CHANGE_HEADER_RE.test(o.text))) continue;
    const v = ls.filter((o) => o !== l && below(l, o)).sort((a, b) => a.y - b.y).map((o) => intOnly(o.text)).find((n) => n !== null);
    if (v === undefined || v === null) continue;
    if (isLabel && sheet === null) sheet = v;
    if (isTotal && sheets === null) sheets = v;
  }
  // the stamp's cipher is printed larger than anything quoted near it (a contents list above a Word stamp)
  const withCipher = ls.map((l) => ({ l, c: parseCiphers(l.text)[0] })).filter((x) => x.c);
  withCipher.sort((a, b) => b.l.h - a.l.h || b.l.y - a.l.y);
  const cipher = withCipher[0]?.c?.cipher ?? null;
  return { docPage, sheet, sheets, roles, hasRoleRows: roleRows >= 2, cipher };
}
