import { findAll, isObj, minstroyXmlParser, str, type Obj } from './xml-note.ts';
import { findPlaceholders, type FormPlace, type PartyIdFact, type PartyRole, type PlaceholderFact } from '../facts/assignment-form.ts';

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
  /** The assignment judged as a document: what it lists, its parties, its placeholders, each with its element path. */
  form: AssignmentXmlForm;
}

/** A document the assignment lists as its basis (Content/DecisionDocuments/DocumentInfo): ГПЗУ, ТУ, доверенность, letters. */
export interface ListedDocument extends FormPlace {
  /** The code of its kind (tDocumentsTypeCode: 03.02 ГПЗУ, 04.01 ТУ …), as written. */
  type: string;
  name: string;
  number: string | null;
  /** ISO date as written in the element, or null. */
  date: string | null;
  /** Author/* or AuthorNote as words. */
  issuer: string | null;
}

export interface AssignmentXmlForm {
  /** Requisites/Date, ISO, with its path. */
  date: { value: string; path: string } | null;
  listed: ListedDocument[];
  parties: PartyIdFact[];
  /** Designers present (the schema requires the element) and how many Designer it holds (the schema allows none). */
  designers: { path: string; count: number } | null;
  placeholders: PlaceholderFact[];
  /** Object/Address as words (District, City, Settlement, Street, Building, Note), with its path. */
  address: { value: string; path: string } | null;
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

const ARRAYS = new Set(['TEI', 'POI', 'Text', 'Requirement', 'Object', 'DocumentInfo', 'Designer', 'Author']);
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
    form: formOf(root, tree.DesignAssignment ? 'DesignAssignment' : 'Document'),
  };
}

/** Every element and attribute value below `node` with its path; a repeated element carries its 1-based index («DocumentInfo[2]»). */
function* leaves(node: unknown, path: string): Generator<{ name: string; path: string; value: unknown }> {
  if (!isObj(node)) return;
  for (const [k, v] of Object.entries(node)) {
    if (k === '#text') continue;
    if (k.startsWith('@')) {
      yield { name: k, path: `${path}/${k}`, value: v };
      continue;
    }
    const list = Array.isArray(v) ? v : [v];
    for (const [i, item] of list.entries()) {
      const at = `${path}/${k}${Array.isArray(v) ? `[${i + 1}]` : ''}`;
      yield { name: k, path: at, value: item };
      yield* leaves(item, at);
    }
  }
}

/** Values never read for placeholders: pictures in base64 and checksums are letters and digits of no language. */
const NOT_TEXT = new Set(['ImageData', 'Checksum', '@Checksum', '@Id', 'ReferenceToDocumentId']);

/**
 * Elements the DesignAssignment schema (01.00 and 01.01 alike) requires to hold a value: Requisites/Date and Number, the
 * object's Name, each DocumentInfo's Name, Number, Date and AuthorNote, an Organization's FullName, INN, OGRN and KPP
 * (minOccurs 1, types tNotEmptyString…, xs:date, tINN, tOGRN, tKPP). An empty one is the schema check's finding where the
 * schema was validated; this list is for the files it could not validate.
 */
export const REQUIRED_VALUES = new Set(['Date', 'Number', 'Name', 'AuthorNote', 'FullName', 'INN', 'OGRN', 'KPP']);

const ROLE_ELEMENTS: [string, PartyRole][] = [
  ['Developers', 'developer'],
  ['TechnicalCustomer', 'technical_customer'],
  ['Designer', 'designer'],
];

function partyOf(node: Obj, path: string, role: PartyRole): PartyIdFact | null {
  const org = isObj(node.Organization)
    ? node.Organization
    : isObj(node.IndividualEntrepreneur)
      ? node.IndividualEntrepreneur
      : isObj(node.Person)
        ? node.Person
        : null;
  if (!org) return null;
  const sub = isObj(node.Organization) ? 'Organization' : isObj(node.IndividualEntrepreneur) ? 'IndividualEntrepreneur' : 'Person';
  const person = [org.LastName, org.FirstName, org.MiddleName].map(str).filter(Boolean).join(' ');
  const name = str(org.FullName) ?? (person || null);
  const inn = str(org.INN);
  const ogrn = str(org.OGRN) ?? str(org.OGRNIP);
  return {
    role,
    name,
    inn,
    ogrn,
    docPage: 1,
    path: `${path}/${sub}`,
    snippet: [name, inn ? `ИНН ${inn}` : '', ogrn ? `ОГРН ${ogrn}` : ''].filter(Boolean).join(', '),
  };
}

/** A town named bare in its City element («Ленинск-Кузнецкий»), as addresses write it: «г. Ленинск-Кузнецкий». */
function townWords(city: string | null): string | null {
  return city && !/^(?:г\.|город\b|гор\.)/iu.test(city) ? `г. ${city}` : city;
}

function addressWords(a: unknown): string | null {
  if (!isObj(a)) return str(a);
  const words = [str(a.District), townWords(str(a.City)), ...['Settlement', 'Street', 'Building', 'Note'].map((k) => str(a[k]))].filter(
    (s): s is string => !!s,
  );
  return words.length ? words.join(', ') : null;
}

/** The assignment as a document: its date, what it lists, its parties, the values left as placeholders, each with its path. */
function formOf(root: Obj, rootName: string): AssignmentXmlForm {
  const form: AssignmentXmlForm = { date: null, listed: [], parties: [], designers: null, placeholders: [], address: null };
  for (const e of leaves(root, rootName)) {
    const value = e.value;
    if (e.name === 'Date' && e.path === `${rootName}/Requisites/Date`) form.date = str(value) ? { value: str(value)!, path: e.path } : null;
    if (e.name === 'DocumentInfo' && isObj(value)) {
      const issuer = isObj(value.Author) || Array.isArray(value.Author) ? leafWords(value.Author) : str(value.AuthorNote);
      form.listed.push({
        type: str(value['@Type']) ?? '',
        name: str(value.Name) ?? '',
        number: str(value.Number),
        date: str(value.Date),
        issuer: issuer || null,
        docPage: 1,
        path: e.path,
        snippet: [
          str(value.Name),
          str(value.Number) ? `№ ${str(value.Number)}` : '',
          str(value.Date) ? `от ${str(value.Date)}` : '',
          issuer ? `(${issuer})` : '',
        ]
          .filter(Boolean)
          .join(' '),
      });
    }
    if (e.name === 'Designers') form.designers = { path: e.path, count: isObj(value) ? [value.Designer].flat().filter(isObj).length : 0 };
    for (const [name, role] of ROLE_ELEMENTS) {
      if (e.name !== name || !isObj(value)) continue;
      // Developers holds its parties directly; TechnicalCustomer and each Designer are one party
      const party = partyOf(value, e.path, role);
      if (party) form.parties.push(party);
    }
    if (e.name === 'Address' && /\/Object(?:\[1\])?\/Address$/.test(e.path)) {
      const words = addressWords(value);
      if (words) form.address = { value: words, path: e.path };
    }
    if (NOT_TEXT.has(e.name) || isObj(value)) continue;
    const text = typeof value === 'string' || typeof value === 'number' ? String(value) : null;
    if (text === null) continue;
    if (!text.trim() && REQUIRED_VALUES.has(e.name)) {
      form.placeholders.push({ kind: 'empty', raw: '', docPage: 1, path: e.path, snippet: `<${e.name}></${e.name}>` });
      continue;
    }
    form.placeholders.push(...findPlaceholders(text, 1, e.path));
  }
  return form;
}

function leafWords(node: unknown): string {
  const out: string[] = [];
  for (const e of leaves(isObj(node) ? node : { v: node }, '')) {
    if (e.name.startsWith('@') || isObj(e.value)) continue;
    const s = str(e.value);
    if (s) out.push(s);
  }
  return out.join(' ');
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
