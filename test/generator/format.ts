/** Russian-style formatting of numbers and addresses, with the spelling variety met in real sets. */
import type { Rng } from './rng.ts';

export type NumStyle = 'space' | 'nbsp' | 'none';

/** 12345.6 → «12 345,6» (thousands separated, decimal comma). */
export function ruNumber(value: number, decimals: number, style: NumStyle = 'space'): string {
  const fixed = value.toFixed(decimals);
  const [int, frac] = fixed.split('.');
  const sep = style === 'space' ? ' ' : style === 'nbsp' ? '\u00a0' : '';
  const grouped = (int ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return frac ? `${grouped},${frac}` : grouped;
}

export interface Address {
  region: string;
  /** Region is a federal city: it is then not printed before the city. */
  federalCity: boolean;
  city: string;
  postIndex: string;
  streetType: 'ул.' | 'пр-т' | 'пер.' | 'б-р';
  street: string;
  house: string;
  building: string | null;
  /** The object is a land plot with no house yet: «house» is the plot's number («земельный участок 36»). */
  plot?: boolean;
}

const STREET_WORD: Record<Address['streetType'], string[]> = {
  'ул.': ['ул.', 'улица'],
  'пр-т': ['пр-т', 'проспект'],
  'пер.': ['пер.', 'переулок'],
  'б-р': ['б-р', 'бульвар'],
};

export interface AddressStyle {
  withCountry: boolean;
  withRegion: boolean;
  withIndex: boolean;
  cityPrefix: string;
  streetWord: string;
  houseWord: string;
  buildingWord: string;
  streetTypeAfter: boolean;
}

export function addressStyle(rng: Rng, a: Address): AddressStyle {
  return {
    withCountry: rng.chance(0.15),
    withRegion: !a.federalCity && rng.chance(0.6),
    withIndex: rng.chance(0.3),
    cityPrefix: rng.pick(['г. ', 'г. ', 'город ', '']),
    streetWord: rng.pick(STREET_WORD[a.streetType]),
    houseWord: rng.pick(['д. ', 'д. ', 'дом ', '']),
    buildingWord: rng.pick(['корп. ', 'корпус ', 'к. ']),
    streetTypeAfter: rng.chance(0.2),
  };
}

export function formatAddress(a: Address, s: AddressStyle): string {
  const parts: string[] = [];
  if (s.withCountry) parts.push('Российская Федерация');
  if (s.withIndex) parts.push(a.postIndex);
  if (s.withRegion) parts.push(a.region);
  parts.push(`${s.cityPrefix}${a.city}`);
  parts.push(s.streetTypeAfter ? `${a.street} ${s.streetWord}` : `${s.streetWord} ${a.street}`);
  if (a.plot) {
    parts.push(`${plotWord(s)}${a.house}`);
    return parts.join(', ');
  }
  parts.push(`${s.houseWord}${a.house}`);
  if (a.building) parts.push(`${s.buildingWord}${a.building}`);
  return parts.join(', ');
}

/** The plot's number in the words of the style: the same plot written three ways across the volumes of a set. */
function plotWord(s: AddressStyle): string {
  return s.houseWord === 'д. ' ? 'земельный участок ' : s.houseWord === 'дом ' ? 'з/у № ' : 'уч. ';
}

const ORDINAL_STOREYS: Record<number, string> = {
  3: 'трехэтажный',
  4: 'четырехэтажный',
  5: 'пятиэтажный',
  6: 'шестиэтажный',
  7: 'семиэтажный',
  8: 'восьмиэтажный',
  9: 'девятиэтажный',
  10: 'десятиэтажный',
  11: 'одиннадцатиэтажный',
  12: 'двенадцатиэтажный',
  14: 'четырнадцатиэтажный',
  16: 'шестнадцатиэтажный',
  17: 'семнадцатиэтажный',
};

/** «девятиэтажный» when there is a word for the number, else «9-этажный». */
export function storeysAdjective(n: number, preferWord: boolean): string {
  return preferWord && ORDINAL_STOREYS[n] ? (ORDINAL_STOREYS[n] as string) : `${n}-этажный`;
}

/** Russian plural: 1 этаж, 2 этажа, 5 этажей. */
export function plural(n: number, one: string, few: string, many: string): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return one;
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return few;
  return many;
}
