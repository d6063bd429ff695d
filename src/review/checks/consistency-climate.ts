import { CLIMATE_EDITIONS, DISTRICT_CRITERIA_SOURCE, districtCandidates, stationNamed, type ClimateSource, type ClimateStation } from '../data/climate.ts';
import { sameTemperature, TRAIT_TITLES, traitsAgree, xmlTrait } from '../facts/traits.ts';
import type { DocFacts, TraitFact, TraitKind } from '../facts/types.ts';
import { placeStation, type PlaceStation } from './climate-station.ts';
import { authority, designDocs, quote } from './common.ts';
import { traitCheck } from './trait-consistency.ts';
import { where, type CheckContext, type Place, type Report } from './types.ts';

/** A design value of table 3.1 a volume states for its place. */
type TableKind = 'design_temperature' | 'coldest_day_temperature' | 'heating_mean_temperature' | 'heating_days';

interface TableColumn {
  title: string;
  /** The column as table 3.1 names it. */
  column: string;
  /** The values the table gives for the station: the heating period at ≤ 8 °С and, for hospitals, schools and children's institutions, at ≤ 10 °С. */
  values(s: ClimateStation): number[];
  shown(v: number): string;
}

const degrees = (v: number) => `${v < 0 ? 'минус ' : ''}${String(Math.abs(v)).replace('.', ',')} °С`;
const present = (xs: (number | null | undefined)[]) => xs.filter((x): x is number => x !== null && x !== undefined);

const COLUMNS: Record<TableKind, TableColumn> = {
  design_temperature: {
    title: TRAIT_TITLES.design_temperature,
    column: 'температура воздуха наиболее холодной пятидневки обеспеченностью 0,92',
    values: (s) => present([s.fiveDay]),
    shown: degrees,
  },
  coldest_day_temperature: {
    title: TRAIT_TITLES.coldest_day_temperature,
    column: 'температура воздуха наиболее холодных суток обеспеченностью 0,92',
    values: (s) => present([s.coldestDay]),
    shown: degrees,
  },
  heating_mean_temperature: {
    title: TRAIT_TITLES.heating_mean_temperature,
    column: 'средняя температура воздуха периода со средней суточной температурой воздуха ≤ 8 °С (≤ 10 °С)',
    values: (s) => present([s.at8?.mean, s.at10?.mean]),
    shown: degrees,
  },
  heating_days: {
    title: 'продолжительность отопительного периода',
    column: 'продолжительность периода со средней суточной температурой воздуха ≤ 8 °С (≤ 10 °С)',
    values: (s) => present([s.at8?.days, s.at10?.days]),
    shown: (v) => `${v} сут.`,
  },
};

/** One statement of a design value: the document (or the XML note's ClimateNote), its page and its words. */
interface Stated {
  doc: DocFacts;
  value: number;
  /** The value as read, its decimals telling how it was rounded. */
  raw: string;
  page: number;
  snippet: string;
}

function statedValues(ctx: CheckContext, kind: TableKind): Stated[] {
  const docs = [...designDocs(ctx), ...(ctx.xml ? [ctx.xml.doc] : [])];
  return docs.flatMap((doc) =>
    kind === 'heating_days'
      ? doc.values.filter((v) => v.kind === 'heating_days').map((v) => ({ doc, value: v.value, raw: String(v.value), page: v.docPage, snippet: v.snippet }))
      : doc.traits
          .filter((t) => t.kind === kind && !t.secondary)
          .map((t) => ({ doc, value: Number(t.value), raw: t.value, page: t.docPage, snippet: t.snippet })),
  );
}

/** The stated value is the table's, as the designer rounds it: «-26» for −26, «-2» or «-2,2» for −2,2; days exactly. */
function meets(kind: TableKind, s: Stated, table: number): boolean {
  return kind === 'heating_days' ? s.value === table : sameTemperature(s.raw, String(table));
}

/** «204 сут. (для периода ≤ 10 °С — 222 сут.)», «минус 26 °С». */
function tableValues(c: TableColumn, s: ClimateStation): string {
  const [at8, at10] = c.values(s);
  return at10 === undefined ? c.shown(at8!) : `${c.shown(at8!)} (для периода ≤ 10 °С — ${c.shown(at10)})`;
}

const sourceLine = (src: readonly ClimateSource[], table: string) => {
  const row = src.find((x) => x.table === table) ?? src[0]!;
  return `${row.edition}, таблица ${row.table}, строка ${row.row}`;
};

/** «СП 131.13330.2020, таблица 3.1, строка 225 (Московская область, Москва): … — минус 26 °С». */
function tableQuote(p: PlaceStation, kind: TableKind): string {
  const c = COLUMNS[kind];
  const s = p.station;
  return `${sourceLine(s.src, '3.1')} (${s.region}, ${s.name}): ${c.column} — ${tableValues(c, s)}.`;
}

function howChosen(p: PlaceStation): string {
  if (p.how === 'own') return `Станция выбрана по населённому пункту адреса объекта ${quote(p.address)}.`;
  const n = p.named!;
  return `У населённого пункта адреса объекта ${quote(p.address)} нет своей станции в таблице; станция принята по документам: ${n.doc.xml ? 'XML ПЗ' : where({ doc: n.doc, page: n.fact.docPage })}: ${n.fact.snippet}`;
}

/** Stations whose value a set of this date may state: the edition at its date and the ones in force after it (a newer edition applied early). */
function acceptedStations(p: PlaceStation): ClimateStation[] {
  const later = CLIMATE_EDITIONS.filter((e) => e.from > p.edition.from)
    .map((e) => stationNamed(e, p.station.name, p.station.region))
    .filter((s): s is ClimateStation => !!s);
  return [p.station, ...later];
}

/** The design values stated in the volumes and the XML note held against table 3.1 for the place: one finding per wrong value. */
function againstTable(ctx: CheckContext, report: Report): ReadonlySet<string> {
  const p = placeStation(ctx);
  if (!p) return new Set();
  const held = new Set<string>();
  const stations = acceptedStations(p);
  for (const kind of Object.keys(COLUMNS) as TableKind[]) {
    const c = COLUMNS[kind];
    const expected = c.values(p.station);
    if (!expected.length) continue;
    held.add(kind);
    const wrong = statedValues(ctx, kind).filter((s) => !stations.some((st) => c.values(st).some((t) => meets(kind, s, t))));
    const byValue = new Map<number, Stated[]>();
    for (const s of wrong) byValue.set(s.value, [...(byValue.get(s.value) ?? []), s]);
    for (const [value, group] of byValue) report(tableFinding(p, kind, value, group));
  }
  districtQuestion(ctx, p, report);
  return held;
}

function tableFinding(p: PlaceStation, kind: TableKind, value: number, group: Stated[]) {
  const c = COLUMNS[kind];
  const sorted = [...group].sort((a, b) => rank(a.doc) - rank(b.doc) || a.page - b.page);
  const about = sorted.find((s) => s.doc.doc.role === 'review') ?? sorted[0]!;
  const docs = [...new Set(sorted.map((s) => s.doc))];
  const names = docs.map((d) => `«${d.doc.name}»`).join(', ');
  const places = [
    ...new Map(sorted.map((s) => [`${s.doc.doc.index}|${s.doc.xml ? 1 : s.page}`, { doc: s.doc, page: s.doc.xml ? 1 : s.page } as Place])).values(),
  ];
  const old = olderEdition(p, kind, value);
  const table = tableValues(c, p.station);
  return {
    about: about.doc,
    essence: `Значение «${c.title}» ${c.shown(value)} в ${names} не соответствует ${p.edition.designation} для места строительства: по таблице 3.1 (${p.station.name}) — ${table}.${old}`,
    evidence: [
      ...sorted.map((s) => (s.doc.xml ? `XML ПЗ (ClimateNote): ${s.snippet}` : `${where({ doc: s.doc, page: s.page })}: ${s.snippet}`)),
      tableQuote(p, kind),
      howChosen(p),
    ].join('\n'),
    action: `Принять ${c.title} по таблице 3.1 ${p.edition.designation} для ${p.station.name} (${table}) во всех разделах и в XML ПЗ; проверить теплотехнические расчёты и расчёты систем отопления и вентиляции, выполненные по значению ${c.shown(value)}.`,
    norm: `${p.edition.designation} «Строительная климатология», таблица 3.1`,
    places,
  };
}

const rank = (d: DocFacts) => (d.xml ? Number.MAX_SAFE_INTEGER : authority(d));

/** «Значение — из таблицы СП 131.13330.2012» when the stated value is an earlier edition's for the same station. */
function olderEdition(p: PlaceStation, kind: TableKind, value: number): string {
  for (const e of CLIMATE_EDITIONS) {
    if (e.from >= p.edition.from) continue;
    const s = stationNamed(e, p.station.name, p.station.region);
    if (s && COLUMNS[kind].values(s).some((t) => meets(kind, { value, raw: String(value) } as Stated, t)))
      return ` Указанное значение — по таблице 3.1 ${e.designation} (${sourceLine(s.src, '3.1')}), заменённого ${p.edition.designation}.`;
  }
  return '';
}

/**
 * The climate district the set states, held against the criteria of table Б.1 computed for the station: a question where
 * none of the subdistricts the station's temperatures allow is the one stated — the map (рис. А.1) is the normative source
 * and is not available as data, so it is never a finding. Documents that disagree among themselves are reported as such.
 */
function districtQuestion(ctx: CheckContext, p: PlaceStation, report: Report): void {
  const stated: { doc: DocFacts; fact: TraitFact }[] = designDocs(ctx).flatMap((doc) =>
    doc.traits.filter((t) => t.kind === 'climate_district').map((fact) => ({ doc, fact })),
  );
  const raw = ctx.xml?.facts.characteristics.ClimateDistrict;
  const x = raw ? xmlTrait('ClimateDistrict', raw) : null;
  if (x && ctx.xml) stated.push({ doc: ctx.xml.doc, fact: x });
  if (!stated.length || stated.some((a) => stated.some((b) => !traitsAgree(a.fact, b.fact)))) return;
  // the criteria are of the 2020 edition's appendix Б and its table 5.1
  const criteriaStation = p.station.jan !== null ? p.station : stationNamed(CLIMATE_EDITIONS[0]!, p.station.name, p.station.region);
  const candidates = criteriaStation ? districtCandidates(criteriaStation) : null;
  if (!candidates?.length || !criteriaStation) return;
  const fits = (v: string) => candidates.some((c) => (/[А-Д]$/.test(v) ? c === v : c.replace(/[А-Д]$/, '') === v));
  const value = stated.reduce((best, s) => (s.fact.value.length > best.length ? s.fact.value : best), stated[0]!.fact.value);
  if (stated.some((s) => fits(s.fact.value))) return;
  const first = [...stated].sort((a, b) => rank(a.doc) - rank(b.doc))[0]!;
  const docs = [...new Set(stated.map((s) => (s.doc.xml ? 'XML ПЗ' : `«${s.doc.doc.name}»`)))].join(', ');
  const t = (v: number) => degrees(v);
  report.question({
    section: first.doc.section ?? 'ПЗ',
    text: `Климатический район (подрайон) ${value} (${docs}) не согласуется с критериями таблицы Б.1 ${CLIMATE_EDITIONS[0]!.designation} для ${criteriaStation.name}: средняя температура января ${t(criteriaStation.jan!)}, июля ${t(criteriaStation.jul!)} отвечают подрайонам ${candidates.join(', ')}. Подтвердите район по карте климатического районирования (рисунок А.1).`,
    reason: `Район устанавливается по карте рисунка А.1, которой нет в машиночитаемом виде; критерии (${DISTRICT_CRITERIA_SOURCE}) вычислены по ${sourceLine(criteriaStation.src, '5.1')} и лишь проверяют правдоподобие. ${howChosen(p)}`,
    places: stated.map((s) => ({ doc: s.doc, page: s.doc.xml ? 1 : s.fact.docPage })).slice(0, 6),
  });
}

const KINDS: TraitKind[] = [
  'climate_district',
  'snow_district',
  'wind_district',
  'seismicity',
  'design_temperature',
  'coldest_day_temperature',
  'heating_mean_temperature',
];

/**
 * C-11: климатический район, снеговой и ветровой районы, сейсмичность, расчётные температуры наружного воздуха и отопительный
 * период — одни во всех документах и, где место строительства имеет станцию СП 131.13330 (или документы её называют), равные
 * значениям её таблицы 3.1.
 */
export const climateConsistency = traitCheck({
  id: 'consistency.climate',
  title:
    'Климатический, снеговой и ветровой районы, сейсмичность, расчётные температуры наружного воздуха, нормативные снеговая и ветровая нагрузки и отопительный период совпадают в ПЗ, КР, ИОС и XML ПЗ; расчётные температуры и отопительный период — со значениями таблицы 3.1 СП 131.13330 для места строительства',
  kinds: KINDS,
  assignmentStates: true,
  xml: ['ClimateDistrict', 'SnowDistrict', 'WindDistrict', 'SeismicActivity'],
  action:
    'Уточнить {name} по СП 131.13330 и картам районирования СП 20.13330 для места строительства и привести значение к единому во всех разделах (ПЗ, в т. ч. XML, КР, ИОС); проверить расчёты нагрузок и теплотехнические расчёты, выполненные по ошибочному значению.',
  norm: 'СП 131.13330.2020 «Строительная климатология»; СП 20.13330.2016 «Нагрузки и воздействия»',
  reference: againstTable,
});
