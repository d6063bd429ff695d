import type { XmlCharacteristic } from '../extract/xml-note.ts';
import { CLIMATE_TRAITS, climateDistrict, seismicity, SNOW_DISTRICT, windDistrict } from './climate-traits.ts';
import { energyClass, ENERGY_TRAITS } from './energy-traits.ts';
import { EXPLOSION_CATEGORY, FIRE_TRAITS, responsibilityLevel } from './fire-traits.ts';
import { functionsClass, PURPOSE_TRAITS, sameFunctionsClass } from './purpose-traits.ts';
import { findTrait, type TraitSpec } from './trait-finder.ts';
import type { TraitFact, TraitKind } from './types.ts';

const SPECS: readonly TraitSpec[] = [...FIRE_TRAITS, ...CLIMATE_TRAITS, ...ENERGY_TRAITS, ...PURPOSE_TRAITS];
// every spec's hint names a word one of these stems starts: a page without any is skipped in one scan
const ANY_HINT =
  /огнестойк|пожарной|взрывопожарн|ответственн|КС-?\s?\d|климатич|снегов|ветров|сейсмичн|пятидневк|температура\s+наружного|холодных\s+суток|отопительн|суточной\s+температур|энергетической|энергосбереж|функционального\s+назначения/i;

/** Labelled characteristics of the designed object on a page (C-10 … C-12); `flat`: the page with line breaks collapsed. */
export function findTraits(flat: string, docPage: number): TraitFact[] {
  if (!ANY_HINT.test(flat)) return [];
  return SPECS.flatMap((s) => findTrait(s, flat, docPage));
}

/** Characteristics that are temperatures, °С: their value is a number. */
export const TEMPERATURES: ReadonlySet<TraitKind> = new Set(['design_temperature', 'coldest_day_temperature', 'heating_mean_temperature']);

/** Decimals a value is written with («-2.2» — one, «-26» — none). */
const decimalsOf = (v: string) => /[.,](\d+)$/.exec(v)?.[1]?.length ?? 0;

/**
 * Two temperatures are the same when they agree within the rounding of the less precise one: «-26» and «-25.6», «-2» and
 * «-2.2»; «-2.2» and «-2.4» are not.
 */
export function sameTemperature(a: string, b: string): boolean {
  const d = Math.min(decimalsOf(a), decimalsOf(b));
  return Math.abs(Number(a) - Number(b)) <= 0.5 * 10 ** -d + 1e-9;
}

/** Whether two statements of a characteristic can be the same: «II» and «IIВ», «высокий» and «B», seismicity on different maps. */
export function traitsAgree(a: TraitFact, b: TraitFact): boolean {
  if (a.kind === 'climate_district') {
    // the district's numeral must be the same; the subdistrict letter only when both name one
    const [, na, la] = /^([IV]+)(.*)$/.exec(a.value) ?? [];
    const [, nb, lb] = /^([IV]+)(.*)$/.exec(b.value) ?? [];
    return na === nb && (!la || !lb || la === lb);
  }
  if (TEMPERATURES.has(a.kind)) return sameTemperature(a.value, b.value);
  if (a.kind === 'functions_class') return sameFunctionsClass(a.value, b.value);
  // intensities read from different maps of ОСР-2015 (or one of them unnamed) are not comparable
  if (a.kind === 'seismicity' && (a.map ?? '') !== (b.map ?? '')) return true;
  const oa = a.options ?? [a.value];
  const ob = b.options ?? [b.value];
  return oa.some((x) => ob.includes(x));
}

export const TRAIT_TITLES: Record<TraitKind, string> = {
  fire_resistance: 'степень огнестойкости',
  structural_fire_class: 'класс конструктивной пожарной опасности',
  functional_fire_class: 'класс функциональной пожарной опасности',
  responsibility: 'уровень ответственности',
  explosion_category: 'категория по взрывопожарной и пожарной опасности',
  climate_district: 'климатический район (подрайон)',
  snow_district: 'снеговой район',
  wind_district: 'ветровой район',
  seismicity: 'сейсмичность площадки',
  design_temperature: 'расчётная температура наружного воздуха (холодной пятидневки)',
  coldest_day_temperature: 'температура наиболее холодных суток (обеспеченностью 0,92)',
  heating_mean_temperature: 'средняя температура отопительного периода',
  energy_class: 'класс энергетической эффективности',
  functions_class: 'код функционального назначения объекта (по классификатору объектов капитального строительства)',
};

/** A value as shown in a finding: «менее 6 баллов», «минус 28 °С», the rest as they are. */
export function formatTrait(f: TraitFact): string {
  if (f.kind === 'seismicity') return f.value === '<6' ? 'менее 6 баллов' : `${f.value} баллов${f.map ? ` (карта ${f.map})` : ''}`;
  if (TEMPERATURES.has(f.kind)) return `${Number(f.value) < 0 ? 'минус ' : ''}${Math.abs(Number(f.value)).toString().replace('.', ',')} °С`;
  return f.value;
}

/** A characteristic written in the XML note, read like the same words in a document; null when not recognised. */
export function xmlTrait(element: XmlCharacteristic, raw: string): TraitFact | null {
  const read = XML_READERS[element];
  const v = read.canon(raw.trim());
  return v ? { kind: read.kind, ...v, docPage: 1, snippet: `XML ПЗ, элемент ${element}: ${raw.trim()}` } : null;
}

const XML_READERS: Record<XmlCharacteristic, { kind: TraitKind; canon: (raw: string) => { value: string; options?: string[] } | null }> = {
  ResponsibilityLevel: { kind: 'responsibility', canon: responsibilityLevel },
  EnergyEfficiencyClass: { kind: 'energy_class', canon: energyClass },
  ClimateDistrict: { kind: 'climate_district', canon: climateDistrict },
  SnowDistrict: { kind: 'snow_district', canon: (r) => SNOW_DISTRICT.canon(r) },
  WindDistrict: { kind: 'wind_district', canon: windDistrict },
  SeismicActivity: { kind: 'seismicity', canon: seismicity },
  FireDangerCategory: { kind: 'explosion_category', canon: (r) => EXPLOSION_CATEGORY.canon(r.toUpperCase()) },
  FunctionsClass: { kind: 'functions_class', canon: functionsClass },
};
