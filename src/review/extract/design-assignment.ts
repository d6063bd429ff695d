import { findAll, isObj, minstroyXmlParser, str, type Obj } from './xml-note.ts';

/**
 * Facts of the design assignment in the Минстрой XML schema (DesignAssignment 01.00/01.01, document type 05.03):
 * the object's indicators with their bounds as written («не более 13000»), its characteristics and the requirement texts.
 */
export interface DesignAssignmentFacts {
  schemaVersion: string | null;
  number: string | null;
  date: string | null;
  objectName: string | null;
  /** TEI and POI entries: name, ОКЕИ measure code and value as written; the code is a unit, never a value. */
  indicators: { name: string; measure: string; value: string }[];
  /** Characteristics of the object with their Russian labels, as written («Климатический район» → «IIВ»). */
  characteristics: { label: string; value: string }[];
  /** Requirement texts (Requirement/Content/Text) in document order. */
  texts: string[];
}

/** ОКЕИ codes of the units an indicator of the assignment is given in; any other code is left out of the text. */
const OKEI_UNITS: Readonly<Record<string, string>> = {
  '006': 'м',
  '055': 'м²',
  '059': 'га',
  '113': 'м³',
  '214': 'кВт',
  '215': 'МВт',
  '238': 'Гкал/ч',
  '792': 'чел.',
  '796': 'шт.',
};

/** Elements and attributes of the object, with the labels the text finders read them by. */
const CHARACTERISTICS: [string, string][] = [
  ['ResponsibilityLevel', 'Уровень ответственности'],
  ['FireDangerCategory', 'Категория по пожарной и взрывопожарной опасности'],
  ['FunctionsClass', 'Код функционального назначения объекта'],
  ['ClimateDistrict', 'Климатический район'],
  ['SnowDistrict', 'Снеговой район'],
  ['WindDistrict', 'Ветровой район'],
  ['SeismicActivity', 'Сейсмичность, баллов'],
];

const ARRAYS = new Set(['TEI', 'POI', 'Text', 'Requirement', 'Object']);
const parser = minstroyXmlParser(ARRAYS);

/** Whether an XML text is a design assignment: root DesignAssignment, or a Document of type 05.03 or of that schema. */
export function isDesignAssignment(xml: string, root: string | null): boolean {
  if (root === 'DesignAssignment') return true;
  const head = xml.slice(0, 3000);
  return root === 'Document' && (/DesignAssignment-\d/.test(head) || /<Document\b[^>]*\bTypeCode="05\.03"/.test(head));
}

export function parseDesignAssignment(xml: string): DesignAssignmentFacts | null {
  const tree = parser.parse(xml) as Obj;
  const root = [tree.DesignAssignment, tree.Document].find(isObj);
  if (!root) return null;
  const object = findAll(root, 'Object').find(isObj) ?? {};
  const requisites = isObj(root.Requisites) ? root.Requisites : {};
  const characteristics: DesignAssignmentFacts['characteristics'] = [];
  for (const [name, label] of CHARACTERISTICS) {
    const value =
      str(object[`@${name}`]) ??
      findAll(root, name)
        .map(str)
        .find((s): s is string => !!s);
    if (value) characteristics.push({ label, value });
  }
  return {
    schemaVersion: str(root['@SchemaVersion']),
    number: str(requisites.Number),
    date: str(requisites.Date),
    objectName: str(object.Name),
    indicators: [...findAll(object, 'TEI'), ...findAll(object, 'POI')].filter(isObj).map((t) => ({
      name: str(t.Name) ?? '',
      measure: str(t.Measure) ?? '',
      value: str(t.Value) ?? '',
    })),
    characteristics,
    texts: findAll(root, 'Text')
      .map(str)
      .filter((s): s is string => !!s),
  };
}

/** «Общая площадь объекта: не более 13000 м²»: the value with its unit, the ОКЕИ code never printed as a number. */
export function indicatorLine(i: DesignAssignmentFacts['indicators'][number]): string {
  const unit = OKEI_UNITS[i.measure];
  // «не более 4 этажей без учёта технического подполья» names its unit itself
  const withUnit = unit && /\d$/.test(i.value) ? `${i.value} ${unit}` : i.value;
  return `${i.name}: ${withUnit}`;
}

/** A readable text of the assignment, used as its single page: every finder reads it as it reads a PDF or DOCX assignment. */
export function assignmentSummary(f: DesignAssignmentFacts): string {
  const lines = [
    `Задание на проектирование (XML, схема DesignAssignment ${f.schemaVersion ?? '—'})`,
    f.number || f.date ? `Номер ${f.number ?? '—'} от ${f.date ?? '—'}` : '',
    f.objectName ? `Наименование объекта: ${f.objectName}` : '',
    // each indicator and characteristic ends its own sentence: a bound of one («не более 4 этажей») is not read as said of the next
    ...f.indicators.map((i) => `${indicatorLine(i)};`),
    ...f.characteristics.map((c) => `${c.label}: ${c.value};`),
    ...f.texts,
  ];
  return lines.filter(Boolean).join('\n');
}
