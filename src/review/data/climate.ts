/**
 * The climate of the place (СП 131.13330): the stations of table 3.1 of the editions the project holds, the period each
 * edition was the one in force, and the criteria of climate districts of appendix Б. The tables are data built from the
 * reading copies named in each entry (scripts/build-climate.ts → climate.generated.ts, `npm run climate:check`).
 */
import type { ClimateStation, RegionCode } from './climate-types.ts';
import { placeKey, regionKey } from './climate-names.ts';
import { REGION_CODES, STATIONS_2012, STATIONS_2020 } from './climate.generated.ts';

export type { ClimateSource, ClimateStation, ColdPeriod, RegionCode } from './climate-types.ts';

/** An edition whose table 3.1 the project holds, with the days it was the edition in force (ISO dates, inclusive). */
export interface ClimateEdition {
  edition: 2012 | 2020;
  designation: string;
  from: string;
  /** The last day it was certainly the edition in force; null: in force today. */
  until: string | null;
  stations: readonly ClimateStation[];
  source: string;
}

/**
 * СП 131.13330.2020 is in force from 25.06.2021 (its «Сведения о своде правил», п. 4). Between the 2012 edition and it
 * stood СП 131.13330.2018, whose tables no source here holds: a 2018 edition came into force in 2018 at the earliest, so
 * the 2012 table is the one in force for certain only up to 31.12.2017, and a set dated from 2018 to 24.06.2021 is
 * compared with no table.
 */
export const CLIMATE_EDITIONS: readonly ClimateEdition[] = [
  {
    edition: 2020,
    designation: 'СП 131.13330.2020',
    from: '2021-06-25',
    until: null,
    stations: STATIONS_2020,
    source: 'СП 131.13330.2020, сведения о своде правил, п. 4: утвержден приказом Минстроя России от 24.12.2020 № 859/пр и введен в действие с 25.06.2021',
  },
  {
    edition: 2012,
    designation: 'СП 131.13330.2012',
    from: '2013-01-01',
    until: '2017-12-31',
    stations: STATIONS_2012,
    source: 'СП 131.13330.2012, утвержден приказом Минрегиона России от 30.06.2012 № 275, введен с 01.01.2013; заменен СП 131.13330.2018',
  },
];

/** The edition in force on every day from `earliest` to `latest`, or null when the project holds no table for all of them. */
export function editionAt(earliest: string, latest: string): ClimateEdition | null {
  return CLIMATE_EDITIONS.find((e) => e.from <= earliest && (e.until === null || latest <= e.until)) ?? null;
}

const byRegion = new Map<string, Map<string, ClimateStation[]>>();
function index(stations: readonly ClimateStation[]): Map<string, ClimateStation[]> {
  const key = stations === STATIONS_2020 ? '2020' : '2012';
  let m = byRegion.get(key);
  if (!m) {
    m = new Map();
    for (const s of stations) {
      const k = placeKey(s.name);
      m.set(k, [...(m.get(k) ?? []), s]);
    }
    byRegion.set(key, m);
  }
  return m;
}

/**
 * The station of a settlement by its name, within its subject when the subject is known (`region`: a table's subject name or
 * a key of regionKey); by the name alone only when one subject has a station of that name. Null when there is none.
 */
export function stationNamed(edition: ClimateEdition, name: string, region: string | null): ClimateStation | null {
  const all = index(edition.stations).get(placeKey(name)) ?? [];
  const inRegion = region ? all.filter((s) => regionKey(s.region) === regionKey(region)) : all;
  return inRegion.length === 1 ? inRegion[0]! : null;
}

/** The subjects of the tables, for finding one named in an address. */
export const TABLE_REGIONS: readonly string[] = [...new Set([...STATIONS_2020, ...STATIONS_2012].map((s) => s.region))];

/** The table's subject of a RegionCode of the XML note, or null. */
export function regionOfCode(code: string | null): string | null {
  if (!code) return null;
  const c = REGION_CODES.find((r: RegionCode) => r.code === code.trim().padStart(2, '0'));
  return c?.tableRegion ?? null;
}

/**
 * Table Б.1 of СП 131.13330.2020: the mean temperature of January and of July that each climate subdistrict has (°С,
 * bounds inclusive; null: open). The mean wind speed of the three winter months and the humidity of July the table names
 * too are not in tables 3.1–5.1 as such, so the subdistricts told apart only by them are not told apart here; the note's
 * 190 days below 0 °С of IД is not read either. What remains is what the temperatures rule out.
 */
export const DISTRICT_CRITERIA: readonly { district: string; jan: [number | null, number | null]; jul: [number | null, number | null] }[] = [
  { district: 'IА', jan: [null, -32], jul: [4, 19] },
  { district: 'IБ', jan: [null, -28], jul: [0, 13] },
  { district: 'IВ', jan: [-28, -14], jul: [12, 21] },
  { district: 'IГ', jan: [-28, -14], jul: [0, 14] },
  { district: 'IД', jan: [-32, -14], jul: [10, 20] },
  { district: 'IIА', jan: [-14, -4], jul: [8, 12] },
  { district: 'IIБ', jan: [-5, -3], jul: [12, 21] },
  { district: 'IIВ', jan: [-14, -4], jul: [12, 21] },
  { district: 'IIГ', jan: [-14, -5], jul: [12, 21] },
  { district: 'IIIА', jan: [-20, -14], jul: [21, 25] },
  { district: 'IIIБ', jan: [-5, 2], jul: [21, 25] },
  { district: 'IIIВ', jan: [-14, -5], jul: [21, 25] },
  { district: 'IVА', jan: [-10, 2], jul: [28, null] },
  { district: 'IVБ', jan: [2, 6], jul: [22, 28] },
  { district: 'IVВ', jan: [0, 2], jul: [25, 28] },
  { district: 'IVГ', jan: [-15, 0], jul: [25, 28] },
];
export const DISTRICT_CRITERIA_SOURCE = 'СП 131.13330.2020, приложение Б, таблица Б.1';

/**
 * A station's mean temperature is a point and the map's boundaries are drawn between stations: a subdistrict whose bounds
 * the station misses by no more than this is still possible for it.
 */
export const DISTRICT_MARGIN = 1;

const within = (v: number, [lo, hi]: [number | null, number | null]) =>
  (lo === null || v >= lo - DISTRICT_MARGIN) && (hi === null || v <= hi + DISTRICT_MARGIN);

/** The subdistricts the station's January and July temperatures allow, or null when the table gives neither. */
export function districtCandidates(s: ClimateStation): string[] | null {
  if (s.jan === null || s.jul === null) return null;
  return DISTRICT_CRITERIA.filter((c) => within(s.jan!, c.jan) && within(s.jul!, c.jul)).map((c) => c.district);
}
