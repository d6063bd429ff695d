// Builds src/review/data/climate.generated.ts from the reading copies of СП 131.13330 in ../shared/domain/sources/ and
// the subject codes of the Минстрой explanatory-note schema in ../shared/xsd/ (npm run climate:build). `--check` only
// compares and exits 1 when the generated file is not what the sources build. The sources are not part of the project:
// each entry names the file, the edition, the table and the row it was read from.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeGenerated } from './generated-file.ts';
import type { ClimateSource, ClimateStation, ColdPeriod, RegionCode } from '../src/review/data/climate-types.ts';
import { regionKey } from '../src/review/data/climate-names.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SOURCES = resolve(ROOT, process.env.CLIMATE_SOURCES ?? '../shared/domain/sources');
const XSD = resolve(ROOT, process.env.CLIMATE_XSD ?? '../shared/xsd/explanatorynote-01-07.xsd');
const GENERATED = join(ROOT, 'src/review/data/climate.generated.ts');

const T2020 = 'sp131.13330.2020_table3.1_cold_period.csv';
const M2020 = 'sp131.13330.2020_table5.1_monthly_mean_temp.csv';
const T2012 = 'sp131-2012-table3.1-cold-period_hds-api.csv';

/** Rows of a CSV file with quoted fields (a quoted field may hold commas, doubled quotes and line breaks). */
function csv(file: string): Record<string, string>[] {
  const text = readFileSync(join(SOURCES, file), 'utf8');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f !== '')) rows.push(row);
  const [head, ...body] = rows;
  if (!head) throw new Error(`${file}: empty`);
  return body.map((r, n) => {
    if (r.length !== head.length) throw new Error(`${file}: row ${n + 1} has ${r.length} fields, the header ${head.length}`);
    return Object.fromEntries(head.map((h, i) => [h, r[i]!.trim()]));
  });
}

/**
 * The station's name as the table prints it: the text extraction glued a note of the database's maker («* Письмом … —
 * Примечание изготовителя базы данных. Кировский») before some names and kept the footnote mark («Владивосток*»).
 */
function stationName(raw: string): string {
  const note = raw.lastIndexOf('Примечание изготовителя базы данных.');
  const name = note >= 0 ? raw.slice(note + 'Примечание изготовителя базы данных.'.length) : raw;
  return name.replace(/\*/g, '').replace(/\s+/g, ' ').trim();
}

function num(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const s = raw.trim().replace(',', '.');
  if (s === '' || s === '-' || /^null$/i.test(s)) return null;
  const n = Number(s);
  if (!Number.isFinite(n)) throw new Error(`not a number: «${raw}»`);
  return n;
}

function period(days: string | undefined, mean: string | undefined): ColdPeriod | null {
  const d = num(days);
  const m = num(mean);
  return d === null || m === null ? null : { days: d, mean: m };
}

/** The 2012 source names Югра «Юрга»: the subject's name as the 2020 table and the schema spell it. */
const REGION_SPELLING: Record<string, string> = { 'Ханты-Мансийский автономный округ - Юрга': 'Ханты-Мансийский автономный округ - Югра' };
const region = (raw: string) => REGION_SPELLING[raw] ?? raw;

function stations2020(): ClimateStation[] {
  const monthly = new Map<string, { row: number; jan: number | null; jul: number | null }>();
  for (const [i, r] of csv(M2020).entries()) monthly.set(`${r.region}|${stationName(r.station!)}`, { row: i + 1, jan: num(r.I), jul: num(r.VII) });
  return csv(T2020).map((r, i) => {
    const name = stationName(r.station!);
    const m = monthly.get(`${r.region}|${name}`);
    const src: ClimateSource[] = [{ file: T2020, edition: 'СП 131.13330.2020', table: '3.1', row: i + 1 }];
    if (m) src.push({ file: M2020, edition: 'СП 131.13330.2020', table: '5.1', row: m.row });
    return {
      edition: 2020,
      region: region(r.region!),
      name,
      fiveDay: num(r['t_coldest_5day_0.92']),
      coldestDay: num(r['t_coldest_day_0.92']),
      at8: period(r.dur_le8, r.tavg_le8),
      at10: period(r.dur_le10, r.tavg_le10),
      daysBelow0: num(r.dur_le0),
      jan: m?.jan ?? null,
      jul: m?.jul ?? null,
      src,
    };
  });
}

function stations2012(): ClimateStation[] {
  return csv(T2012).map((r, i) => ({
    edition: 2012,
    region: region(r.region!),
    name: stationName(r.locality!),
    fiveDay: num(r.coldest_five_temperature_92),
    coldestDay: num(r.coldest_day_temperature_92),
    at8: period(r.duration_8, r.average_temperature_8),
    at10: period(r.duration_10, r.average_temperature_10),
    daysBelow0: num(r.duration_0),
    jan: null,
    jul: null,
    src: [{ file: T2012, edition: 'СП 131.13330.2012', table: '3.1', row: i + 1 }],
  }));
}

/** RegionCode of the schema (tRegionCode) with the subject of the table its places are listed under. */
function regionCodes(stations: readonly ClimateStation[]): RegionCode[] {
  const xsd = readFileSync(XSD, 'utf8');
  const start = xsd.indexOf('name="tRegionCode"');
  if (start < 0) throw new Error(`${XSD}: no tRegionCode`);
  const body = xsd.slice(start, xsd.indexOf('</xs:simpleType>', start));
  const regions = [...new Set(stations.map((s) => s.region))];
  const out: RegionCode[] = [];
  for (const m of body.matchAll(/value="(\d+)">\s*<xs:annotation>\s*<xs:documentation[^>]*>([^<]+)</g)) {
    const name = m[2]!.trim();
    const key = regionKey(name);
    // a federal city is listed under the region around it: the region of its own station
    const tableRegion = regions.find((r) => regionKey(r) === key) ?? stations.find((s) => s.name === name)?.region ?? null;
    out.push({ code: m[1]!, name, tableRegion, src: 'explanatorynote-01-07.xsd, tRegionCode' });
  }
  return out;
}

const line = (o: unknown) => `  ${JSON.stringify(o)},`;
const s2020 = stations2020();
const s2012 = stations2012();
const codes = regionCodes(s2020);
const text = [
  '// Generated by scripts/build-climate.ts from ../shared/domain/sources/ (СП 131.13330 tables) and ../shared/xsd/ (npm run climate:build).',
  '// Do not edit: rebuild. Every entry names the file, the edition, the table and the row it was read from.',
  "import type { ClimateStation, RegionCode } from './climate-types.ts';",
  '',
  '/** Table 3.1 of СП 131.13330.2020 (with January and July of table 5.1). */',
  'export const STATIONS_2020: readonly ClimateStation[] = [',
  ...s2020.map(line),
  '];',
  '',
  '/** Table 3.1 of СП 131.13330.2012. */',
  'export const STATIONS_2012: readonly ClimateStation[] = [',
  ...s2012.map(line),
  '];',
  '',
  "/** Codes of the subjects of the Russian Federation (the XML note's RegionCode). */",
  'export const REGION_CODES: readonly RegionCode[] = [',
  ...codes.map(line),
  '];',
  '',
].join('\n');

writeGenerated(GENERATED, text, 'climate:build');
const unjoined = s2020.filter((s) => s.jan === null).map((s) => `${s.region} / ${s.name}`);
console.log(
  JSON.stringify({
    stations2020: s2020.length,
    stations2012: s2012.length,
    regionCodes: codes.length,
    codesWithoutTableRegion: codes.filter((c) => !c.tableRegion).map((c) => c.name),
    withoutMonthlyTemperatures: unjoined,
  }),
);
