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

/** Расчётная температура наружного воздуха холодного периода (холодной пятидневки, обеспеченность 0,92), °С. */
export const DESIGN_TEMPERATURE: TraitSpec = {
  kind: 'design_temperature',
  hint: /пятидневк|температура\s+наружного/i,
  labels: [
    String.raw`(?:расч[её]тная\s+)?температура\s+(?:наружного\s+)?(?:воздуха\s+)?(?:наиболее\s+)?холодной\s+пятидневки(?:\s*,?\s*\(?\s*обеспеченност\S*\s+0[,.]92\s*\)?)?(?:\s*,?\s*\(?\s*параметры\s+Б\s*\)?)?`,
    String.raw`расч[её]тная\s+(?:зимняя\s+)?температура\s+наружного\s+воздуха(?:\s+(?:для\s+проектирования\s+)?(?:отопления|в\s+холодный\s+период(?:\s+года)?))?(?:\s*\(?\s*параметры\s+Б\s*\)?)?`,
  ],
  value: String.raw`(?:минус\s?|-\s?)?\d{1,2}(?:[,.]\d)?\s*°?\s*(?:[СC](?![\p{L}])|град)`,
  canon: (raw) => {
    const n = Number(/\d{1,2}(?:[,.]\d)?/.exec(raw)![0].replace(',', '.'));
    // a winter design temperature is below zero: a dash before it is the minus sign whichever way it is read
    return n > 0 && n < 60 ? { value: String(-n) } : null;
  },
};

export const CLIMATE_TRAITS: readonly TraitSpec[] = [CLIMATE_DISTRICT, SNOW_DISTRICT, WIND_DISTRICT, SEISMICITY, DESIGN_TEMPERATURE];
