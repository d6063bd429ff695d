// The prefaces of the norms Akumsk/russian-construction-standards holds (CC BY 4.0): for every text in its whole history,
// the designation, the order that approved it, the date it came into force and what it replaced («Взамен …», «Пересмотр
// …», «Актуализированная редакция …») or that it was issued for the first time. Read from the bare mirror the fetch brings
// (git only, no work tree) and written as the project's own data, src/review/data/norms-sources/prefaces.json; no text of
// the repository is kept. scripts/build-norms.ts calls it when the mirror is present; without it the committed data stands.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findNormRefs, prepareForNorms, type NormRef } from './matcher.ts';
import type { Preface, PrefacesFile } from './registry-build.ts';

export const PREFACES_REPOSITORY = 'Akumsk/russian-construction-standards';

const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];
const MONTH = `(${MONTHS.join('|')})`;
/** «17 февраля 2019 г.», «17.02.2019», «2019-02-17»: a date in any of the prefaces' ways. */
const DATE = String.raw`(?:[«"]?(\d{1,2})[»"]? ?${MONTH} ?(\d{4})|(\d{1,2})\.(\d{2})\.(\d{4})|(\d{4}) ?- ?(\d{2}) ?- ?(\d{2}))`;

function isoOf(m: RegExpExecArray, at: number): string | null {
  const pad = (n: string) => n.padStart(2, '0');
  let y: string;
  let mo: string;
  let d: string;
  if (m[at]) [d, mo, y] = [m[at]!, String(MONTHS.indexOf(m[at + 1]!) + 1), m[at + 2]!];
  else if (m[at + 3]) [d, mo, y] = [m[at + 3]!, m[at + 4]!, m[at + 5]!];
  else if (m[at + 6]) [y, mo, d] = [m[at + 6]!, m[at + 7]!, m[at + 8]!];
  else return null;
  const iso = `${y}-${pad(mo)}-${pad(d)}`;
  const t = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(t.getTime()) || t.toISOString().slice(0, 10) !== iso || Number(y) < 1950 ? null : iso;
}

/** «Д а т а  в в е д е н и я» as well as «Дата введения»: a phrase whose letters the text layer may have spaced out. */
const spaced = (phrase: string) =>
  phrase
    .split(' ')
    .map((w) => [...w].join(' ?'))
    .join(' ?');

/** The prefaces' text: spaces of every kind as one, dashes as «-», hyphenation joined. */
export function flatPreface(text: string): string {
  return text
    .replace(/[\u00a0\u2007\u202f\u2009]/g, ' ')
    .replace(/\u00ad\s*/g, '')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\s+/g, ' ');
}

/** The part of the text before the scope («1 Область применения»): what follows is no preface. */
function prefacePart(flat: string): string {
  const scope = new RegExp(`1 ?${spaced('Область применения')}`, 'i').exec(flat);
  return scope && scope.index > 200 ? flat.slice(0, scope.index + 400) : flat.slice(0, 12000);
}

const IN_FORCE: RegExp[] = [
  // an interstate standard: the date it came into force in the Russian Federation
  new RegExp(String.raw`введен[а-я]? в действие в качестве национального стандарта Российской Федерации с ${DATE}`, 'i'),
  new RegExp(String.raw`введен[а-я]? в действие с ${DATE}`, 'i'),
  new RegExp(`${spaced('Дата введения')} ?[-:]? ?${DATE}`, 'i'),
];

/** «С изменением № 1» on the title page: the text is an amended one, and its «Дата введения» may be the amendment's. */
const AMENDED = new RegExp(`${spaced('С изменени')}[а-я ]{0,6}(?:№|N) ?\\d`, 'i');

function inForceOf(flat: string): string | null {
  for (const [i, re] of IN_FORCE.entries()) {
    const m = re.exec(flat);
    const iso = m ? isoOf(m, 1) : null;
    // the approving item's date is the original's; the heading's of an amended text may be the amendment's
    if (iso && (i < IN_FORCE.length - 1 || !AMENDED.test(flat.slice(0, 3000)))) return iso;
  }
  return null;
}

/** The preface's item «4 УТВЕРЖДЕН …», up to the next item («5 ЗАРЕГИСТРИРОВАН …»). */
const APPROVED_ITEM = new RegExp(String.raw`\d{1,2}\.? ?${spaced('УТВЕРЖДЕН')}[А-Я]?(.{0,400}?)(?= \d{1,2}\.? ?[А-ЯЁ] ?[А-ЯЁ] ?[А-ЯЁ]|$)`);
const ORDER_DATE_FIRST = new RegExp(String.raw`от ${DATE} ?(?:г(?:ода)?\.?)? ?(?:№|N) ?(\d[\dА-Яа-я/-]{0,11})`);
const ORDER_NUMBER_FIRST = new RegExp(String.raw`(?:№|N) ?(\d[\dА-Яа-я/-]{0,11}) от ${DATE}`);

/** The order that approved it: «4 УТВЕРЖДЕН приказом … от 16 августа 2018 г. № 531/пр», «… (МЧС России) № 194 от 19 марта 2020 г.». */
function orderOf(flat: string): { approved: string; order: string } | null {
  const item = APPROVED_ITEM.exec(flat)?.[1];
  if (!item || /закон/i.test(item.split(/ от /)[0]!)) return null;
  const body = /постановлени/i.test(item) ? 'постановление' : 'приказ';
  let approved: string | null = null;
  let number = '';
  const a = ORDER_DATE_FIRST.exec(item);
  const b = ORDER_NUMBER_FIRST.exec(item);
  if (a && (!b || a.index <= b.index)) [approved, number] = [isoOf(a, 1), a[10]!];
  else if (b) [approved, number] = [isoOf(b, 2), b[1]!];
  if (!approved) return null;
  return { approved, order: `${body} от ${approved.split('-').reverse().join('.')} № ${number.replace(/-+$/, '')}` };
}

/** Every norm designation in a piece of the preface, written as the project writes them. */
function designations(piece: string): NormRef[] {
  return findNormRefs(prepareForNorms(piece)).filter((r) => r.year !== null && NORM_TYPES.has(r.type));
}

/** Kinds of norm a preface names as replaced (its laws and orders are cited, not replaced). */
const NORM_TYPES = new Set<NormRef['type']>(['СНИП', 'СП', 'СПСТАР', 'ГОСТ', 'САНПИН', 'ГН', 'НПБ', 'ВСН', 'МДС', 'РД']);

/** A reference written back as a designation: «СП 38.13330.2012», «СНиП 2.06.04-82», «ГОСТ Р 21.1101-2013». */
export function written(r: NormRef): string {
  if (r.type === 'СП') return `${r.key}.${r.year}`;
  return r.raw
    .replace(/^СНИП ?/, 'СНиП ')
    .replace(/^САНПИН ?/, 'СанПиН ')
    .replace(/^ГОСТ ?Р ?/, 'ГОСТ Р ')
    .replace(/^ГОСТ(?=\d)/, 'ГОСТ ')
    .replace(/^СП(?=\d)/, 'СП ');
}

/** What it replaced, and how the preface says it. */
function replacedOf(part: string, self: string): Pick<Preface, 'replaces' | 'basis'> {
  const other = (refs: NormRef[]) => refs.map(written).filter((d) => d !== self);
  // «ВЗАМЕН ГОСТ 30826-2001»: up to the next item of the preface («5 …» in capitals) or a sentence's end
  const instead = /ВЗАМЕН (.{3,240}?)(?= \d{1,2}\.? [А-ЯЁ]| Информаци| В случае| Правила применения|\. [А-ЯЁ][а-яё]|$)/.exec(part);
  // «… в части …»: replaced in part only, the older one stays in force for the rest
  if (instead && !/в части/i.test(instead[1]!)) {
    const list = other(designations(instead[1]!));
    if (list.length > 0) return { replaces: [...new Set(list)], basis: 'взамен' };
  }
  // «Пересмотр СП 38.13330.2012 «СНиП 2.06.04-82* …»»: the first designation is the edition revised, the rest its title
  const revision = /Пересмотр (.{3,80})/.exec(part);
  if (revision) {
    const [first] = other(designations(revision[1]!));
    if (first) return { replaces: [first], basis: 'пересмотр' };
  }
  if (new RegExp(`${spaced('ВВЕДЕН')}[А-Я]? ?${spaced('ВПЕРВЫЕ')}`, 'i').test(part)) return { replaces: [], basis: 'впервые' };
  const updated = new RegExp(`${spaced('Актуализированная редакция')} (.{3,60})`, 'i').exec(part);
  if (updated) {
    const [first] = other(designations(updated[1]!).filter((r) => r.type === 'СНИП' || r.type === 'СПСТАР'));
    if (first) return { replaces: [first], basis: 'актуализированная редакция' };
  }
  return { replaces: [], basis: null };
}

/** The designation a metadata record names, checked against the text: null when it is not a norm the registry keys. */
export function designationOf(type: string, number: string, flat: string, file = ''): string | null {
  const t = type.trim().toLowerCase();
  let prefix: string;
  if (t === 'свод правил' || t === 'санитарно-эпидемиологические правила') prefix = 'СП';
  else if (t === 'гост' || t === 'гост р') {
    // the metadata sometimes files a national standard as ГОСТ: the title page tells
    const national = new RegExp(String.raw`ГОСТ ?Р ?${number.split('-')[0]!.replace(/\./g, String.raw` ?\. ?`)} ?-`).test(flat.slice(0, 3000));
    prefix = t === 'гост р' || national || /ГОСТ Р /.test(file) ? 'ГОСТ Р' : 'ГОСТ';
  } else if (/^санпин|^санитарные правила и нормы/.test(t)) prefix = 'СанПиН';
  else return null;
  const ref = designations(`${prefix} ${number.trim()}`)[0];
  if (!ref) return null;
  return written(ref);
}

/** One text of the repository read: its preface, or null when it is no norm the registry keys. */
export function readPreface(
  meta: { document_type?: string; number?: string; full_name?: string },
  pages: string[],
  where: { commit: string; file: string },
): Omit<Preface, 'current'> | null {
  const flat = flatPreface(pages.slice(0, 14).join('\n'));
  const designation = designationOf(meta.document_type ?? '', meta.number ?? '', flat, where.file);
  if (!designation) return null;
  const part = prefacePart(flat);
  const order = orderOf(part);
  return {
    designation,
    title: (meta.full_name ?? '').replace(/\s+/g, ' ').trim(),
    approved: order?.approved ?? null,
    order: order?.order ?? null,
    inForce: inForceOf(part) ?? inForceOf(flat),
    ...replacedOf(part, designation),
    commit: where.commit,
    file: where.file,
  };
}

const git = (dir: string, ...args: string[]) => execFileSync('git', ['-C', dir, '-c', 'core.quotepath=off', ...args], { maxBuffer: 1 << 28 });

/** Where the fetch puts the mirror: <mirrors>/Akumsk+russian-construction-standards/repo. */
export const mirrorDir = (mirrors: string) => join(mirrors, PREFACES_REPOSITORY.replace('/', '+'), 'repo');

/**
 * Every text of the repository's whole history, one record per designation: the newest text of it wins (the history
 * holds corrected uploads of the same document), its commit the first one holding that text.
 */
export function readMirror(dir: string): PrefacesFile | null {
  if (!existsSync(dir)) return null;
  const head = git(dir, 'rev-parse', 'HEAD').toString().trim();
  const atHead = new Set(git(dir, 'ls-tree', '-r', '--name-only', 'HEAD').toString().split('\n').filter(Boolean));
  // oldest first: a later text of the same designation replaces an earlier one
  const log = git(dir, 'log', '--all', '--reverse', '--format=C %H', '--raw', '--no-abbrev').toString().split('\n');
  const blobs = new Map<string, { commit: string; file: string }>();
  let commit = '';
  for (const line of log) {
    if (line.startsWith('C ')) commit = line.slice(2);
    else if (line.startsWith(':')) {
      const [meta, file] = line.split('\t');
      const blob = meta!.split(' ')[3]!;
      if (file?.endsWith('.json') && !/^0+$/.test(blob) && !blobs.has(blob)) blobs.set(blob, { commit, file });
    }
  }
  const byDesignation = new Map<string, Preface>();
  const currentDesignations = new Set<string>();
  for (const [blob, where] of blobs) {
    let data: { pages?: { page_content?: string }[]; document_type?: string; number?: string; full_name?: string };
    try {
      data = JSON.parse(git(dir, 'cat-file', 'blob', blob).toString('utf8'));
    } catch {
      continue;
    }
    if (!Array.isArray(data.pages)) continue;
    const p = readPreface(
      data,
      data.pages.map((pg) => pg.page_content ?? ''),
      where,
    );
    if (!p) continue;
    if (atHead.has(where.file)) currentDesignations.add(p.designation);
    const before = byDesignation.get(p.designation);
    // a later upload keeps what an earlier one read and it lacks
    byDesignation.set(p.designation, {
      ...p,
      approved: p.approved ?? before?.approved ?? null,
      order: p.order ?? before?.order ?? null,
      inForce: p.inForce ?? before?.inForce ?? null,
      ...(p.basis === null && before ? { replaces: before.replaces, basis: before.basis } : {}),
      current: false,
    });
  }
  const documents = [...byDesignation.values()]
    .map((p) => ({ ...p, current: currentDesignations.has(p.designation) }))
    .sort((a, b) => a.designation.localeCompare(b.designation, 'ru', { numeric: true }));
  return { repository: PREFACES_REPOSITORY, license: 'CC BY 4.0', head, documents };
}
