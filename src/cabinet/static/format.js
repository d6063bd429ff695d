// Russian forms: plurals, dates, sizes, durations, and names of codes.
/** @import { CabinetRun, FindingsResult, RunStatus } from '../api-types.ts' */

/** Russian word forms for one, a few and many: ['замечание', 'замечания', 'замечаний']. @typedef {readonly [string, string, string]} Forms */

/** plural(5, ['замечание', 'замечания', 'замечаний']) → «5 замечаний». @param {number} n @param {Forms} forms */
export function plural(n, forms, withNumber = true) {
  const a = Math.abs(n) % 100;
  const b = a % 10;
  const form = a > 10 && a < 20 ? forms[2] : b > 1 && b < 5 ? forms[1] : b === 1 ? forms[0] : forms[2];
  return withNumber ? `${n.toLocaleString('ru-RU')} ${form}` : form;
}

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Variation_Selector}\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0]|\u034f/gu;
const BLANK = /^\p{White_Space}*$/u;

/**
 * A document name as shown, by the rule of src/kernel/display-name.ts: without control, format and invisible
 * characters; a name (or the last part of a path) left blank before its extension shown as «Документ без имени».
 * @param {string} name
 */
export function shownName(name) {
  const shown = name.replace(INVISIBLE, '');
  const slash = shown.lastIndexOf('/');
  const folder = shown.slice(0, slash + 1);
  const file = shown.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  if (!BLANK.test(dot >= 0 ? file.slice(0, dot) : file)) return shown;
  const extension = dot >= 0 && !BLANK.test(file.slice(dot + 1)) ? file.slice(dot).trim() : '';
  return `${BLANK.test(folder.replaceAll('/', '')) ? '' : folder}Документ без имени${extension}`;
}

/** @satisfies {Record<string, Forms>} */
export const W = {
  findings: ['замечание', 'замечания', 'замечаний'],
  pages: ['страница', 'страницы', 'страниц'],
  docs: ['документ', 'документа', 'документов'],
  files: ['файл', 'файла', 'файлов'],
  checks: ['проверка', 'проверки', 'проверок'],
  runs: ['проверка', 'проверки', 'проверок'],
  questions: ['вопрос', 'вопроса', 'вопросов'],
  minutes: ['минута', 'минуты', 'минут'],
  seconds: ['секунда', 'секунды', 'секунд'],
  days: ['день', 'дня', 'дней'],
  // other cases, for «из 5 замечаний», «до 100 документов», «в 4 файлах»
  findingsOf: ['замечания', 'замечаний', 'замечаний'],
  docsOf: ['документа', 'документов', 'документов'],
  pagesOf: ['страницы', 'страниц', 'страниц'],
  filesIn: ['файле', 'файлах', 'файлах'],
};

// Times in the organization's time zone (the session's time_zone; Moscow until it is read), as the reports give them.
/** @type {Intl.DateTimeFormat} */
let dateTime;
/** @type {Intl.DateTimeFormat} */
let dateOnly;
/** @type {string} */
let zoneName;
/** @param {string} [timeZone] an IANA name */
export function setTimeZone(timeZone = 'Europe/Moscow') {
  dateTime = new Intl.DateTimeFormat('ru-RU', { timeZone, day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  dateOnly = new Intl.DateTimeFormat('ru-RU', { timeZone, day: 'numeric', month: 'long', year: 'numeric' });
  zoneName = timeZone === 'Europe/Moscow' ? 'МСК' : timeZone;
}
setTimeZone();
// Days of usage are UTC calendar dates (YYYY-MM-DD): shown as such in any time zone.
const shortDate = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** @param {string | null | undefined} iso */
export const fmtDateTime = (iso) => (iso ? `${dateTime.format(new Date(iso))} ${zoneName}` : '—');
/** @param {string | null | undefined} iso */
export const fmtDate = (iso) => (iso ? dateOnly.format(new Date(iso)) : '—');
/** @param {string} iso */
export const fmtShortDate = (iso) => shortDate.format(new Date(iso));

/** @param {number} n */
export function fmtBytes(n) {
  if (!n) return '0 байт';
  const units = ['байт', 'КБ', 'МБ', 'ГБ'];
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n.toLocaleString('ru-RU', { maximumFractionDigits: i ? 1 : 0 })} ${units[i]}`;
}

/** «≈ 3 минуты», «≈ 40 секунд». @param {number | null | undefined} s seconds */
export function fmtEta(s) {
  if (s === null || s === undefined) return '';
  if (s < 60) return `≈ ${plural(Math.max(1, Math.round(s)), W.seconds)}`;
  return `≈ ${plural(Math.round(s / 60), W.minutes)}`;
}

/** @type {Record<string, string>} */
export const STATUS = { queued: 'В очереди', running: 'Выполняется', done: 'Готово', failed: 'Не выполнена' };
/** @type {Record<string, string>} */
export const IMPORTANCE = { critical: 'Критическое', significant: 'Существенное', minor: 'Незначительное' };
export const IMPORTANCE_ORDER = ['critical', 'significant', 'minor'];
// the names the reports and their file names give the themes (src/report/labels.ts THEME_LABELS; test/cabinet/format.test.ts holds them equal)
/** @type {Record<string, string>} */
export const THEME = {
  engineering: 'Инженерные системы и технологические решения',
  norms: 'Нормативные требования и оформление',
  construction: 'Архитектурные, конструктивные и организационные решения',
  unassigned: 'Комплектность и общие требования',
};
/** @type {Record<string, string>} */
export const FINDING_STATUS = { open: 'Открыто' };
/** @type {Record<string, string>} */
export const DECISION = { accepted: 'Принято', rejected: 'Отклонено', withdrawn: 'Решение отозвано' };
/** @type {Record<string, string>} */
export const ROLE = { review: 'Проверяемый', context: 'Справочный' };
/** @type {Record<string, string>} */
export const DELIVERY = {
  pending: 'Ожидает отправки',
  delivered: 'Доставлено',
  rejected: 'Отклонено получателем',
  failed: 'Попытки исчерпаны',
  denied: 'Адрес запрещён',
};

/** @type {Record<string, string>} */
export const NOTE_STATUS = { candidate: 'Предложена', revoked: 'Отозвана' };
/** @type {Record<string, string>} */
export const EVENT = { 'run.finished': 'Проверка завершена', 'run.failed': 'Проверка не выполнена' };

/** The Russian name of a code, or the code itself when it has none. @param {Record<string, string>} map @param {string} code */
export const label = (map, code) => map[code] ?? code;

/** @typedef {{ cipher: string | null, name: string | null }} ObjectTitle */

/**
 * The object's cipher and name as the result established them (set.object), or null.
 * @param {FindingsResult | null | undefined} result
 * @returns {ObjectTitle | null}
 */
export const objectTitleOf = (result) => {
  const o = result?.set?.object;
  return o ? { cipher: o.cipher_base?.value ?? null, name: o.name?.value ?? null } : null;
};

/**
 * A run as a person names it: the address given with the set, else the object's name and cipher from the result
 * («Многоквартирный жилой дом (24-017)»), else — while nothing is known yet — its first file.
 * @param {RunStatus | CabinetRun} run
 * @param {ObjectTitle | null} [title]
 */
export function runTitle(run, title) {
  if (run.object?.address) return run.object.address;
  const named = [title?.name, title?.cipher].filter(Boolean);
  if (named.length) return named.length === 2 ? `${named[0]} (${named[1]})` : named[0];
  return run.documents?.[0] ? shownName(run.documents[0].name) : 'Проверка комплекта';
}
