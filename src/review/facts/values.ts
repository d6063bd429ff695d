import { NUMBER_SRC, parseNumber, snippet, unitsToSymbols } from '../text/normalize.ts';
import type { ValueFact, ValueKind } from './types.ts';

// Between a label and its value: units, dashes, colons, table bars and a few verbs («составляет»).
const FILLER = String.raw`(?:[\s:=\-–—,()|]|м²|м³|м\.?|шт\.?|ед\.?|эт\.|этаж(?:а|ей)?|составля\S*|равн\S*|принят\S*|всего|кв\.|тыс\.|га)*?`;

// Each label is tried only on pages that have its key word: one scan of the page instead of one per label.
const LABELS: { kind: ValueKind; word: string; re: string }[] = [
  // «количество надземных этажей» is the этажность (СП 54.13330: above-ground floors, the technical one included)
  { kind: 'storeys', word: 'этаж', re: String.raw`этажность(?:\s+(?:здания|жилого\s+дома|дома|объекта))?|(?:количество|кол-во|число)\s+надземных\s+этажей` },
  { kind: 'floors', word: 'этаж', re: String.raw`(?:количество|кол-во|число)\s+этажей(?:\s+(?:здания|дома))?` },
  { kind: 'area_total', word: 'площад', re: String.raw`(?:общая\s+)?площадь\s+(?:здания|объекта|жилого\s+(?:дома|здания))(?:\s+общая)?` },
  { kind: 'area_building', word: 'площад', re: String.raw`площадь\s+застройки(?:\s+(?:здания|объекта))?` },
  { kind: 'area_plot', word: 'площад', re: String.raw`площадь\s+(?:земельного\s+)?участка` },
  {
    kind: 'volume',
    word: 'об',
    re: String.raw`(?:строительный\s+об[ъь][её]м|об[ъь][её]м\s+строительный)(?:\s+(?:здания|объекта))?(?!\s+(?:подземн|надземн|ниже|выше))`,
  },
  { kind: 'apartments', word: 'квартир', re: String.raw`(?:общее\s+)?(?:количество|кол-во|число)\s+(?:жилых\s+)?квартир(?:\s+в\s+(?:доме|здании))?` },
];

const RES = LABELS.map((l) => ({
  kind: l.kind,
  word: l.word,
  re: new RegExp(String.raw`(?<![а-яё])(${l.re})(?![а-яё])${FILLER}(${NUMBER_SRC})(?![\d.,]*\d)(?!\s*(?:%|процент))`, 'giu'),
}));
// «для 127 квартир», «запроектировано 135 квартир», «всего квартир: 120», «квартир (127 шт.)»; not «4 квартиры на этаже»
const APARTMENTS_PHRASES = [
  /(?<![\d.,])(\d{1,3}(?:[ ]\d{3})?|\d{1,5})\s+квартир(?:а|ы)?(?![а-яё])(?!\s+на\s+(?:этаже|площадке))/giu,
  /(?:всего|итого)\s+квартир\s*[:\-–—]?\s*(\d{1,5})(?!\d|[.,]\d)/giu,
  /квартир\s*\(\s*(\d{1,5})\s*шт/giu,
];
// A bare «Общая площадь, м² 8 456,3» in a ТЭП table is the building's, unless the words before it name flats or rooms.
const BARE_TOTAL = new RegExp(String.raw`(?<![а-яё])общая\s+площадь(?![а-яё])${FILLER}(${NUMBER_SRC})(?![\d.,]*\d)(?!\s*(?:%|процент))`, 'giu');
const NOT_BUILDING = /(?:квартир|помещени|комнат|секци|этаж|офис|блок)[а-яё]*[^.;\n]{0,30}$/iu;
/** A unit word that scales the number: thousands for areas and volumes, hectares for areas. */
const SCALE_AFTER = /^\s?(?:тыс(?:\.|яч[а-яё]*)|га(?![а-яё]))/iu;
const SCALE_IN = /тыс\.|(?<![а-яё])га(?![а-яё])/iu;
const AREAS = new Set<ValueKind>(['area_total', 'area_building', 'area_plot']);

/** 1000 for «тыс.», 10 000 for «га» (areas only), 1 otherwise; counts are never scaled. */
function scaleOf(kind: ValueKind, word: string): number {
  if (kind === 'storeys' || kind === 'floors' || kind === 'apartments') return 1;
  if (/^тыс/iu.test(word)) return 1000;
  return /^га$/iu.test(word) && AREAS.has(kind) ? 10000 : 1;
}
const KEY_WORDS = /этаж|площад|об(?=[ъь][её]м)|квартир/giu;
const STOREY_ADJ = /(?<![\d.,])(\d{1,2})\s?-?\s?(?:ти|и|х|ми)?\s?-?\s?этажн(?:ый|ого|ое|ая|ом|ые|ых)/giu;
// «девятиэтажный», «двадцатипятиэтажный»: the number in words
const UNITS: Record<string, number> = {
  одно: 1,
  двух: 2,
  трех: 3,
  трёх: 3,
  четырех: 4,
  четырёх: 4,
  пяти: 5,
  шести: 6,
  семи: 7,
  восьми: 8,
  девяти: 9,
  десяти: 10,
  одиннадцати: 11,
  двенадцати: 12,
  тринадцати: 13,
  четырнадцати: 14,
  пятнадцати: 15,
  шестнадцати: 16,
  семнадцати: 17,
  восемнадцати: 18,
  девятнадцати: 19,
};
const TENS: Record<string, number> = { двадцати: 20, тридцати: 30, сорока: 40 };
// said of the building itself: small auxiliary buildings («одноэтажные бытовки», «двухэтажная пристройка») are not the object
const STOREY_WORDS = new RegExp(
  String.raw`(?<![а-яё])(${Object.keys(TENS).join('|')})?(${Object.keys(UNITS).join('|')})?этажн(?:ый|ого|ое|ая|ом|ые|ых)(?=\s+(?:(?:жил|многоквартирн|односекционн|многосекционн|кирпичн|монолитн)[а-яё]*\s+)?(?:дом|здани|корпус))`,
  'giu',
);

const PLAUSIBLE: Record<ValueKind, (v: number) => boolean> = {
  storeys: (v) => Number.isInteger(v) && v >= 1 && v <= 150,
  floors: (v) => Number.isInteger(v) && v >= 1 && v <= 160,
  area_total: (v) => v >= 5,
  area_building: (v) => v >= 5,
  area_plot: (v) => v >= 5,
  volume: (v) => v >= 10,
  apartments: (v) => Number.isInteger(v) && v >= 1 && v <= 10000,
  fire_height: (v) => v > 0 && v <= 400,
  zero_elevation: (v) => v >= -100 && v <= 5000 && v !== 0,
};

/**
 * Key values written on a page («Этажность – 9», «Общая площадь здания, м² 1 234,5», «9-этажный»).
 * `flat`: the page's text with its line breaks and runs of spaces collapsed (collapseSpaces).
 */
export function findValues(flat: string, docPage: number): ValueFact[] {
  const t = unitsToSymbols(flat);
  const out: ValueFact[] = [];
  const words = new Set((t.match(KEY_WORDS) ?? []).map((w) => w.toLowerCase()));
  if (!words.size) return out;
  for (const { kind, word, re } of RES) {
    if (!words.has(word)) continue;
    re.lastIndex = 0;
    for (let m = re.exec(t); m; m = re.exec(t)) {
      const parsed = parseNumber(m[2]!);
      const end = m.index + m[0].length;
      // «24,5 тыс. м³», «объём, тыс. м³ — 24,5», «0,56 га»: the number is in a larger unit, and rounded in it
      const after = SCALE_AFTER.exec(t.slice(end, end + 8))?.[0] ?? '';
      const word = (after || SCALE_IN.exec(m[0].slice(m[1]!.length))?.[0] || '').trim();
      const scale = scaleOf(kind, word);
      // hectares and thousands are exact in the text: keep them so in binary («0,56 га» is 5 600, not 5 600.000…1)
      const value = parsed === null ? null : Math.round(parsed * scale * 1000) / 1000;
      if (value === null || !PLAUSIBLE[kind](value)) continue;
      out.push({ kind, value, raw: m[0].trim(), ...(scale !== 1 ? { scale } : {}), docPage, snippet: snippet(t, m.index, end + after.length) });
    }
  }
  if (words.has('площад')) {
    BARE_TOTAL.lastIndex = 0;
    for (let m = BARE_TOTAL.exec(t); m; m = BARE_TOTAL.exec(t)) {
      const value = parseNumber(m[1]!);
      if (value === null || value < 100 || NOT_BUILDING.test(t.slice(Math.max(0, m.index - 40), m.index))) continue;
      out.push({ kind: 'area_total', value, raw: m[0].trim(), docPage, snippet: snippet(t, m.index, m.index + m[0].length), weak: true });
    }
  }
  const storeyWords = (m: RegExpExecArray) => {
    const n = (TENS[(m[1] ?? '').toLowerCase()] ?? 0) + (UNITS[(m[2] ?? '').toLowerCase()] ?? 0);
    return n >= 3 ? n : 0;
  };
  const storeyForms = !words.has('этаж')
    ? []
    : /[а-яё]этажн/iu.test(t)
      ? ([
          [STOREY_ADJ, (m: RegExpExecArray) => Number(m[1])],
          [STOREY_WORDS, storeyWords],
        ] as const)
      : ([[STOREY_ADJ, (m: RegExpExecArray) => Number(m[1])]] as const);
  for (const [re, readValue] of storeyForms) {
    re.lastIndex = 0;
    for (let m = re.exec(t); m; m = re.exec(t)) {
      // «12-этажный жилой дом по адресу …» is the object's name repeated in title blocks, not a statement of the section
      if (/по\s+адресу/iu.test(t.slice(m.index, m.index + 90))) continue;
      const value = readValue(m);
      const designed = /(?:проектируем|запроектирован|строящ|данн|настоящ)[а-яё]*\s*$/iu.test(t.slice(Math.max(0, m.index - 30), m.index));
      if (PLAUSIBLE.storeys(value))
        out.push({
          kind: 'storeys',
          value,
          raw: m[0].trim(),
          docPage,
          snippet: snippet(t, m.index, m.index + m[0].length),
          weak: true,
          ...(designed ? { designed } : {}),
        });
    }
  }
  for (const re of words.has('квартир') ? APARTMENTS_PHRASES : []) {
    re.lastIndex = 0;
    for (let m = re.exec(t); m; m = re.exec(t)) {
      const value = parseNumber(m[1]!);
      // a handful of flats is a floor or a section, not the building
      if (value === null || value < 5 || !PLAUSIBLE.apartments(value)) continue;
      if (/этаж|секци|подъезд/iu.test(t.slice(Math.max(0, m.index - 25), m.index))) continue;
      out.push({ kind: 'apartments', value, raw: m[0].trim(), docPage, snippet: snippet(t, m.index, m.index + m[0].length), weak: true });
    }
  }
  return out;
}

export const VALUE_TITLES: Record<ValueKind, string> = {
  storeys: 'этажность',
  floors: 'количество этажей',
  area_total: 'общая площадь здания',
  area_building: 'площадь застройки',
  area_plot: 'площадь земельного участка',
  volume: 'строительный объём',
  apartments: 'количество квартир',
  fire_height: 'пожарно-техническая высота',
  zero_elevation: 'абсолютная отметка, соответствующая 0,000',
};

export const VALUE_UNITS: Record<ValueKind, string> = {
  storeys: '',
  floors: '',
  area_total: ' м²',
  area_building: ' м²',
  area_plot: ' м²',
  volume: ' м³',
  apartments: '',
  fire_height: ' м',
  zero_elevation: '',
};

/** Equal within rounding: a value written with fewer decimals may be the other one rounded. */
export function sameValue(a: ValueFact, b: ValueFact): boolean {
  const tol = Math.max(0.051, roundingStep(a), roundingStep(b));
  return Math.abs(a.value - b.value) <= tol;
}

/** Half the last written digit, in the value's units: how far the written number may be from the exact one. */
export function roundingStep(v: { raw: string; scale?: number }): number {
  const dec = /[.,](\d+)\s*$/.exec(v.raw.replace(/[^\d.,]+$/, ''))?.[1]?.length ?? 0;
  // a value written in thousands («24,5 тыс.») or hectares («0,56 га») is rounded to its last digit in that unit
  return 0.5 * 10 ** -dec * (v.scale ?? 1);
}

export function formatValue(v: number, decimals = 2): string {
  return v.toLocaleString('ru-RU', { maximumFractionDigits: decimals }).replace(/\u00a0/g, ' ');
}
