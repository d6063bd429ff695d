/**
 * The place of construction as СП 131.13330 lists places: the settlement of the object's address and the subject it lies
 * in, and a station the documents themselves say the climate data were taken for («климатические параметры приняты по
 * г. Кострома»).
 */
import { regionKey } from '../data/climate-names.ts';
import { fold, snippet } from '../text/normalize.ts';
import type { TextFact } from './types.ts';

export interface Settlement {
  /** The settlement's name as written («Нижний Новгород»). */
  name: string;
  /** A settlement type word stood before it (г., пос., с. …): a part without one is a settlement only if a station has its name. */
  marked: boolean;
}

export interface AddressPlace {
  /** Settlements the address names, most specific (last) first. */
  settlements: Settlement[];
  /** The subject of the Russian Federation named in the address, as one of `regions` spells it, or null. */
  region: string | null;
}

/** A settlement type word at the start of an address part: «г.», «город», «пос.», «пгт», «с.», «ст-ца», «д.» before a name. */
const SETTLEMENT_TYPE =
  /^(?:г|гор|город|пос|п|поселок|посёлок|пгт|рп|р\.\s?п|рабочий\s+поселок|с|село|ст-ца|станица|ст|дер|деревня|д|х|хутор|аул|сл|слобода|нп|населенный\s+пункт)\.?\s+(?=[А-ЯЁA-Z])/iu;
/** Parts of an address that are no settlement: municipal units, districts, streets, houses, the country, a post index. */
const NOT_SETTLEMENT =
  /(?:^|\s)(?:г\.\s?о\.|м\.\s?о\.|ул|пр-к?т|пер|ш|б-р|наб|пл|мкр|корп|стр|уч|обл|респ|р-н|д\.\s?\d)(?:\.|\s|$)|(?:^|\s)(?:городск|муниципальн|район|поселени|област|край|республик|автономн|округ|российск|россия|кадастров|улиц|проспект|переул|шоссе|бульвар|набережн|площад|проезд|микрорайон|квартал|строени|участ|дом\s)|\d/iu;

/**
 * The settlements and the subject an address names. The subject is found by its distinctive word before «область»,
 * «край», «Республика», «автономный округ» or after «Республика» («Ярославская обл.», «Респ. Татарстан»), among `regions`.
 */
export function addressPlace(address: string, regions: readonly string[]): AddressPlace {
  const parts = address
    .replace(/\s+/g, ' ')
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const settlements: Settlement[] = [];
  for (const part of parts) {
    const typed = SETTLEMENT_TYPE.exec(part);
    const name = (typed ? part.slice(typed[0].length) : part).replace(/[«»"]/g, '').trim();
    if (!name || !/^[А-ЯЁ]/u.test(name)) continue;
    if (NOT_SETTLEMENT.test(typed ? name : part)) continue;
    settlements.unshift({ name, marked: !!typed });
  }
  return { settlements, region: regionIn(address, regions) };
}

function regionIn(address: string, regions: readonly string[]): string | null {
  const text = fold(address).replace(/ё/g, 'е');
  const found = regions.filter((r) => {
    const key = regionKey(r);
    if (!key) return false;
    const word = String.raw`(?<![а-я-])${escapeRe(key)}[а-я]*`;
    return new RegExp(String.raw`${word}\s+(?:обл|область|край|республик|автономн)|(?:республика|респ\.?)\s+${word}`).test(text);
  });
  return found.length === 1 ? found[0]! : null;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/**
 * «Климатические параметры приняты по г. Кострома», «климатические данные приняты по метеостанции Кострома», «… для
 * г. Кострома по СП 131.13330»: the station (or town) the documents say the climate data were taken for.
 */
const NAMED_STATION =
  /[Кк]лиматическ\S*\s+(?:параметр\S*|данн\S*|характеристик\S*|услови\S*)(?:\s+(?:района\s+строительства|наружного\s+воздуха))?\s+(?:приняты|принимаются|принят[аоы]?|определены|взяты)\s+(?:по\s+СП\s*131[.\s]*13330(?:[.\s]*\d{4})?\s*(?:\([^)]{0,40}\)\s*)?)?(?:по\s+(?:данным\s+)?|для\s+)(?:ближайшей\s+)?(?:метеостанции|метеорологической\s+станции|м\/с|МС|пункта|населенного\s+пункта|г\.|гор\.|города|п\.|пос\.|поселка|с\.|села)\s*[«"]?([А-ЯЁ][а-яё]+(?:[- ](?:на-)?[А-ЯЁ][а-яё]+)?)/gu;

export function findNamedStations(flat: string, docPage: number): TextFact[] {
  if (!/климатическ/i.test(flat)) return [];
  const out: TextFact[] = [];
  NAMED_STATION.lastIndex = 0;
  for (let m = NAMED_STATION.exec(flat); m; m = NAMED_STATION.exec(flat)) {
    out.push({ value: m[1]!, docPage, snippet: snippet(flat, m.index, m.index + m[0].length) });
  }
  return out;
}
