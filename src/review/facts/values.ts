import { NUMBER_SRC, parseNumber, snippet, unitsToSymbols } from '../text/normalize.ts';
import type { ValueFact, ValueKind } from './types.ts';

import { FIGURES, figure, type FigureAttribute } from './catalogue.ts';

// Between a label and its value: units, dashes, colons, table bars and a few verbs («составляет»).
const FILLER_WORDS = String.raw`[\s:=\-–—,()|]|от(?=\s)|м²|м³|м\.?|шт\.?|ед\.?|эт\.|этаж(?:а|ей)?|составля\S*|равн\S*|принят\S*|всего|кв\.|тыс\.|га`;

/**
 * The number is not a value when it is followed by a bound («Общая площадь 055 не более 13000»: the ОКЕИ code of m² between
 * the label and the requirement) or written with a leading zero like a code («055», «0796»).
 */
const NOT_A_CODE = String.raw`(?!\s*(?:не\s+(?:более|менее|ниже|выше|превыша)|до\s+\d))`;
const LEADING_ZERO = /^0\d/;
const EMPTY_CELL = /(?:этаж(?:а|ей)?|эт\.|м²|м³|шт\.?|ед\.?)[\s|]+[-–—]\s*$/iu;

/** Labelled figures of the catalogue (value kind, hint stem, label source): the assignment's requirements use the same labels. */
export const VALUE_LABELS: readonly { kind: ValueKind; word: string; re: string }[] = FIGURES.filter((f) => f.labels.length).map((f) => ({
  kind: f.key as ValueKind,
  word: f.word,
  re: f.labels.join('|'),
}));

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/\\\.$/, '\\.?');
const unitSrc = (f: FigureAttribute) => [...(f.unit ? [escaped(f.unit)] : []), ...(f.units ?? []).map((u) => u.re)];
/** Words before a figure in its sentence that make it a neighbour's or an existing building's, not the designed object's. */
const NOT_DESIGNED = /(?:существующ|соседн|смежн|сносим|демонтируем)[а-яё]*[^.;]{0,50}$/iu;

/** A source lowered but for its escapes («\S» stays «\S»): it matches the lowered page as the source matched the page case-blind. */
const lowered = (src: string) => src.replace(/\\.|[A-ZА-ЯЁ]/gu, (c) => (c.length === 2 ? c : c.toLowerCase()));

/**
 * The page in lower case, letter for letter: the stems and labels are matched in it without case folding, which costs
 * about a third less. A letter whose lower case is longer («İ») is left as it is, so a match stands where it stands.
 */
function lowerInPlace(t: string): string {
  const lower = t.toLowerCase();
  if (lower.length === t.length) return lower;
  let out = '';
  for (const ch of t) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}

const RES = FIGURES.filter((f) => f.labels.length).map((f) => {
  const units = unitSrc(f).map((u) => `${u}(?![а-яё])`);
  const filler = String.raw`(?:${FILLER_WORDS}${units.length ? `|${units.join('|')}` : ''})*?`;
  // a table of indicators gives the unit's ОКЕИ code between the label and the value: taken over, not read
  const code = f.okei?.length ? String.raw`((?:${f.okei.join('|')})\s*[|;]?\s+(?=\d))?` : '()';
  return {
    attr: f,
    re: new RegExp(
      lowered(String.raw`(?<![а-яё])(${f.labels.join('|')})(?![а-яё])(${filler})${code}(${NUMBER_SRC})(?![\d.,]*\d)(?!\s*(?:%|процент))${NOT_A_CODE}`),
      'g',
    ),
    unitAfter: f.units?.length ? new RegExp(String.raw`^\s?(?:${f.units.map((u) => `(${u.re})`).join('|')})(?![а-яё])`, 'iu') : null,
    unitIn: f.units?.length ? new RegExp(String.raw`(?<![а-яё])(?:${f.units.map((u) => `(${u.re})`).join('|')})(?![а-яё])`, 'iu') : null,
  };
});

/**
 * One scan of a page for the stems of every labelled figure: a label's expression runs only where its stem stands (the stems
 * are few, the labels many).
 */
const STEMS = [...new Set(RES.map((r) => r.attr.word))];
// A stem's group in the scan is its number: a stem captures nothing of its own.
for (const w of STEMS) if (new RegExp(`|${w}`, 'u').exec('')!.length !== 1) throw new Error(`a figure's stem must not capture: ${w}`);
const STEM_SCAN = new RegExp(STEMS.map((w) => `(${lowered(w)})`).join('|'), 'gu');
function stemsOn(lower: string): Set<string> {
  const found = new Set<string>();
  STEM_SCAN.lastIndex = 0;
  for (let m = STEM_SCAN.exec(lower); m; m = STEM_SCAN.exec(lower)) {
    for (let i = 1; i < m.length; i++)
      if (m[i] !== undefined) {
        found.add(STEMS[i - 1]!);
        break;
      }
    if (found.size === STEMS.length) break;
  }
  return found;
}

/** The factor of the unit a figure was written in (thousands, hectares, кВт for МВт), found after the number or in the label's gap. */
function unitFactor(f: FigureAttribute, after: RegExp | null, inGap: RegExp | null, tail: string, gap: string): { factor: number; written: string } {
  for (const [re, text] of [
    [after, tail],
    [inGap, gap],
  ] as const) {
    const m = re?.exec(text);
    if (!m) continue;
    const i = m.slice(1).findIndex((g) => g !== undefined);
    if (i >= 0) return { factor: f.units![i]!.factor, written: re === after ? m[0] : '' };
  }
  return { factor: 1, written: '' };
}

/** The upper end of a storeys range after its first number: «1–3», «от 1 до 3». */
const RANGE_END = /^\s*(?:[-–—]|до)\s*(\d{1,3})(?![\d.,]*\d)/u;
// «1-3 этажа», «от 1 до 3 этажей», «переменной этажности 1–3 этажа»: not «на 2-3 этаже» (a place in the building)
const STOREY_RANGE = /(?<![\d.,]|на\s)(?:от\s+)?(\d{1,2})\s*(?:[-–—]|до)\s*(\d{1,2})(?:-?х)?\s+этаж(?:а|ей)(?![а-яё])/giu;
// A plant named with its capacity: «Блочно-модульная котельная 3,6 МВт», «БМК на 3,5 МВт», «котельная мощностью 2 Гкал/ч»;
// a text layer cutting every span onto its own line gives «3, 6 МВт» once lines are joined
const CAPACITY =
  /(?<![а-яё])(?:котельн[а-яё]*|бмк|тэц|мини-тэц|ктс|ртс|квартальн[а-яё]*\s+тепловой\s+станци[а-яё]*)(?:\s+(?:на|мощностью|тепловой\s+мощностью))?\s+(\d{1,4}(?:[.,]\s?\d{1,3})?)\s?(мвт|квт|гкал\/ч(?:ас)?)(?![а-яё])/giu;
const CAPACITY_SCALE: Record<string, number> = { мвт: 1, квт: 0.001, 'гкал/ч': 1.163, 'гкал/час': 1.163 };
// «для 127 квартир», «запроектировано 135 квартир», «всего квартир: 120», «квартир (127 шт.)»; not «4 квартиры на этаже»
const APARTMENTS_PHRASES = [
  /(?<![\d.,])(\d{1,3}(?:[ ]\d{3})?|\d{1,5})\s+квартир(?:а|ы)?(?![а-яё])(?!\s+на\s+(?:этаже|площадке))/giu,
  /(?:всего|итого)\s+квартир\s*[:\-–—]?\s*(\d{1,5})(?!\d|[.,]\d)/giu,
  /квартир\s*\(\s*(\d{1,5})\s*шт/giu,
];
// «Здание построено в 1975 году», «школа введена в эксплуатацию в 1989 г.»: the existing building's year said in a sentence
const BUILT_IN =
  /(?<![а-яё])(?:здание|школа|дом|корпус)(?:\s+[а-яё]+){0,2}\s+(?:был[оа]?\s+)?(?:построен[оа]?|возведен[оа]?|введен[оа]?\s+в\s+эксплуатацию)\s+в\s+(\d{4})\s*(?:году|г\.)/giu;
const NEIGHBOUR = /(?:соседн|смежн|рядом|примыкающ|ближайш)[а-яё]*[^.;]{0,40}$/iu;
// A bare «Общая площадь, м² 8 456,3» in a ТЭП table is the building's, unless the words before it name flats or rooms.
const BARE_TOTAL = new RegExp(String.raw`(?<![а-яё])общая\s+площадь(?![а-яё])(?:${FILLER_WORDS})*?(${NUMBER_SRC})(?![\d.,]*\d)(?!\s*(?:%|процент))`, 'giu');
const NOT_BUILDING = /(?:квартир|помещени|комнат|секци|этаж|офис|блок)[а-яё]*[^.;\n]{0,30}$/iu;
const KEY_WORDS = /этаж|площад|об(?=[ъь][её]м)|квартир|[мк]вт|гкал/gu;
// Literal-led tests the storey expressions below each need one of; «Этажность» alone needs none of them
const STOREY_ADJECTIVE = /этажн(?:ый|ого|ое|ая|ом|ые|ых|ым)/u;
const STOREY_NOUN = /этаж(?:а|ей)?(?![а-яё])/u;
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

// «здание школы четырехэтажное», «Здание — 4-этажное»: the adjective after the building it is said of
const STOREY_ADJ_AFTER = new RegExp(
  String.raw`(?<![а-яё])(?:здани[ея]|дом|корпус)(?:\s+[а-яё]+){0,2}\s*[—–-]?\s*(?:(\d{1,2})\s?-?\s?(?:ти|и|х|ми)?\s?-?\s?|(${Object.keys(TENS).join('|')})?(${Object.keys(UNITS).join('|')}))этажн(?:ое|ый|ая|ым)(?![а-яё])`,
  'giu',
);
/** «двадцати» + «пяти»: the number of storeys a compound adjective's words give. */
const wordsCount = (tens: string | undefined, units: string | undefined) => (TENS[(tens ?? '').toLowerCase()] ?? 0) + (UNITS[(units ?? '').toLowerCase()] ?? 0);
const COUNT_WORDS: Record<string, number> = { один: 1, два: 2, три: 3, четыре: 4, пять: 5, шесть: 6, семь: 7, восемь: 8, девять: 9, десять: 10 };
// «имеет четыре этажа», «состоит из 5 надземных этажей»: above ground when it says so, else every floor with the basement
const STOREYS_HELD = new RegExp(
  String.raw`(?<![а-яё])(?:имеет|имеют|состоит\s+из|насчитывает)\s+(\d{1,2}|${[...Object.keys(COUNT_WORDS), ...Object.keys(UNITS)].join('|')})\s+(надземн\S*\s+)?этаж(?:а|ей)?(?![а-яё])`,
  'giu',
);

/** The building as the subject right before a count: «Здание — », «Жилой дом имеет », «Корпус: ». */
const BUILDING_SAYS = /(?<![а-яё])(?:здание|дом|корпус)\s*(?:[—–:-]|имеет|состоит\s+из)?\s*$/iu;
// «Здание — 4 надземных этажа», «в том числе 3 надземных этажа»: above ground, whatever stands before it; not a bound
// («не более 4 надземных этажей» is a limit of a norm or an assignment)
const STOREYS_ABOVE = new RegExp(
  String.raw`(?<![а-яё\d.,])(?<!(?:более|менее|выше|ниже|свыше|до|из)\s+)(\d{1,2}|${Object.keys(COUNT_WORDS).join('|')})\s+надземн(?:ых|ый|ого)\s+этаж(?:а|ей)?(?![а-яё])`,
  'giu',
);

/** Within the catalogue's bounds of the figure (a count is whole). */
function plausible(kind: ValueKind, v: number): boolean {
  const f = figure(kind);
  return v >= f.min && v <= f.max && (!f.integer || Number.isInteger(v));
}

/**
 * Key values written on a page («Этажность – 9», «Общая площадь здания, м² 1 234,5», «9-этажный»).
 * `flat`: the page's text with its line breaks and runs of spaces collapsed (collapseSpaces).
 */
export function findValues(flat: string, docPage: number): ValueFact[] {
  const t = unitsToSymbols(flat);
  const out: ValueFact[] = [];
  const lower = lowerInPlace(t);
  const words = new Set(lower.match(KEY_WORDS));
  const stems = stemsOn(lower);
  for (const { attr, re, unitAfter, unitIn } of RES) {
    if (!stems.has(attr.word)) continue;
    const kind = attr.key as ValueKind;
    re.lastIndex = 0;
    for (let m = re.exec(lower); m; m = re.exec(lower)) {
      // after a code the next figure may be a bound or a row of another indicator: neither is read
      if (m[3] || LEADING_ZERO.test(m[4]!)) continue;
      const end = m.index + m[0].length;
      // «Количество подземных этажей | этаж | – | 6 | Площадь участка…»: a dash after the unit's cell fills the value's, and
      // the next figure numbers the next row («Количество этажей – 12» says 12)
      if (EMPTY_CELL.test(m[2]!) && /^\d{1,2}$/.test(m[4]!) && /^\s+[А-ЯЁ][а-яё]/.test(t.slice(end, end + 3))) continue;
      if (attr.designed && NOT_DESIGNED.test(t.slice(Math.max(0, m.index - 80), m.index))) continue;
      const parsed = parseNumber(m[4]!);
      // «24,5 тыс. м³», «объём, тыс. м³ — 24,5», «0,56 га», «31 500 мм»: the number is in another unit, and rounded in it
      const { factor: scale, written } = unitFactor(attr, unitAfter, unitIn, t.slice(end, end + 12), m[2]!);
      // hectares and thousands are exact in the text: keep them so in binary («0,56 га» is 5 600, not 5 600.000…1)
      const value = parsed === null ? null : Math.round(parsed * scale * 1000) / 1000;
      if (value === null || !plausible(kind, value)) continue;
      const range = kind === 'storeys' || kind === 'floors' ? RANGE_END.exec(t.slice(end, end + 12)) : null;
      const upTo = range ? Number(range[1]) : null;
      if (upTo !== null && upTo > value && plausible(kind, upTo)) {
        const stop = end + range![0].length;
        out.push({ kind, value, upTo, raw: t.slice(m.index, stop).trim(), docPage, snippet: snippet(t, m.index, stop) });
        continue;
      }
      out.push({
        kind,
        value,
        raw: t.slice(m.index, end).trim(),
        ...(scale !== 1 ? { scale } : {}),
        docPage,
        snippet: snippet(t, m.index, end + written.length),
      });
    }
  }
  out.push(...findAxes(t, docPage));
  if (words.has('площад')) {
    BARE_TOTAL.lastIndex = 0;
    for (let m = BARE_TOTAL.exec(t); m; m = BARE_TOTAL.exec(t)) {
      const value = parseNumber(m[1]!);
      if (value === null || value < 100 || NOT_BUILDING.test(t.slice(Math.max(0, m.index - 40), m.index))) continue;
      out.push({ kind: 'area_total', value, raw: m[0].trim(), docPage, snippet: snippet(t, m.index, m.index + m[0].length), weak: true });
    }
  }
  const storeyWords = (m: RegExpExecArray) => {
    const n = wordsCount(m[1], m[2]);
    return n >= 3 ? n : 0;
  };
  // what every storey expression needs, asked once: an adjective («9-этажный») or the noun's count forms («4 этажа»)
  const adjective = words.has('этаж') && STOREY_ADJECTIVE.test(lower);
  const counted = words.has('этаж') && STOREY_NOUN.test(lower);
  const storeyForms = !adjective
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
      if (plausible('storeys', value))
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
  if (adjective) {
    STOREY_ADJ_AFTER.lastIndex = 0;
    for (let m = STOREY_ADJ_AFTER.exec(t); m; m = STOREY_ADJ_AFTER.exec(t)) {
      const value = m[1] ? Number(m[1]) : wordsCount(m[2], m[3]);
      if (plausible('storeys', value) && value > 0 && !out.some((v) => v.kind === 'storeys' && v.raw === m![0].trim()))
        out.push({ kind: 'storeys', value, raw: m[0].trim(), docPage, snippet: snippet(t, m.index, m.index + m[0].length), weak: true });
    }
  }
  if (counted) {
    STOREYS_HELD.lastIndex = 0;
    for (let m = STOREYS_HELD.exec(t); m; m = STOREYS_HELD.exec(t)) {
      const word = m[1]!.toLowerCase();
      const value = /^\d/.test(word) ? Number(word) : (COUNT_WORDS[word] ?? UNITS[word] ?? 0);
      const kind = m[2] ? 'storeys' : 'floors';
      if (value > 0 && plausible(kind, value))
        out.push({ kind, value, raw: m[0].trim(), docPage, snippet: snippet(t, m.index, m.index + m[0].length), weak: true });
    }
    STOREYS_ABOVE.lastIndex = 0;
    for (let m = lower.includes('надземн') ? STOREYS_ABOVE.exec(t) : null; m; m = STOREYS_ABOVE.exec(t)) {
      const word = m[1]!.toLowerCase();
      const value = /^\d/.test(word) ? Number(word) : (COUNT_WORDS[word] ?? 0);
      const raw = m[0].trim();
      // «имеет 4 надземных этажа» was read above; a neighbour's or an existing building's storeys are not the object's
      if (out.some((v) => v.kind === 'storeys' && v.raw.endsWith(raw)) || NOT_DESIGNED.test(t.slice(Math.max(0, m.index - 80), m.index))) continue;
      // «Здание — 16 надземных этажей»: a count said of the building itself, compared even where a name repeats another
      const designed = BUILDING_SAYS.test(t.slice(Math.max(0, m.index - 30), m.index));
      if (value > 0 && plausible('storeys', value))
        out.push({ kind: 'storeys', value, raw, docPage, snippet: snippet(t, m.index, m.index + m[0].length), weak: true, ...(designed ? { designed } : {}) });
    }
    STOREY_RANGE.lastIndex = 0;
    for (let m = STOREY_RANGE.exec(t); m; m = STOREY_RANGE.exec(t)) {
      const [low, high] = [Number(m[1]), Number(m[2])];
      // a labelled range («Этажность 1–3») was read above
      if (!(high > low) || !plausible('storeys', low) || !plausible('storeys', high) || out.some((v) => v.upTo === high && v.value === low)) continue;
      out.push({ kind: 'storeys', value: low, upTo: high, raw: m[0].trim(), docPage, snippet: snippet(t, m.index, m.index + m[0].length), weak: true });
    }
  }
  if (words.has('мвт') || words.has('квт') || words.has('гкал')) {
    CAPACITY.lastIndex = 0;
    for (let m = CAPACITY.exec(t); m; m = CAPACITY.exec(t)) {
      const n = parseNumber(m[1]!.replace(/\s/g, ''));
      const scale = CAPACITY_SCALE[m[2]!.toLowerCase()] ?? 1;
      if (n === null || n <= 0) continue;
      const value = Math.round(n * scale * 1000) / 1000;
      out.push({
        kind: 'capacity',
        value,
        raw: m[0].replace(m[1]!, m[1]!.replace(/\s/g, '')).trim(),
        ...(scale !== 1 ? { scale } : {}),
        docPage,
        snippet: snippet(t, m.index, m.index + m[0].length),
      });
    }
  }
  if (lower.includes('построен') || lower.includes('возведен') || lower.includes('введен')) {
    BUILT_IN.lastIndex = 0;
    for (let m = BUILT_IN.exec(t); m; m = BUILT_IN.exec(t)) {
      const value = Number(m[1]);
      const labelled = out.some((v) => v.kind === 'construction_year' && v.value === value && !v.weak);
      if (labelled || !plausible('construction_year', value) || NEIGHBOUR.test(t.slice(Math.max(0, m.index - 60), m.index))) continue;
      out.push({ kind: 'construction_year', value, raw: m[0].trim(), docPage, snippet: snippet(t, m.index, m.index + m[0].length), weak: true });
    }
  }
  for (const re of words.has('квартир') ? APARTMENTS_PHRASES : []) {
    re.lastIndex = 0;
    for (let m = re.exec(t); m; m = re.exec(t)) {
      const value = parseNumber(m[1]!);
      // a handful of flats is a floor or a section, not the building
      if (value === null || value < 5 || !plausible('apartments', value)) continue;
      if (/этаж|секци|подъезд/iu.test(t.slice(Math.max(0, m.index - 25), m.index))) continue;
      out.push({ kind: 'apartments', value, raw: m[0].trim(), docPage, snippet: snippet(t, m.index, m.index + m[0].length), weak: true });
    }
  }
  return out;
}

export const VALUE_TITLES = Object.fromEntries(FIGURES.map((f) => [f.key, f.title])) as Record<ValueKind, string>;

/** The unit shown after a value in findings (« м²», « мест»), '' for a bare count. */
export const VALUE_UNITS = Object.fromEntries(FIGURES.map((f) => [f.key, f.unit ? ` ${f.unit}` : ''])) as Record<ValueKind, string>;

// «Размеры здания в осях 1–12/А–Д 36,0 × 14,4 м», «габариты в осях 24,0х12,0 м», «размеры в плане 36000×14400 мм»: the names of
// the axes are not dimensions
const AXES = new RegExp(
  String.raw`(?<![а-яё])(?:габаритные\s+размеры|размеры|габариты)(?:\s+(?:здания|корпуса|объекта))?(?:\s+в\s+(?:осях|плане))+` +
    String.raw`(?:\s*\(?\s*[А-ЯA-Z\d]{1,3}\s*[-–—]\s*[А-ЯA-Z\d]{1,3}\s*[/,и]\s*[А-ЯA-Z\d]{1,3}\s*[-–—]\s*[А-ЯA-Z\d]{1,3}\s*\)?)?` +
    String.raw`[\s:=\-–—,]*(?:составля\S*\s*)?(${NUMBER_SRC})\s*(?:м\s*)?[xх×*]\s*(${NUMBER_SRC})\s*(мм|м)?(?![а-яё])`,
  'giu',
);

/** Length and width of the building in axes: the larger and the smaller of the two dimensions, in metres. */
function findAxes(t: string, docPage: number): ValueFact[] {
  if (!/осях|в\s+плане/iu.test(t)) return [];
  const out: ValueFact[] = [];
  AXES.lastIndex = 0;
  for (let m = AXES.exec(t); m; m = AXES.exec(t)) {
    const [a, b] = [parseNumber(m[1]!), parseNumber(m[2]!)];
    if (a === null || b === null) continue;
    // millimetres when written so or when the figures are too large for metres
    const scale = m[3]?.toLowerCase() === 'мм' || (!m[3] && Math.min(a, b) >= 1000) ? 0.001 : 1;
    const [len, wid] = [Math.max(a, b) * scale, Math.min(a, b) * scale].map((v) => Math.round(v * 1000) / 1000) as [number, number];
    if (!plausible('axes_length', len) || !plausible('axes_width', wid)) continue;
    const end = m.index + m[0].length;
    const shared = { docPage, snippet: snippet(t, m.index, end), ...(scale !== 1 ? { scale } : {}) };
    const rawOf = (n: string) => `${n}${m![3] ? ` ${m![3]}` : ''}`;
    out.push({ kind: 'axes_length', value: len, raw: rawOf(a >= b ? m[1]! : m[2]!), ...shared });
    out.push({ kind: 'axes_width', value: wid, raw: rawOf(a >= b ? m[2]! : m[1]!), ...shared });
  }
  return out;
}

/** Equal within rounding: a value written with fewer decimals may be the other one rounded. */
export function sameValue(a: ValueFact, b: ValueFact): boolean {
  // where a unit conversion rounds (Гкал/ч to МВт, кгс/м² to кПа) a share of the larger value is allowed as well
  const converted = (a.scale ?? 1) !== (b.scale ?? 1) ? (figure(a.kind).relative ?? 0) * Math.max(a.value, b.value) : 0;
  const tol = Math.max(figure(a.kind).floor ?? 0.051, roundingStep(a), roundingStep(b)) + converted + 1e-6;
  // a range («1–3 этажа») agrees with any value inside it and with any range it overlaps
  return a.value - tol <= (b.upTo ?? b.value) && b.value - tol <= (a.upTo ?? a.value);
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
