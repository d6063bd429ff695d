import { snippet } from '../text/normalize.ts';
import type { IssuedDocFact, TuFact, TuResource } from './types.ts';

const MONTHS: Record<string, number> = {
  января: 1,
  февраля: 2,
  марта: 3,
  апреля: 4,
  мая: 5,
  июня: 6,
  июля: 7,
  августа: 8,
  сентября: 9,
  октября: 10,
  ноября: 11,
  декабря: 12,
};
const DATE_SRC = String.raw`\d{1,2}\.\d{1,2}\.\d{4}|«?\d{1,2}»?\s+(?:${Object.keys(MONTHS).join('|')})\s+\d{4}|\d{4}-\d{2}-\d{2}`;
/** «от 12.03.2021», «от «12» марта 2021 г.», «от 2021-03-12» right after a number. */
const DATE_AFTER = new RegExp(String.raw`^\s*[,|]?\s*(?:(?:от|выдан[а-яё]*(?:\s+от)?|дата\s+выдачи)\s*[:\-–]?\s*)?(${DATE_SRC})`, 'iu');

/** «12.03.2021», «12 марта 2021», «2021-03-12» → «2021-03-12»; null when not a calendar date. */
export function isoDate(s: string): string | null {
  let d: number, m: number, y: number;
  const num = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s.trim());
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s.trim());
  const word = /^«?(\d{1,2})»?\s+([а-яё]+)\s+(\d{4})$/iu.exec(s.trim());
  if (num) [d, m, y] = [Number(num[1]), Number(num[2]), Number(num[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (word && MONTHS[word[2]!.toLowerCase()]) [d, m, y] = [Number(word[1]), MONTHS[word[2]!.toLowerCase()]!, Number(word[3])];
  else return null;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1990 || y > 2100) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The date written right after a number, or null. */
function dateAfter(text: string): { iso: string | null; length: number } {
  const m = DATE_AFTER.exec(text);
  return m ? { iso: isoDate(m[1]!), length: m[0].length } : { iso: null, length: 0 };
}

/** A number as compared: letters of either alphabet that look alike, dashes and spaces unified. */
export function numberKey(n: string): string {
  return (
    n
      .toUpperCase()
      .replace(/[\s\u00a0]/g, '')
      // «№ № К0649-62/1»: a number sign written into the number field
      .replace(/^№+/, '')
      .replace(/[–—−]/g, '-')
      .replace(/[АВЕКМНОРСТХ]/g, (c) => 'ABEKMHOPCTX'['АВЕКМНОРСТХ'.indexOf(c)]!)
  );
}

// A ГПЗУ number: «РФ-77-4-59-3-23-2021-4737», «RU77-174000-012345», «RU 50505101-0123»; else digits with dashes.
// A line may break after one of its dashes («РФ-59-3-16-0-00-⏎2023-3793»): the rest of the number follows a space.
const GPZU_NUMBER = String.raw`(?:РФ|RU)\s?-?\s?\d(?:[\dA-ZА-Я\-–./]|[-–]\s(?=\d))*\d|\d{2}[\d\-–./]{4,}\d`;
const GPZU_RE = new RegExp(
  String.raw`(?:градостроительн[а-яё]*\s+план[а-яё]*(?:\s+земельного\s+участка)?|(?<![А-ЯЁ])ГПЗУ)(?:\s*\([^()]{0,12}\))?\s*(?:№|N|No\.?|номер)\s*(${GPZU_NUMBER})`,
  'giu',
);

/** C-01a: ГПЗУ numbers with their dates, on any page (ПЗ, ПЗУ, the ГПЗУ itself). «взамен №…» numbers are not taken. */
export function findGpzu(flat: string, docPage: number): IssuedDocFact[] {
  if (!/градостроительн|ГПЗУ/iu.test(flat)) return [];
  const out: IssuedDocFact[] = [];
  GPZU_RE.lastIndex = 0;
  for (let m = GPZU_RE.exec(flat); m; m = GPZU_RE.exec(flat)) {
    const number = m[1]!.replace(/[.\-–/]+$/, '').replace(/([-–])\s+/g, '$1');
    if ((number.match(/\d/g) ?? []).length < 6) continue;
    if (/(?:взамен|вместо|отмен[а-яё]*|ранее\s+выданн[а-яё]*)\s*$/iu.test(flat.slice(Math.max(0, m.index - 30), m.index))) continue;
    const end = m.index + m[0].length;
    const date = dateAfter(flat.slice(end, end + 40));
    out.push({ number, date: date.iso, docPage, snippet: snippet(flat, m.index, end + date.length) });
  }
  return out;
}

const RESOURCE_WORDS: [TuResource, RegExp][] = [
  ['lighting', /наружн[а-яё]*\s+освещени/iu],
  ['storm', /ливнев|дождев|поверхностн[а-яё]*\s+сток/iu],
  ['heat', /теплоснабж|теплов[а-яё]*\s+(?:сет|энерги|нагрузк)|горяч[а-яё]*\s+водоснабж/iu],
  ['gas', /газоснабж|газораспредел|газов[а-яё]*\s+сет|сет[а-яё]*\s+газ/iu],
  ['water', /(?<!горяч[а-яё]*\s)водоснабж|водопровод|холодн[а-яё]*\s+вод/iu],
  ['sewer', /водоотвед|канализац|бытов[а-яё]*\s+сток/iu],
  ['power', /электр|энергопринимающ/iu],
  ['comms', /сет[а-яё]*\s+связи|(?<!в\s)связи(?!\s+с\s)|телефониз|радиофикац|телевидени|проводного\s+вещани|интернет/iu],
];
const ISSUERS: [TuResource, RegExp][] = [
  ['power', /россети|МОЭСК|электросет|энергосбыт/iu],
  ['heat', /МОЭК|теплосет|теплоэнерг/iu],
  ['gas', /газпром\s+газораспредел|горгаз|мосгаз|облгаз/iu],
  ['comms', /ростелеком|МГТС/iu],
];

/**
 * Low-current and safety systems a ТУ connects the object to. Their ТУ speak of the equipment's power supply
 * («электропитание от ВРУ») and are still ТУ of the systems, not of electricity.
 */
const SAFETY_SYSTEMS = /безопасн[а-яё]*\s+(?:регион|город)|оповещени|диспетчериз|видеонаблюдени/iu;

/** The resource a ТУ is for, from the words of its item; null when none or several are named. */
export function tuResource(text: string): TuResource | null {
  if (SAFETY_SYSTEMS.test(text)) return 'comms';
  const found = new Set(RESOURCE_WORDS.filter(([, re]) => re.test(text)).map(([r]) => r));
  // «электроснабжения наружного освещения» is the lighting's
  if (found.has('lighting')) found.delete('power');
  if (found.has('water') && found.has('sewer') && found.size === 2) return 'water_sewer';
  if (found.size === 1) return [...found][0]!;
  if (found.size === 0) {
    const by = new Set(ISSUERS.filter(([, re]) => re.test(text)).map(([r]) => r));
    if (by.size === 1) return [...by][0]!;
  }
  return null;
}

// «ТУ» in capitals only: the pronoun «ту» («в ту сторону») is no label
const TU_LABEL = /(?<![а-яёА-ЯЁ])(?:[Тт]ехнически[а-яё]*\s+услови[а-яё]*|ТЕХНИЧЕСКИЕ\s+УСЛОВИЯ|(?<![А-ЯЁA-Z])ТУ(?![А-ЯЁA-Z]))/gu;
// a dash the text layer or OCR set apart («№ К0649 - 62/1») stays inside the number
const NUMBER_MARK =
  /(?:№|N(?=\s?\d))\s*((?=[0-9A-Za-zА-ЯЁа-яё])[0-9A-Za-zА-ЯЁа-яё\-–./]*\d[0-9A-Za-zА-ЯЁа-яё\-–./]*(?:\s[-–]\s?\d[0-9A-Za-zА-ЯЁа-яё\-–./]*)?)/gu;
/** Another kind of document named between the label and the number: the number is that document's. */
const OTHER_DOC =
  /закон|постановлени|приказ|(?<![а-яё])правил(?:а|ам|ами|ах)?(?![а-яё])|письм|договор|заявк|градостроительн|ГПЗУ|задани[ея]|протокол|распоряжени|решени|свидетельств|выписк|(?<![а-яё])(?:лист[а-яё]*|том|т\.)\s*\d|(?<![А-ЯЁ])(?:СП|ГОСТ)\s/iu;
/** The number right after these words is an appendix's, a clause's or an article's («в приложениях N 9»), not the document's. */
const PART_NUMBER = /(?:приложени[а-яё]*|пункт[а-яё]*|п\.|подпункт[а-яё]*|пп\.|раздел[а-яё]*|стать[а-яё]*|ст\.|глав[а-яё]*)\s*$/iu;
const NOT_CONNECTION =
  /временн[а-яё]*\s+(?:электро|водо|тепло)|период[а-яё]*\s+строительства|строительн[а-яё]*\s+площадк|вынос|переклад|переустройств|демонтаж|сноса|защит[а-яё]*\s+(?:сет|кабел|трубопровод)/iu;
const SENTENCE_END = /\.\s+[А-ЯЁ]|\n\n/u;

/**
 * E-02: numbers and dates of ТУ (технические условия) on a page, each with the resource it is for: «технические условия
 * № 123/45 от 12.03.2024 на подключение к сетям водоснабжения», «ТУ на электроснабжение № 20-1234 от 01.02.2024,
 * на теплоснабжение № Т-17 от …». A ТУ whose resource cannot be told, and СТУ, are not taken.
 */
export function findTechConditions(flat: string, docPage: number): TuFact[] {
  if (!/[Тт]ехнически[а-яё]*\s+услови|ТЕХНИЧЕСКИЕ\s+УСЛОВИЯ|(?<![А-ЯЁA-Z])ТУ(?![А-ЯЁA-Z])/u.test(flat)) return [];
  const out: TuFact[] = [];
  TU_LABEL.lastIndex = 0;
  let from = 0;
  for (let l = TU_LABEL.exec(flat); l; l = TU_LABEL.exec(flat)) {
    if (l.index < from) continue;
    if (/специальн[а-яё]*\s*$/iu.test(flat.slice(Math.max(0, l.index - 15), l.index))) continue;
    // the label's reach: its sentence, at most 400 characters
    let reach = flat.slice(l.index, l.index + 400);
    const end = SENTENCE_END.exec(reach.slice(l[0].length));
    if (end) reach = reach.slice(0, l[0].length + end.index + 1);
    // «Электроснабжение предусмотрено по ТУ на технологическое присоединение № …»: the resource opens the sentence
    const before = flat.slice(Math.max(0, l.index - 150), l.index);
    const lead = before.slice(Math.max(0, ...[...before.matchAll(/[.;]\s/gu)].map((m) => m.index! + 1)));
    out.push(...tuItems(reach, l[0].length, l.index, flat, docPage, lead));
    from = l.index + reach.length;
  }
  return out;
}

/** The numbered items of one ТУ label's sentence, each with the resource named in its part of the sentence. */
function tuItems(reach: string, labelEnd: number, base: number, flat: string, docPage: number, lead: string): TuFact[] {
  const out: TuFact[] = [];
  let segStart = labelEnd;
  let itemStart = 0;
  let prevTookAfter = false;
  NUMBER_MARK.lastIndex = labelEnd;
  for (let n = NUMBER_MARK.exec(reach); n; n = NUMBER_MARK.exec(reach)) {
    let segment = reach.slice(segStart, n.index);
    const numEnd = n.index + n[0].length;
    const date = dateAfter(reach.slice(numEnd, numEnd + 40));
    const start = itemStart;
    segStart = numEnd + date.length;
    itemStart = segStart;
    // the previous item named its resource after its number: the words up to the comma were its own
    if (prevTookAfter) segment = segment.replace(/^[^,;]*[,;]?/u, '');
    // a repeated label («…, ТУ № 2 …») starts the item
    const again = [...segment.matchAll(TU_LABEL)].at(-1);
    if (again) segment = segment.slice(again.index! + again[0].length);
    prevTookAfter = false;
    if (OTHER_DOC.test(segment) || PART_NUMBER.test(reach.slice(Math.max(0, n.index - 30), n.index))) continue;
    const number = n[1]!.replace(/\s+/g, '').replace(/[.\-–/]+$/u, '');
    if (!/\d/.test(number)) continue;
    let resource = tuResource(segment);
    if (!resource) {
      // «ТУ № 1 от … на подключение к сетям водоснабжения»: named after the number, up to the next item
      let after = reach.slice(segStart, segStart + 160);
      const cut = after.search(/№|;|(?<![а-яёА-ЯЁ])(?:[Тт]ехнически[а-яё]*\s+услови|ТЕХНИЧЕСКИЕ\s+УСЛОВИЯ|ТУ(?![А-ЯЁA-Z]))/u);
      if (cut >= 0) after = after.slice(0, cut);
      resource = tuResource(after);
      prevTookAfter = resource !== null;
      if (!resource && out.length === 0 && start === 0) resource = tuResource(lead);
    }
    if (!resource) continue;
    // ТУ for temporary supply of the building site or for moving existing networks are other ТУ of the same owner
    if (NOT_CONNECTION.test(reach) || NOT_CONNECTION.test(lead)) continue;
    out.push({ resource, number, date: date.iso, docPage, snippet: snippet(flat, base + start, base + segStart) });
  }
  return out;
}

export const TU_TITLES: Record<TuResource, string> = {
  power: 'электроснабжение',
  water: 'водоснабжение',
  sewer: 'водоотведение',
  water_sewer: 'водоснабжение и водоотведение',
  storm: 'ливневая канализация',
  heat: 'теплоснабжение',
  gas: 'газоснабжение',
  comms: 'сети связи',
  lighting: 'наружное освещение',
};
