/**
 * The catalogue of attributes the review compares across documents: what experts hold one volume against another for.
 * Built from the technical and economic indicators (TEI) of the Минстрой explanatory-note schema and from typical
 * expert remarks. Adding a compared attribute is one entry here and its cases in catalogue.test.ts.
 *
 * A figure («Площадь застройки — 1 234,5 м²») is read by the labelled-figure finder (values.ts) from `labels` and
 * `units`; a class or a district by its trait specification (fire-, climate-, energy-traits.ts); a load by resources.ts;
 * a cited document's number by issued-docs.ts; the address and the object's name by address.ts and text-facts.ts. Every entry
 * names the check it reports under; all are judged by checks/judge.ts.
 */

/** A unit a figure may be written in, and what one of it is in the attribute's base unit. */
export interface UnitSpec {
  /** Source of the unit as written (after unitsToSymbols: «м²», «м³»). */
  re: string;
  factor: number;
}

/** A figure of the object read after its label. */
export interface FigureAttribute {
  reader: 'figure';
  key: string;
  title: string;
  /** A stem every page stating it contains: pages without it are not scanned for the labels. */
  word: string;
  /** Label variants designers use, as expression sources (lower case, matched case-insensitively, whole words). */
  labels: readonly string[];
  /** The base unit shown in findings («м²», «мест»), '' for a bare count. */
  unit: string;
  /** Units the figure may be written in besides the base one, with their factors (thousands, hectares, кВт for МВт). */
  units?: readonly UnitSpec[];
  /** Plausible bounds of the value in the base unit; a count is a whole number. */
  min: number;
  max: number;
  integer?: boolean;
  /**
   * ОКЕИ codes of the attribute's units: a table of indicators gives the code between the label and the value
   * («Общая площадь | 055 | 1 234,5»), and the code is not the value.
   */
  okei?: readonly string[];
  /**
   * How close two statements must be to agree: within the rounding of the less precise one (the default), or within a
   * share of the larger one as well where a unit conversion rounds (Гкал/ч against МВт).
   */
  relative?: number;
  /** The least tolerance (0,05 by default: «1 234,5» and «1 234,55» agree); 0 for an elevation, where centimetres count. */
  floor?: number;
  /** Least decimals a value is printed with («145,60»). */
  decimals?: number;
  /** A calendar year: printed as written, «1975», not as a quantity «1 975». */
  year?: true;
  /**
   * A document takes part only when it states one value: two different ones on its pages speak of sections, blocks or other
   * buildings, and a specialist could not tell which is the object's.
   */
  sole?: boolean;
  /** What the designer should do; by default: make the value one in every section. */
  action?: string;
  /** A property of the designed object (a neighbour's or an existing building's figure is not read); false: of the existing building. */
  designed: boolean;
  /** Documents other than the design's that state it with authority, and are then the reference. */
  sources?: readonly ('gpzu' | 'tech_conditions' | 'design_task')[];
  checkId: string;
}

/** A class, district or category read by its trait specification (the label variants live there). */
export interface TraitAttribute {
  reader: 'trait';
  key: string;
  title: string;
  designed: true;
  checkId: string;
}

/** A load of the object (resources.ts: measure, resource and unit, Гкал/ч converted to кВт within 1 %). */
export interface LoadAttribute {
  reader: 'load';
  key: string;
  title: string;
  designed: true;
  sources: readonly ['tech_conditions'];
  checkId: string;
}

/** A number of a document or of the plot, compared as written (cut-short numbers where a table cell wrapped agree). */
export interface NumberAttribute {
  reader: 'number';
  key: string;
  title: string;
  designed: true;
  sources?: readonly ('gpzu' | 'tech_conditions')[];
  checkId: string;
}

/** A person of the object named on title pages (facts/parties.ts), compared by surname. */
export interface PersonAttribute {
  reader: 'person';
  key: string;
  title: string;
  designed: true;
  checkId: string;
}

/**
 * A text of the object compared by its own equivalence: the address by its parts (facts/address.ts: another house,
 * street or settlement differs, a spelling does not), the name by its numbers and most of its words.
 */
export interface TextAttribute {
  reader: 'text';
  key: string;
  title: string;
  designed: true;
  checkId: string;
}

export type Attribute = FigureAttribute | TraitAttribute | LoadAttribute | NumberAttribute | PersonAttribute | TextAttribute;

const M2: readonly UnitSpec[] = [
  { re: String.raw`тыс\.?\s*м²|тыс\.?(?:\s*кв\.?\s*м)?`, factor: 1000 },
  { re: String.raw`га`, factor: 10000 },
];
const M3: readonly UnitSpec[] = [{ re: String.raw`тыс\.?\s*м³|тыс\.?(?:\s*куб\.?\s*м)?`, factor: 1000 }];
const METRES: readonly UnitSpec[] = [{ re: String.raw`мм`, factor: 0.001 }];
const MW: readonly UnitSpec[] = [
  { re: String.raw`квт`, factor: 0.001 },
  { re: String.raw`гкал\/ч(?:ас)?`, factor: 1.163 },
];
const KPA: readonly UnitSpec[] = [
  { re: String.raw`кгс\/м²|кг\/м²`, factor: 0.00980665 },
  { re: String.raw`кн\/м²`, factor: 1 },
];

/** A labelled count of the object: whole, from 1. */
const count = <K extends string>(
  key: K,
  title: string,
  word: string,
  labels: string[],
  unit: string,
  checkId: string,
  max: number,
  okei?: string[],
): FigureAttribute & { reader: 'figure'; key: K } => ({
  reader: 'figure',
  key,
  title,
  word,
  labels,
  unit,
  min: 1,
  max,
  integer: true,
  designed: true,
  checkId,
  ...(okei ? { okei } : {}),
});

/** A capacity the design assignment orders («Количество учащихся — 550»): the assignment is the reference where it states it. */
const ordered = <A extends FigureAttribute>(a: A): A & { sources: readonly ['design_task'] } => ({ ...a, sources: ['design_task'] as const });

const area = <K extends string>(
  key: K,
  title: string,
  labels: string[],
  extra: Partial<FigureAttribute> = {},
): FigureAttribute & { reader: 'figure'; key: K } => ({
  title,
  word: 'площад',
  labels,
  unit: 'м²',
  units: M2,
  min: 5,
  max: 10_000_000,
  okei: ['055'],
  designed: true,
  checkId: 'consistency.area',
  ...extra,
  reader: 'figure',
  key,
});

const volume = <K extends string>(key: K, title: string, labels: string[]): FigureAttribute & { reader: 'figure'; key: K } => ({
  reader: 'figure',
  key,
  title,
  word: 'об[ъь][её]м',
  labels,
  unit: 'м³',
  units: M3,
  min: 10,
  max: 100_000_000,
  okei: ['113'],
  designed: true,
  checkId: 'consistency.building_volume',
});

const trait = <K extends string>(key: K, title: string, checkId: string): TraitAttribute & { key: K } => ({
  reader: 'trait',
  key,
  title,
  designed: true,
  checkId,
});
const load = <K extends string>(key: K, title: string): LoadAttribute & { key: K } => ({
  reader: 'load',
  key,
  title,
  designed: true,
  sources: ['tech_conditions'],
  checkId: 'consistency.resources',
});

/** The object's building words after a label («площадь застройки здания»). */
const OF_BUILDING = String.raw`(?:\s+(?:здания|объекта|жилого\s+(?:дома|здания)|дома|школы|котельной|сооружения))?`;
const HOW_MANY = String.raw`(?:общее\s+)?(?:количество|кол-во|число)`;

export const CATALOGUE = [
  // Areas (TEI: площадь участка, застройки, общая, полезная, расчётная, квартир)
  area('area_total', 'общая площадь здания', [String.raw`(?:общая\s+)?площадь\s+(?:здания|объекта|жилого\s+(?:дома|здания))(?:\s+общая)?`]),
  area('area_building', 'площадь застройки', [String.raw`площадь\s+застройки(?:\s+(?:здания|объекта))?`]),
  area(
    'area_plot',
    'площадь земельного участка',
    [
      String.raw`площадь\s+(?:земельного\s+)?участка(?:\s+в\s+границах\s+(?:гпзу|отвода|землеотвода))?`,
      String.raw`размер\s+(?:земельного\s+)?участка\s+\(площадь\)`,
      // «Площадь земельного участка с кадастровым номером 50:35:0040405:2107, предоставленного … составляет 584,0 м2»
      String.raw`площадь\s+земельного\s+участка(?:[^.;\d]|\d{2}:\d{2}:\d{6,7}:\d+){0,100}?(?=\s+составляет)`,
    ],
    { sources: ['gpzu'] },
  ),
  area('area_useful', 'полезная площадь', [String.raw`полезная\s+площадь${OF_BUILDING}`, String.raw`площадь\s+полезная`]),
  area('area_design', 'расчётная площадь', [String.raw`расч[её]тная\s+площадь${OF_BUILDING}`, String.raw`площадь\s+расч[её]тная`]),
  // «Жилая площадь квартир» is the rooms' area, another indicator
  area('area_living', 'площадь квартир', [String.raw`(?<!жилая\s)(?:общая\s+)?площадь\s+квартир(?:\s+(?:здания|дома))?`]),
  area('area_commercial', 'площадь встроенных нежилых помещений', [
    String.raw`(?:общая\s+)?площадь\s+(?:встроенн[а-яё]*\s+(?:и\s+пристроенн[а-яё]*\s+)?)?нежилых\s+помещений`,
    String.raw`площадь\s+встроенн[а-яё]*\s+помещений`,
  ]),
  area('area_landscaping', 'площадь озеленения', [String.raw`площадь\s+озеленени[яе](?:\s+участка)?`]),
  area('area_paving', 'площадь твёрдых покрытий', [String.raw`площадь\s+тв[её]рдых\s+покрытий`, String.raw`площадь\s+покрытий`]),
  // Строительный объём: total, above and below ground
  volume('volume', 'строительный объём', [
    String.raw`(?:строительный\s+об[ъь][её]м|об[ъь][её]м\s+строительный)(?:\s+(?:здания|объекта))?(?!\s+(?:подземн|надземн|ниже|выше))`,
  ]),
  volume('volume_above', 'строительный объём надземной части', [
    String.raw`(?:строительный\s+)?об[ъь][её]м\s+(?:надземной\s+части|выше\s+отм(?:етки|\.)\s+0[.,]000)(?:\s+здания)?`,
    String.raw`строительный\s+об[ъь][её]м\s+надземн[а-яё]*`,
  ]),
  volume('volume_below', 'строительный объём подземной части', [
    String.raw`(?:строительный\s+)?об[ъь][её]м\s+(?:подземной\s+части|ниже\s+отм(?:етки|\.)\s+0[.,]000)(?:\s+здания)?`,
    String.raw`строительный\s+об[ъь][её]м\s+подземн[а-яё]*`,
  ]),
  // Этажность and количество этажей are kept apart: 3 and 4 of one building are consistent (a basement)
  count(
    'storeys',
    'этажность',
    'этаж',
    [String.raw`этажность(?:\s+(?:здания|жилого\s+дома|дома|объекта))?`, String.raw`${HOW_MANY}\s+надземных\s+этажей`],
    '',
    'consistency.storeys',
    150,
  ),
  count('floors', 'количество этажей', 'этаж', [String.raw`${HOW_MANY}\s+этажей(?:\s+(?:здания|дома))?`], '', 'consistency.storeys', 160),
  count('underground_floors', 'количество подземных этажей', 'этаж', [String.raw`${HOW_MANY}\s+подземных\s+этажей`], '', 'consistency.storeys', 15),
  count(
    'apartments',
    'количество квартир',
    'квартир',
    [String.raw`${HOW_MANY}\s+(?:жилых\s+)?квартир(?:\s+в\s+(?:жилом\s+)?(?:доме|здании))?`],
    '',
    'consistency.apartments',
    10000,
    ['909'],
  ),
  // Capacity: of a plant, of a school, a clinic, a kindergarten, a hospital, a car park
  {
    reader: 'figure',
    key: 'capacity',
    title: 'мощность объекта в его наименовании',
    word: 'вт',
    labels: [],
    unit: 'МВт',
    units: MW,
    min: 0.001,
    max: 10_000,
    designed: true,
    checkId: 'consistency.capacity',
  },
  {
    reader: 'figure',
    key: 'boiler_capacity',
    title: 'тепловая мощность котельной',
    word: 'котельн',
    labels: [
      String.raw`(?:установленная\s+)?(?:тепловая\s+)?мощность\s+(?:блочно-модульной\s+)?котельной`,
      String.raw`(?:тепло)?производительность\s+(?:блочно-модульной\s+)?котельной`,
    ],
    unit: 'МВт',
    units: MW,
    min: 0.01,
    max: 5000,
    relative: 0.01,
    okei: ['214', '233', '238'],
    sole: true,
    designed: true,
    checkId: 'consistency.capacity',
  },
  ordered(
    count(
      'places',
      'количество мест',
      'мест',
      [
        String.raw`${HOW_MANY}\s+мест(?:\s+в\s+(?:здании|учреждении))?`,
        String.raw`вместимость${OF_BUILDING}`,
        String.raw`(?:проектная\s+)?мощность\s+детского\s+сада`,
      ],
      'мест',
      'consistency.capacity',
      100_000,
      ['698'],
    ),
  ),
  ordered(
    count(
      'pupils',
      'количество учащихся',
      'учащ|обучающ|ученик|школ',
      [String.raw`(?:${HOW_MANY}|численность)\s+(?:учащихся|обучающихся|учеников)`, String.raw`(?:проектная\s+)?(?:вместимость|мощность)\s+школы`],
      'учащихся',
      'consistency.capacity',
      10_000,
      ['792', '698'],
    ),
  ),
  ordered(
    count(
      'visits',
      'количество посещений в смену',
      'посещени',
      [String.raw`(?:${HOW_MANY}\s+)?посещений\s+в\s+смену`, String.raw`мощность\s+поликлиники`],
      'посещений в смену',
      'consistency.capacity',
      20_000,
    ),
  ),
  count(
    'workers',
    'количество работающих',
    'работ|сотрудник|персонал',
    [String.raw`(?:${HOW_MANY}|численность)\s+(?:работающих|сотрудников|работников|персонала)(?:\s+(?:всего|общая))?`],
    'чел.',
    'consistency.capacity',
    100_000,
    ['792'],
  ),
  count(
    'residents',
    'количество жителей',
    'жител|прожива',
    [String.raw`(?:${HOW_MANY}|численность)\s+(?:жителей|проживающих)`],
    'чел.',
    'consistency.capacity',
    100_000,
    ['792'],
  ),
  ordered(count('beds', 'количество коек', 'ко[еи]к|койк', [String.raw`${HOW_MANY}\s+(?:коек|койко-мест|койкомест)`], '', 'consistency.capacity', 10_000)),
  ordered(
    count(
      'parking',
      'количество машино-мест',
      'мест',
      [String.raw`${HOW_MANY}\s+(?:машино-мест|машиномест|парковочных\s+мест)`, String.raw`вместимость\s+(?:автостоянки|паркинга)`],
      'машино-мест',
      'consistency.capacity',
      20_000,
    ),
  ),
  // Heights and dimensions
  {
    reader: 'figure',
    key: 'fire_height',
    title: 'пожарно-техническая высота',
    word: 'пожарно',
    labels: [],
    unit: 'м',
    min: 0.01,
    max: 400,
    sole: true,
    action:
      'Уточнить пожарно-техническую высоту (СП 1.13130.2020, п. 3.1) по разрезам АР и привести её к единому значению в ПЗ, АР и ПБ; проверить зависящие от неё требования (тип лестничных клеток, противодымная защита, проезды).',
    designed: true,
    checkId: 'consistency.fire_height',
  },
  {
    reader: 'figure',
    key: 'zero_elevation',
    title: 'абсолютная отметка, соответствующая 0,000',
    word: '0,000',
    labels: [],
    unit: '',
    min: -100,
    max: 5000,
    floor: 0,
    decimals: 2,
    sole: true,
    action:
      'Уточнить абсолютную отметку, принятую за 0,000 (по плану организации рельефа ПЗУ), и привести её к единому значению в ПЗ, ПЗУ, АР и КР; проверить зависящие от неё отметки фундаментов, вводов и выпусков сетей.',
    designed: true,
    checkId: 'consistency.zero_elevation',
  },
  {
    reader: 'figure',
    key: 'building_height',
    title: 'высота здания',
    word: 'высот',
    labels: [
      String.raw`(?<!техническая\s)(?<!техническ(?:ой|ую)\s)(?:архитектурная\s+)?высота\s+(?:здания|сооружения|жилого\s+дома|дома|объекта)(?:\s*\([^()]{0,60}\)|\s+от\s+(?:уровня|отметки)\s+(?:(?:планировочной\s+)?(?:отметки\s+)?земли|0[.,]000)(?:\s+до\s+(?:верха\s+|отметки\s+)?(?:парапета|конька|кровли|карниза)(?:\s+кровли)?)?)?`,
    ],
    unit: 'м',
    units: METRES,
    min: 2,
    max: 600,
    okei: ['006'],
    sole: true,
    designed: true,
    checkId: 'consistency.indicators',
  },
  {
    reader: 'figure',
    key: 'floor_height',
    title: 'высота типового этажа',
    word: 'высот',
    labels: [String.raw`высота\s+типового\s+этажа`],
    unit: 'м',
    units: METRES,
    min: 2,
    max: 12,
    sole: true,
    designed: true,
    checkId: 'consistency.indicators',
  },
  {
    reader: 'figure',
    key: 'axes_length',
    title: 'длина здания в осях',
    word: 'осях',
    labels: [],
    unit: 'м',
    units: METRES,
    min: 3,
    max: 1000,
    sole: true,
    designed: true,
    checkId: 'consistency.indicators',
  },
  {
    reader: 'figure',
    key: 'axes_width',
    title: 'ширина здания в осях',
    word: 'осях',
    labels: [],
    unit: 'м',
    units: METRES,
    min: 3,
    max: 1000,
    sole: true,
    designed: true,
    checkId: 'consistency.indicators',
  },
  {
    reader: 'figure',
    key: 'construction_year',
    title: 'год постройки здания',
    word: 'год\\s+(?:постройки|ввода|строительства)',
    labels: [
      String.raw`год\s+(?:постройки|ввода\s+в\s+эксплуатацию|строительства)(?:\s+(?:существующего\s+|основного\s+)?(?:здания|объекта|дома|школы|корпуса))?`,
    ],
    unit: '',
    // a table of indicators gives its unit cell between the label and the year: «Год постройки | год | 1989»
    units: [{ re: 'год', factor: 1 }],
    min: 1700,
    max: 2100,
    integer: true,
    year: true,
    sole: true,
    designed: false,
    checkId: 'consistency.indicators',
  },
  {
    reader: 'figure',
    key: 'construction_duration',
    title: 'продолжительность строительства',
    word: 'продолжительност',
    labels: [String.raw`(?:общая\s+)?(?:нормативная\s+)?продолжительность\s+(?:строительства|капитального\s+ремонта|реконструкции)(?:\s+(?:объекта|здания))?`],
    unit: 'мес.',
    units: [
      { re: String.raw`(?:года|лет|год)(?![а-яё])`, factor: 12 },
      { re: String.raw`мес(?:\.|яц[а-яё]*)?`, factor: 1 },
    ],
    min: 0.5,
    max: 240,
    sole: true,
    designed: true,
    checkId: 'consistency.indicators',
  },
  count('lifts', 'количество лифтов', 'лифт', [String.raw`${HOW_MANY}\s+(?:пассажирских\s+)?лифтов(?:\s+в\s+здании)?`], '', 'consistency.indicators', 200),
  count('sections', 'количество секций', 'секци', [String.raw`${HOW_MANY}\s+(?:жилых\s+)?секций(?:\s+(?:здания|дома))?`], '', 'consistency.indicators', 60),
  count('entrances', 'количество подъездов', 'подъезд', [String.raw`${HOW_MANY}\s+подъездов`], '', 'consistency.indicators', 60),
  // Climate and loads data, as numbers
  {
    reader: 'figure',
    key: 'snow_load',
    title: 'нормативное значение веса снегового покрова',
    word: 'снег',
    labels: [
      String.raw`нормативн[а-яё]*\s+(?:значение\s+)?веса\s+снегового\s+покрова(?:\s+(?:на\s+1\s+м²\s+)?(?:горизонтальной\s+поверхности\s+земли)?)?`,
      String.raw`вес\s+снегового\s+покрова(?:\s+sg)?`,
    ],
    unit: 'кПа',
    units: KPA,
    min: 0.1,
    max: 10,
    relative: 0.02,
    sole: true,
    designed: true,
    checkId: 'consistency.climate',
  },
  {
    reader: 'figure',
    key: 'wind_pressure',
    title: 'нормативное значение ветрового давления',
    word: 'ветров',
    labels: [String.raw`нормативн[а-яё]*\s+(?:значение\s+)?ветров[а-яё]+\s+давлени[а-яё]*(?:\s+w0)?`],
    unit: 'кПа',
    units: KPA,
    min: 0.05,
    max: 3,
    relative: 0.02,
    sole: true,
    designed: true,
    checkId: 'consistency.climate',
  },
  {
    reader: 'figure',
    key: 'heating_days',
    title: 'продолжительность отопительного периода',
    word: 'отопительн',
    labels: [String.raw`продолжительность\s+отопительного\s+периода`],
    unit: 'сут.',
    min: 60,
    max: 366,
    integer: true,
    designed: true,
    checkId: 'consistency.climate',
  },
  // Classes, districts and categories (label variants in fire-traits.ts, climate-traits.ts, energy-traits.ts)
  trait('fire_resistance', 'степень огнестойкости', 'consistency.fire_safety'),
  trait('structural_fire_class', 'класс конструктивной пожарной опасности', 'consistency.fire_safety'),
  trait('functional_fire_class', 'класс функциональной пожарной опасности', 'consistency.fire_safety'),
  trait('responsibility', 'уровень ответственности', 'consistency.fire_safety'),
  trait('explosion_category', 'категория по взрывопожарной и пожарной опасности', 'consistency.fire_safety'),
  trait('climate_district', 'климатический район (подрайон)', 'consistency.climate'),
  trait('snow_district', 'снеговой район', 'consistency.climate'),
  trait('wind_district', 'ветровой район', 'consistency.climate'),
  trait('seismicity', 'сейсмичность площадки', 'consistency.climate'),
  trait('design_temperature', 'расчётная температура наружного воздуха (холодной пятидневки)', 'consistency.climate'),
  trait('coldest_day_temperature', 'температура наиболее холодных суток (обеспеченностью 0,92)', 'consistency.climate'),
  trait('heating_mean_temperature', 'средняя температура отопительного периода', 'consistency.climate'),
  trait('energy_class', 'класс энергетической эффективности', 'consistency.energy_class'),
  trait('functions_class', 'код функционального назначения объекта', 'consistency.functions_class'),
  // Loads of the object (a ТУ gives the most the network supplies)
  load('load_power', 'электрическая мощность (расчётная, установленная, максимальная)'),
  load('load_water', 'водопотребление (общее, хозяйственно-питьевое)'),
  load('load_heat', 'тепловая нагрузка (расчётная, максимальная)'),
  // Numbers of the plot and of the documents the design rests on
  {
    reader: 'number',
    key: 'cadastral_number',
    title: 'кадастровый номер земельного участка',
    designed: true,
    sources: ['gpzu'],
    checkId: 'consistency.cadastral_number',
  },
  // The object's identity as the documents and the XML note state it (the request's address is a yardstick, not a participant)
  { reader: 'text', key: 'object_address', title: 'адрес объекта', designed: true, checkId: 'consistency.address' },
  // compared between the volumes by identity.other_object; the XML note's Name alone against them is the XML check's
  { reader: 'text', key: 'object_name', title: 'наименование объекта', designed: true, checkId: 'xml.explanatory_note_mismatch' },
  // People of the object
  { reader: 'person', key: 'chief_engineer', title: 'главный инженер проекта (ГИП)', designed: true, checkId: 'consistency.parties' },
  { reader: 'number', key: 'gpzu', title: 'номер и дата ГПЗУ', designed: true, sources: ['gpzu'], checkId: 'consistency.gpzu' },
  {
    reader: 'number',
    key: 'tech_conditions',
    title: 'номера и даты технических условий',
    designed: true,
    sources: ['tech_conditions'],
    checkId: 'consistency.tech_conditions',
  },
] as const satisfies readonly Attribute[];

export type AttributeKey = (typeof CATALOGUE)[number]['key'];
/** Figures read by the labelled-figure finder and the phrase readers of values.ts and heights.ts. */
export type FigureKey = Extract<(typeof CATALOGUE)[number], { reader: 'figure' }>['key'];

export const FIGURES: readonly FigureAttribute[] = CATALOGUE.filter(
  (a): a is Extract<(typeof CATALOGUE)[number], { reader: 'figure' }> => a.reader === 'figure',
);

const BY_KEY = new Map<string, Attribute>(CATALOGUE.map((a) => [a.key, a]));

/** The catalogue entry of a figure. */
export function figure(key: FigureKey): FigureAttribute {
  return BY_KEY.get(key) as FigureAttribute;
}

/** The catalogue entry of any attribute, or undefined. */
export function attribute(key: string): Attribute | undefined {
  return BY_KEY.get(key);
}
