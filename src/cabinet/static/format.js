// Russian forms: plurals, dates, sizes, durations, and names of codes.

/** plural(5, ['замечание', 'замечания', 'замечаний']) → «5 замечаний». */
export function plural(n, forms, withNumber = true) {
  const a = Math.abs(n) % 100;
  const b = a % 10;
  const form = a > 10 && a < 20 ? forms[2] : b > 1 && b < 5 ? forms[1] : b === 1 ? forms[0] : forms[2];
  return withNumber ? `${n.toLocaleString('ru-RU')} ${form}` : form;
}

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
};

const dateTime = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dateOnly = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
// Days of usage are UTC calendar dates (YYYY-MM-DD): shown as such in any time zone.
const shortDate = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export const fmtDateTime = (iso) => (iso ? dateTime.format(new Date(iso)) : '—');
export const fmtDate = (iso) => (iso ? dateOnly.format(new Date(iso)) : '—');
export const fmtShortDate = (iso) => shortDate.format(new Date(iso));

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

/** «≈ 3 минуты», «≈ 40 секунд». */
export function fmtEta(s) {
  if (s === null || s === undefined) return '';
  if (s < 60) return `≈ ${plural(Math.max(1, Math.round(s)), W.seconds)}`;
  return `≈ ${plural(Math.round(s / 60), W.minutes)}`;
}

export const STATUS = { queued: 'В очереди', running: 'Выполняется', done: 'Готово', failed: 'Не выполнена' };
export const IMPORTANCE = { critical: 'Критическое', significant: 'Существенное', minor: 'Незначительное' };
export const IMPORTANCE_ORDER = ['critical', 'significant', 'minor'];
export const THEME = { engineering: 'Инженерные решения', norms: 'Нормативные ссылки', construction: 'Конструктивные решения', unassigned: 'Без группы' };
export const FINDING_STATUS = { open: 'Открыто' };
export const DECISION = { accepted: 'Принято', rejected: 'Отклонено', withdrawn: 'Решение отозвано' };
export const ROLE = { review: 'Проверяемый', context: 'Справочный' };
export const DELIVERY = {
  pending: 'Ожидает отправки',
  delivered: 'Доставлено',
  rejected: 'Отклонено получателем',
  failed: 'Попытки исчерпаны',
  denied: 'Адрес запрещён',
};

export const label = (map, code) => map[code] ?? code;
