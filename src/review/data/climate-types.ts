/** Shapes of the climate data (climate.generated.ts, built by scripts/build-climate.ts; read through climate.ts). */

/** Where an entry was read: the source file, the edition of СП 131.13330, its table and the row of that table (1-based, in table order). */
export interface ClimateSource {
  file: string;
  edition: string;
  table: string;
  row: number;
}

/** The length (days) and the mean temperature (°С) of the period with a mean daily temperature at or below a level. */
export interface ColdPeriod {
  days: number;
  mean: number;
}

/**
 * One station of table 3.1 of an edition: the design values a volume states for its place. `jan`, `jul` (table 5.1) and
 * `daysBelow0` (the period at or below 0 °С) serve the criteria of climate districts (appendix Б); null where the edition's
 * table gives no value.
 */
export interface ClimateStation {
  edition: 2012 | 2020;
  /** The subject of the Russian Federation as the table names it («Республика Татарстан (Татарстан)»). */
  region: string;
  /** The station as the table names it («Нижний Новгород», «Лопатка, мыс»). */
  name: string;
  /** Температура воздуха наиболее холодной пятидневки обеспеченностью 0,92, °С. */
  fiveDay: number | null;
  /** Температура воздуха наиболее холодных суток обеспеченностью 0,92, °С. */
  coldestDay: number | null;
  /** The period at or below 8 °С (the heating period of most buildings) and at or below 10 °С (of hospitals, schools, children's institutions). */
  at8: ColdPeriod | null;
  at10: ColdPeriod | null;
  daysBelow0: number | null;
  jan: number | null;
  jul: number | null;
  src: readonly ClimateSource[];
}

/** A code of a subject of the Russian Federation (the XML note's RegionCode) and the table's subject its places are listed under. */
export interface RegionCode {
  code: string;
  name: string;
  /** The subject of table 3.1 (a federal city is listed under the region around it: Москва under Московская область), or null. */
  tableRegion: string | null;
  src: string;
}
