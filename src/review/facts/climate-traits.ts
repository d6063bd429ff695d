import { roman, romanSrc, type TraitSpec } from './trait-finder.ts';

const DISTRICT_LETTER: Record<string, string> = { A: 'А', B: 'В' };

/** Климатический район / подрайон (СП 131.13330): I–IV with a letter А–Д, «IIВ». */
export const CLIMATE_DISTRICT: TraitSpec = {
  kind: 'climate_district',
  hint: /климатическ/i,
  labels: [String.raw`климатическ(?:ий|ому|ого|им)\s+(?:под)?район(?:у|а|ом)?(?:\s*\/\s*подрайон)?`],
  value: String.raw`(?:IV|I{1,3}|[1-4])\s?-?\s?[АБВГДAB]?`,
  canon: (raw) => climateDistrict(raw),
};

/** «IIв», «II В», «2В» → «IIВ»; «II» alone is the district without its subdistrict. */
export function climateDistrict(raw: string): { value: string } | null {
  const m = /^(IV|I{1,3}|[1-4])\s?-?\s?([АБВГДAB])?$/iu.exec(raw.trim());
  if (!m) return null;
  const r = roman(m[1]!, 4);
  const letter = m[2] ? (DISTRICT_LETTER[m[2].toUpperCase()] ?? m[2].toUpperCase()) : '';
  return r ? { value: r + letter } : null;
}

/** Снеговой район I–VIII (СП 20.13330). */
export const SNOW_DISTRICT: TraitSpec = {
  kind: 'snow_district',
  hint: /снегов/i,
  labels: [
    String.raw`снегов(?:ой|ому|ого|ым)\s+район(?:у|а|ом)?`,
    String.raw`(?:район(?:\s+строительства)?\s+)?по\s+(?:весу\s+снегового\s+покрова|снеговой\s+нагрузке|снеговым\s+нагрузкам)`,
  ],
  value: romanSrc(8),
  canon: (raw) => {
    const v = roman(raw, 8);
    return v ? { value: v } : null;
  },
};

const WIND_VALUE = String.raw`[IІ]\s?[аa](?![\p{L}])|${romanSrc(7)}`;

/** Ветровой район Iа, I–VII (СП 20.13330). */
export const WIND_DISTRICT: TraitSpec = {
  kind: 'wind_district',
  hint: /ветров|давлению\s+ветра/i,
  labels: [
    String.raw`ветров(?:ой|ому|ого|ым)\s+район(?:у|а|ом)?`,
    String.raw`(?:район(?:\s+строительства)?\s+)?по\s+(?:давлению\s+ветра|ветровому\s+давлению|ветровой\s+нагрузке|ветровым\s+нагрузкам)`,
  ],
  value: WIND_VALUE,
  canon: windDistrict,
};

export function windDistrict(raw: string): { value: string } | null {
  if (/^[IІ]\s?[аa]$/iu.test(raw.trim())) return { value: 'Iа' };
  const v = roman(raw, 7);
  return v ? { value: v } : null;
}

/** Сейсмичность площадки в баллах шкалы MSK-64; «менее 6 баллов» (and 5 or less) is one value, «<6». */
export const SEISMICITY: TraitSpec = {
  kind: 'seismicity',
  hint: /сейсмичн/i,
  labels: [String.raw`(?:расч[её]тная\s+|фоновая\s+|нормативная\s+)?сейсмичность`],
  value: String.raw`(?:менее|меньше|ниже)\s+6(?:-?ти)?\s*балл\S*|(?:[5-9]|10)\s*(?:-?ти\s*)?балл\S*`,
  canon: seismicity,
  detail: (after) => {
    const m = /^[^.;]{0,40}?(?:ОСР\s?-?\s?(?:97|2015|2016)\s?-?\s?|карт[аеуы]\s+)[«"]?([АВСABC])(?![\p{L}])/iu.exec(after);
    return m ? { map: ({ A: 'А', B: 'В', C: 'С' } as Record<string, string>)[m[1]!.toUpperCase()] ?? m[1]!.toUpperCase() } : {};
  },
};

export function seismicity(raw: string): { value: string } | null {
  if (/^(?:менее|меньше|ниже)/iu.test(raw)) return { value: '<6' };
  const n = Number(/\d+/.exec(raw)?.[0]);
  if (!Number.isFinite(n)) return null;
  return { value: n < 6 ? '<6' : String(n) };
}

/** A winter temperature's number, a minus written as a word or a dash. */
const T_NUMBER = String.raw`(?:минус\s?|-\s?)?\d{1,2}(?:[,.]\d)?`;
/**
 * A temperature with its unit, or a bare number when the label ended with the unit («…пятидневки, °С | -28»): the unit
 * then stands right before the number, with nothing but a bar, a dash or spaces between.
 */
const T_VALUE = String.raw`${T_NUMBER}(?:\s*°?\s*(?:[СC](?![\p{L}])|град)|(?<=°\s?[СC]\P{L}{0,8}(?:минус\s?)?\d{1,2}(?:[,.]\d)?)(?![\d,.°]))`;
/** The unit written after a label, as a table's heading or row gives it: «…пятидневки, °С». */
const LABEL_UNIT = String.raw`(?:\s*,\s*°\s*[СC](?![\p{L}]))?`;
/** Another probability than 0,92, or the parameters А of ventilation right after a label: that value is not the one asked. */
const NOT_092 = String.raw`(?!\s*[,(]?\s*(?:обеспеченност\S*\s*)?\(?\s*(?:0[,.](?:98|94)|параметр\S*\s+[АA](?![\p{L}])))`;
const AT_092 = String.raw`(?:\s*,?\s*\(?\s*обеспеченност\S*\s+0[,.]92\s*\)?|\s*\(\s*0[,.]92\s*\))?`;

/** A winter design temperature is below zero: a dash before it is the minus sign whichever way it is read. */
function belowZero(raw: string): { value: string } | null {
  const n = Number(/\d{1,2}(?:[,.]\d)?/.exec(raw)![0].replace(',', '.'));
  return n > 0 && n < 60 ? { value: String(-n) } : null;
}

/** Расчётная температура наружного воздуха холодного периода (холодной пятидневки, обеспеченность 0,92), °С. */
export const DESIGN_TEMPERATURE: TraitSpec = {
  kind: 'design_temperature',
  hint: /пятидневк|температура\s+наружного/i,
  labels: [
    String.raw`(?:расч[её]тная\s+)?температура\s+(?:наружного\s+)?(?:воздуха\s+)?(?:наиболее\s+)?холодной\s+пятидневки${NOT_092}${AT_092}(?:\s*,?\s*\(?\s*параметры\s+Б\s*\)?)?${LABEL_UNIT}`,
    String.raw`расч[её]тная\s+(?:зимняя\s+)?температура\s+наружного\s+воздуха(?:\s+(?:для\s+проектирования\s+)?(?:отопления|в\s+холодный\s+период(?:\s+года)?))?${NOT_092}(?:\s*\(?\s*параметры\s+Б\s*\)?)?(?:\s*\((?:наиболее\s+)?холодной\s+пятидневки[^()]{0,30}\))?${LABEL_UNIT}`,
  ],
  value: T_VALUE,
  canon: belowZero,
};

/** Температура воздуха наиболее холодных суток обеспеченностью 0,92, °С. */
export const COLDEST_DAY_TEMPERATURE: TraitSpec = {
  kind: 'coldest_day_temperature',
  hint: /холодных\s+суток/i,
  labels: [String.raw`(?:расч[её]тная\s+)?температура\s+(?:наружного\s+)?(?:воздуха\s+)?(?:наиболее\s+)?холодных\s+суток${NOT_092}${AT_092}${LABEL_UNIT}`],
  value: T_VALUE,
  canon: belowZero,
};

const LEVEL = String.raw`(?:≤|<=|не\s+выше|ниже\s+или\s+равной|равной\s+(?:и|или)\s+ниже)\s*(?:8|10)\s*°?\s*[СC]`;

/** Средняя температура отопительного периода (периода со средней суточной температурой воздуха ≤ 8 °С или ≤ 10 °С), °С. */
export const HEATING_MEAN_TEMPERATURE: TraitSpec = {
  kind: 'heating_mean_temperature',
  hint: /отопительн|суточной\s+температур/i,
  labels: [
    String.raw`средняя\s+(?:расч[её]тная\s+)?температура\s+(?:наружного\s+)?(?:воздуха\s+)?(?:за\s+|в\s+течение\s+)?(?:отопительного\s+периода|отопительный\s+период)${LABEL_UNIT}`,
    String.raw`средняя\s+температура\s+(?:наружного\s+)?(?:воздуха\s+)?периода\s+со\s+средней\s+суточной\s+температурой\s+(?:наружного\s+)?воздуха\s*${LEVEL}${LABEL_UNIT}`,
  ],
  // the mean of the period is above zero in the south: a dash separated by a space from the number is the label's dash
  value: String.raw`(?:минус\s?|плюс\s?|[-+](?=\d))?\d{1,2}(?:[,.]\d{1,2})?(?:\s*°?\s*(?:[СC](?![\p{L}])|град)|(?<=°\s?[СC]\P{L}{0,8}(?:минус\s?)?\d{1,2}(?:[,.]\d{1,2})?)(?![\d,.°]))`,
  canon: (raw) => {
    const m = /\d{1,2}(?:[,.]\d{1,2})?/.exec(raw)!;
    const n = Number(m[0].replace(',', '.'));
    const minus = /^\s*(?:минус|-)/iu.test(raw);
    return n < 30 ? { value: String(minus && n !== 0 ? -n : n) } : null;
  },
};

export const CLIMATE_TRAITS: readonly TraitSpec[] = [
  CLIMATE_DISTRICT,
  SNOW_DISTRICT,
  WIND_DISTRICT,
  SEISMICITY,
  DESIGN_TEMPERATURE,
  COLDEST_DAY_TEMPERATURE,
  HEATING_MEAN_TEMPERATURE,
];
