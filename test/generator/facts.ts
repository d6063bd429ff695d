/** Facts of one object: organization, people, address, plot, cipher and technical and economic indicators (ТЭП). */
import { Rng } from './rng.ts';
import type { Address, NumStyle } from './format.ts';

export interface Person {
  surname: string;
  initials: string;
}

export interface Tep {
  plotArea: number;
  builtArea: number;
  totalArea: number;
  apartmentsArea: number;
  livingArea: number;
  volume: number;
  volumeUnder: number;
  /** Этажность (above ground). */
  storeys: number;
  /** Underground floors counted in «количество этажей». */
  underground: number;
  apartments: number;
  mix: { studio: number; one: number; two: number; three: number };
  entrances: number;
  height: number;
  /**
   * How the volume's storeys sentence is worded when it must be one way: «Здание — 4 надземных этажа» (above ground,
   * stated on its own), «Здание имеет пять этажей (включая подвал)» (every floor with the basement).
   */
  phrase?: 'above_ground' | 'with_basement';
}

/** A ТУ (технические условия) by its number and date («12.03.2024»). */
export interface TuRef {
  number: string;
  date: string;
}

/** Heights, elevations, loads and initial documents (C-05, C-09, E-01, C-01a, E-02); a defect may change them for one document. */
export interface LoadFacts {
  /** Пожарно-техническая высота, m (two decimals). */
  fireHeight: number;
  /** Absolute elevation taken as 0,000 (two decimals). */
  zeroAbs: number;
  /** Расчетная and установленная electric power, кВт. */
  power: number;
  installed: number;
  /** Расход воды на хозяйственно-питьевые нужды, м³/сут. */
  water: number;
  /** Общая тепловая нагрузка, Гкал/ч (three decimals). */
  heat: number;
  gpzu: string;
  gpzuDate: string;
  tu: { power: TuRef; water: TuRef; heat: TuRef };
}

/**
 * Further compared indicators (the judge's catalogue): the year the building to be demolished on the plot was built, the
 * places of a kindergarten built into the house (null without one), and the capacity of its boiler-house when the object is
 * named with one (MW, null without).
 */
export interface IndicatorFacts {
  existingYear: number;
  kindergarten: number | null;
  boilerMw: number | null;
}

/** Fire-safety, climate and energy characteristics of the object (C-10 … C-12). */
export interface ObjectTraits {
  /** Степень огнестойкости, «II». */
  fireResistance: string;
  /** Класс конструктивной пожарной опасности, «С0». */
  structural: string;
  /** Класс функциональной пожарной опасности of the building, «Ф1.3». */
  functional: string;
  responsibility: 'повышенный' | 'нормальный' | 'пониженный';
  /** «IIВ». */
  climateDistrict: string;
  snow: string;
  wind: string;
  /** Сейсмичность in баллы, 0 for «менее 6 баллов». */
  seismic: number;
  /** Температура наиболее холодной пятидневки (0,92), °С. */
  temperature: number;
  /** The same by the 2012 edition's table, for the misreadings a defect plants. */
  fiveDayOf2012: number;
  /** Продолжительность (сут.) и средняя температура (°С) отопительного периода, ≤ 8 °С. */
  heatingDays: number;
  heatingMean: number;
  /** «A+», «A», «B». */
  energyClass: string;
}

/** Facts a document states; a defect may change them for one document. */
export interface DocFacts extends LoadFacts, IndicatorFacts {
  address: Address;
  /** The object's name this document prints, when it is another object's (identity.other_object); else the set's. */
  objectName?: string;
  /** The ГИП this document names on its title page and title blocks, when another than the set's (consistency.parties). */
  gip?: Person;
  cadastral: string;
  cipherBase: string;
  tep: Tep;
  traits: ObjectTraits;
}

export interface SetFacts extends DocFacts {
  organization: string;
  orgShort: string;
  sro: string;
  orgCity: string;
  customer: string;
  director: Person;
  gip: Person;
  normController: Person;
  checkers: Person[];
  developers: Person[];
  objectName: string;
  kvartal: string;
  neighbourCadastral: string;
  /** Plots the ПЗ lists beside the object's own on purpose (a clean trap), none by default. */
  listedPlots?: string[];
  year: number;
  month: number;
  numStyle: NumStyle;
  oktmo: string;
  regionCode: string;
  concrete: string;
  snowDistrict: string;
  windDistrict: string;
  durationMonths: number;
  electricLoad: number;
  /** Shops or offices (Ф4.3) on the ground floor of the house. */
  commercialGround: boolean;
  /** A town near the site with its own weather station, shown beside the site's in a climate table. */
  nearbyStation: { name: string; temperature: number };
  /** The station the documents say the climate data were taken for (a town without a station of its own), or null. */
  climateStation: string | null;
}

/**
 * Places of the generated objects, with the climate of their station in СП 131.13330.2020 (table 3.1: the coldest five-day
 * period at 0,92, the heating period at ≤ 8 °С; the 2012 edition's five-day value beside it) and a subdistrict table Б.1
 * allows for their January and July.
 */
const PLACES = [
  {
    region: 'г. Москва',
    federal: true,
    city: 'Москва',
    code: '77',
    idx: '1',
    cad: '77',
    oktmo: '45380000',
    climate: 'IIВ',
    t5: -26,
    heatingDays: 204,
    heatingMean: -2.2,
    t5of2012: -25,
    station: 'Дмитров',
    stationT: -27,
  },
  {
    region: 'г. Санкт-Петербург',
    federal: true,
    city: 'Санкт-Петербург',
    code: '78',
    idx: '19',
    cad: '78',
    oktmo: '40306000',
    climate: 'IIВ',
    t5: -24,
    heatingDays: 211,
    heatingMean: -1.2,
    t5of2012: -24,
    station: 'Тихвин',
    stationT: -28,
  },
  {
    region: 'Республика Татарстан',
    federal: false,
    city: 'Казань',
    code: '16',
    idx: '420',
    cad: '16',
    oktmo: '92701000',
    climate: 'IIВ',
    t5: -29,
    heatingDays: 207,
    heatingMean: -4.7,
    t5of2012: -31,
    station: 'Чистополь',
    stationT: -32,
  },
  {
    region: 'Свердловская область',
    federal: false,
    city: 'Екатеринбург',
    code: '66',
    idx: '620',
    cad: '66',
    oktmo: '65701000',
    climate: 'IВ',
    t5: -32,
    heatingDays: 220,
    heatingMean: -5.5,
    t5of2012: -32,
    station: 'Каменск-Уральский',
    stationT: -33,
  },
  {
    region: 'Новосибирская область',
    federal: false,
    city: 'Новосибирск',
    code: '54',
    idx: '630',
    cad: '54',
    oktmo: '50701000',
    climate: 'IВ',
    t5: -37,
    heatingDays: 222,
    heatingMean: -7.9,
    t5of2012: -37,
    station: 'Болотное',
    stationT: -38,
  },
  {
    region: 'Нижегородская область',
    federal: false,
    city: 'Нижний Новгород',
    code: '52',
    idx: '603',
    cad: '52',
    oktmo: '22701000',
    climate: 'IIВ',
    t5: -27,
    heatingDays: 209,
    heatingMean: -3.6,
    t5of2012: -31,
    station: 'Арзамас',
    stationT: -31,
  },
  {
    region: 'Краснодарский край',
    federal: false,
    city: 'Краснодар',
    code: '23',
    idx: '350',
    cad: '23',
    oktmo: '03701000',
    climate: 'IIIБ',
    t5: -15,
    heatingDays: 146,
    heatingMean: 2.7,
    t5of2012: -16,
    station: 'Усть-Лабинск',
    stationT: -20,
  },
  {
    region: 'Самарская область',
    federal: false,
    city: 'Самара',
    code: '63',
    idx: '443',
    cad: '63',
    oktmo: '36701000',
    climate: 'IIВ',
    t5: -27,
    heatingDays: 196,
    heatingMean: -4.7,
    t5of2012: -30,
    station: 'Сызрань',
    stationT: -29,
  },
  {
    region: 'Пермский край',
    federal: false,
    city: 'Пермь',
    code: '59',
    idx: '614',
    cad: '59',
    oktmo: '57701000',
    climate: 'IВ',
    t5: -35,
    heatingDays: 225,
    heatingMean: -5.4,
    t5of2012: -35,
    station: 'Кунгур',
    stationT: -35,
  },
  {
    region: 'Воронежская область',
    federal: false,
    city: 'Воронеж',
    code: '36',
    idx: '394',
    cad: '36',
    oktmo: '20701000',
    climate: 'IIВ',
    t5: -24,
    heatingDays: 190,
    heatingMean: -2.4,
    t5of2012: -24,
    station: 'Лиски',
    stationT: -25,
  },
] as const;

type Place = (typeof PLACES)[number] | (typeof CLIMATE_TRAP_PLACES)[keyof typeof CLIMATE_TRAP_PLACES];

/**
 * Places of the climate traps of clean sets: a town with no station of its own in СП 131.13330 whose documents name none
 * (nothing is held against a table), and one whose documents say the data were taken for the station of the regional
 * centre, with that station's values.
 */
export const CLIMATE_TRAP_PLACES = {
  no_station: {
    region: 'Московская область',
    federal: false,
    city: 'Химки',
    code: '50',
    idx: '141',
    cad: '50',
    oktmo: '46783000',
    climate: 'IIВ',
    t5: -25,
    heatingDays: 205,
    heatingMean: -2.2,
    t5of2012: -25,
    station: 'Москва',
    stationT: -26,
    named: null,
  },
  named_station: {
    region: 'Костромская область',
    federal: false,
    city: 'Нерехта',
    code: '44',
    idx: '157',
    cad: '44',
    oktmo: '34626101',
    climate: 'IIВ',
    t5: -29,
    heatingDays: 216,
    heatingMean: -3.6,
    t5of2012: -31,
    station: 'Кострома',
    stationT: -29,
    named: 'Кострома',
  },
} as const;
export type ClimateTrap = keyof typeof CLIMATE_TRAP_PLACES;

const STREETS: { name: string; type: Address['streetType'] }[] = [
  { name: 'Садовая', type: 'ул.' },
  { name: 'Лесная', type: 'ул.' },
  { name: 'Строителей', type: 'ул.' },
  { name: 'Энергетиков', type: 'ул.' },
  { name: 'Победы', type: 'пр-т' },
  { name: 'Мира', type: 'пр-т' },
  { name: 'Кленовый', type: 'б-р' },
  { name: 'Речной', type: 'пер.' },
  { name: 'Зеленая', type: 'ул.' },
  { name: 'Академика Королева', type: 'ул.' },
  { name: 'Московский', type: 'пр-т' },
  { name: 'Школьный', type: 'пер.' },
  { name: 'Набережная', type: 'ул.' },
  { name: 'Молодежная', type: 'ул.' },
];

const SURNAMES = [
  'Иванов',
  'Петров',
  'Смирнова',
  'Кузнецов',
  'Соколова',
  'Попов',
  'Лебедев',
  'Козлова',
  'Новиков',
  'Морозова',
  'Волков',
  'Алексеева',
  'Федоров',
  'Михайлова',
  'Беляев',
  'Тарасова',
  'Белов',
  'Комарова',
  'Орлов',
  'Киселева',
  'Макаров',
  'Андреева',
  'Ковалев',
  'Ильина',
  'Гусев',
  'Титова',
  'Баранов',
  'Куликова',
  'Зайцев',
  'Егорова',
];

const ORGS = [
  ['Общество с ограниченной ответственностью «Проектное бюро «Вектор»', 'ООО «ПБ «Вектор»'],
  ['ООО «СтройПроект-Инжиниринг»', 'ООО «СтройПроект-Инжиниринг»'],
  ['Акционерное общество «Гражданпроект»', 'АО «Гражданпроект»'],
  ['ООО «Архитектурная мастерская «Контур»', 'ООО «АМ «Контур»'],
  ['ООО «ПИ «Горжилпроект»', 'ООО «ПИ «Горжилпроект»'],
  ['ООО «Региональный проектный институт»', 'ООО «РПИ»'],
] as const;

const CUSTOMERS = [
  'ООО «Специализированный застройщик «Северный квартал»',
  'АО «СЗ «Новый город»',
  'ООО «СЗ «Парковый»',
  'ООО «Специализированный застройщик «Речной берег»',
  'ООО «СЗ «ДомСтрой»',
];

function person(rng: Rng, used: Set<string>): Person {
  let surname = rng.pick(SURNAMES);
  while (used.has(surname)) surname = rng.pick(SURNAMES);
  used.add(surname);
  const letters = 'АБВГДЕИКЛМНОПРСТЮЯ';
  return { surname, initials: `${rng.pick([...letters])}.${rng.pick([...letters])}.` };
}

function cipherBase(rng: Rng, year: number): string {
  const yy = String(year % 100).padStart(2, '0');
  const n3 = String(rng.int(1, 199)).padStart(3, '0');
  switch (rng.int(0, 3)) {
    case 0:
      return `${yy}-${n3}`;
    case 1:
      return `П-${year}-${String(rng.int(1, 12)).padStart(2, '0')}.${n3}`;
    case 2:
      return `${rng.pick(['ЖД', 'МКД', 'ЖК', 'ГП'])}-${n3}-${yy}`;
    default:
      return `${String(rng.int(100, 999))}${rng.int(0, 9)}-${yy}-П`;
  }
}

/** A place's five-day temperature as a misreading designer would state it: the 2012 edition's, else the nearby station's, else two degrees off. */
export function wrongFiveDay(p: { t5: number; t5of2012: number; stationT: number }): number {
  return p.t5of2012 !== p.t5 ? p.t5of2012 : p.stationT !== p.t5 ? p.stationT : p.t5 - 2;
}

export function makeFacts(rng: Rng, climateTrap?: ClimateTrap): SetFacts {
  const drawn: Place = rng.pick(PLACES);
  const place: Place = climateTrap ? CLIMATE_TRAP_PLACES[climateTrap] : drawn;
  const street = rng.pick(STREETS);
  const year = rng.pick([2024, 2025, 2026]);
  const used = new Set<string>();
  const [organization, orgShort] = rng.pick(ORGS);
  const storeys = rng.pick([5, 7, 9, 10, 12, 14, 16, 17]);
  const underground = rng.chance(0.7) ? 1 : 0;
  const entrances = rng.int(1, 4);
  const perFloor = rng.int(4, 8);
  const commercialGround = rng.chance(0.5);
  const apartments = entrances * perFloor * (storeys - (commercialGround ? 1 : 0));
  const studio = Math.round((apartments * rng.int(10, 30)) / 100);
  const two = Math.round((apartments * rng.int(20, 35)) / 100);
  const three = Math.round((apartments * rng.int(5, 15)) / 100);
  const one = apartments - studio - two - three;
  const apartmentsArea = round1(studio * 27.4 + one * 41.3 + two * 61.8 + three * 84.2 + rng.int(0, 99) / 10);
  const livingArea = round1(apartmentsArea * (0.5 + rng.int(0, 8) / 100));
  const totalArea = round1(apartmentsArea * (1.28 + rng.int(0, 15) / 100));
  const builtArea = round1((totalArea / storeys) * (1.05 + rng.int(0, 10) / 100));
  const volumeUnder = round1(underground ? builtArea * 3.0 : 0);
  const volume = round1(totalArea * 3.35 + volumeUnder);
  const plotArea = Math.round(builtArea * (3 + rng.int(0, 20) / 10));
  const idxTail = String(rng.int(0, 999)).padStart(6 - place.idx.length, '0');
  const district = String(rng.int(1, 12)).padStart(2, '0');
  const quarter = String(rng.int(1, 9999999)).padStart(7, '0');
  const parcel = rng.int(10, 9999);
  let neighbour = parcel + rng.int(2, 40);
  if (neighbour === parcel) neighbour++;
  const gip = person(rng, used);
  const base = {
    address: {
      region: place.region,
      federalCity: place.federal,
      city: place.city,
      postIndex: place.idx + idxTail,
      streetType: street.type,
      street: street.name,
      house: String(rng.int(1, 140)),
      building: rng.chance(0.35) ? String(rng.int(1, 5)) : null,
    },
    cadastral: `${place.cad}:${district}:${quarter}:${parcel}`,
    kvartal: `${place.cad}:${district}:${quarter}`,
    neighbourCadastral: `${place.cad}:${district}:${quarter}:${neighbour}`,
    cipherBase: cipherBase(rng, year),
    tep: {
      plotArea,
      builtArea,
      totalArea,
      apartmentsArea,
      livingArea,
      volume,
      volumeUnder,
      storeys,
      underground,
      apartments,
      mix: { studio, one, two, three },
      entrances,
      height: round1(storeys * 3.0 + 1.2),
    },
    organization,
    orgShort,
    sro: `СРО-П-${rng.int(100, 199)}-${String(rng.int(1, 28)).padStart(2, '0')}${String(rng.int(1, 12)).padStart(2, '0')}20${rng.int(10, 19)}`,
    orgCity: place.city,
    customer: rng.pick(CUSTOMERS),
    director: person(rng, used),
    gip,
    normController: person(rng, used),
    checkers: [person(rng, used), person(rng, used)],
    developers: [person(rng, used), person(rng, used), person(rng, used), person(rng, used)],
    objectName:
      rng.pick([
        `Многоквартирный жилой дом${commercialGround ? ' со встроенными нежилыми помещениями' : ''}`,
        `Многоквартирный ${storeys}-этажный жилой дом${commercialGround ? ' со встроенно-пристроенными помещениями' : ''}`,
        `Жилой дом${commercialGround ? ' с нежилыми помещениями на первом этаже' : ''}`,
        underground ? 'Многоквартирный жилой дом с подземной автостоянкой' : 'Многоквартирный жилой дом',
      ]) + (rng.chance(0.4) ? ` (${rng.pick(['позиция', 'корпус'])} ${rng.int(1, 6)})` : ''),
    gpzu: `РФ-${place.code}-${rng.int(1, 4)}-${String(rng.int(1, 99)).padStart(2, '0')}-0-00-${year - 1}-${rng.int(1000, 9999)}`,
    year,
    month: rng.int(1, 12),
    numStyle: rng.pick(['space', 'space', 'nbsp', 'none'] as const),
    oktmo: place.oktmo,
    regionCode: place.code,
    concrete: rng.pick(['B25', 'B30', 'B35']),
    snowDistrict: rng.pick(['III', 'IV', 'V']),
    windDistrict: rng.pick(['I', 'II', 'III']),
    durationMonths: rng.int(18, 36),
    electricLoad: Math.round(apartments * 1.9 + rng.int(20, 120)),
    commercialGround,
    nearbyStation: { name: place.station, temperature: place.stationT },
    climateStation: 'named' in place ? place.named : null,
  };
  // drawn last, so the draws above (and every set generated before these facts existed) stay as they were
  const withLoads = { ...base, ...loadFacts(rng, base) };
  return { ...withLoads, traits: makeTraits(rng, place, base.snowDistrict, base.windDistrict, storeys), ...indicatorFacts(base) };
}

/** Drawn from a generator of their own (seeded by the ГПЗУ number), so every draw above stays as it was. */
function indicatorFacts(f: { gpzu: string }): IndicatorFacts {
  let h = 0x811c9dc5;
  for (const c of `${f.gpzu}|indicators`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  const rng = new Rng(h);
  return {
    existingYear: rng.int(1955, 1989),
    kindergarten: rng.chance(0.4) ? rng.pick([40, 60, 80, 100]) : null,
    boilerMw: null,
  };
}

/** Characteristics of the object: the climate of its city, fire-safety classes of a residential building, its energy class. */
function makeTraits(rng: Rng, place: Place, snow: string, wind: string, storeys: number): ObjectTraits {
  return {
    fireResistance: storeys > 16 ? 'I' : 'II',
    structural: 'С0',
    functional: 'Ф1.3',
    responsibility: 'нормальный',
    climateDistrict: place.climate,
    snow,
    wind,
    seismic: 0,
    temperature: place.t5,
    fiveDayOf2012: place.t5of2012,
    heatingDays: place.heatingDays,
    heatingMean: place.heatingMean,
    energyClass: rng.pick(['A+', 'A', 'B', 'B']),
  };
}

/** Drawn after every other fact, so the sets generated before these facts existed keep their objects. */
function loadFacts(rng: Rng, f: { electricLoad: number; year: number; gpzu: string; tep: Tep }): Omit<LoadFacts, 'gpzu'> {
  const date = (year: number) => `${String(rng.int(1, 28)).padStart(2, '0')}.${String(rng.int(1, 12)).padStart(2, '0')}.${year}`;
  const people = f.tep.apartmentsArea / 30;
  return {
    fireHeight: Math.round((f.tep.storeys - 1) * 3.0 * 20 + rng.int(0, 12)) / 20,
    zeroAbs: rng.int(12000, 21000) / 100,
    power: f.electricLoad,
    installed: Math.round(f.electricLoad * (1.25 + rng.int(0, 20) / 100)),
    water: Math.round(people * 0.25 * 100) / 100 || 1,
    heat: Math.round(f.tep.totalArea * 0.00009 * 1000) / 1000 || 0.1,
    gpzuDate: date(f.year - 1),
    tu: {
      power: { number: `${rng.int(10, 99)}-${rng.int(1000, 9999)}/${String((f.year - 1) % 100).padStart(2, '0')}`, date: date(f.year - 1) },
      water: { number: `${rng.int(100, 999)}-${rng.pick(['В', 'ВС', 'ТП'])}`, date: date(f.year - 1) },
      heat: { number: `${rng.pick(['Т', 'ТС', 'ТУ-Т'])}-${rng.int(10, 999)}`, date: date(f.year - 1) },
    },
  };
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

export function copyDocFacts(f: DocFacts): DocFacts {
  return {
    address: { ...f.address },
    cadastral: f.cadastral,
    cipherBase: f.cipherBase,
    tep: { ...f.tep, mix: { ...f.tep.mix } },
    fireHeight: f.fireHeight,
    zeroAbs: f.zeroAbs,
    power: f.power,
    installed: f.installed,
    water: f.water,
    heat: f.heat,
    gpzu: f.gpzu,
    gpzuDate: f.gpzuDate,
    tu: { power: { ...f.tu.power }, water: { ...f.tu.water }, heat: { ...f.tu.heat } },
    traits: { ...f.traits },
    existingYear: f.existingYear,
    kindergarten: f.kindergarten,
    boilerMw: f.boilerMw,
  };
}

export function personName(p: Person, initialsFirst = true): string {
  return initialsFirst ? `${p.initials} ${p.surname}` : `${p.surname} ${p.initials}`;
}
