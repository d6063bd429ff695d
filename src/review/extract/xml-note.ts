import { XMLParser } from 'fast-xml-parser';

/** Facts of the explanatory note in the Минстрой XML schema (root ExplanatoryNote), normocontrol.md §6. */
export interface XmlNoteFacts {
  schemaVersion: string | null;
  cipher: string | null;
  year: string | null;
  objectName: string | null;
  address: string | null;
  cadastralNumbers: string[];
  /** TEI and PowerIndicator entries: name, ОКЕИ measure code and value as written. */
  indicators: { name: string; measure: string; value: string }[];
  /** Sections of ProjectDocumentation with their documents, or NotDeveloped. */
  sections: XmlSection[];
  /** Resources/Resource entries (потребность в ресурсах): name, ОКЕИ measure code and value as written. */
  resources: { name: string; measure: string; value: string }[];
  /** ProjectInitialDocuments/Document: ГПЗУ (DocType 03.02), ТУ (04.01) and other initial documents. */
  initialDocuments: { type: string; name: string; number: string; date: string }[];
  /** Characteristics of the object compared with the documents (C-10 … C-12), as written; absent elements are left out. */
  characteristics: Partial<Record<XmlCharacteristic, string>>;
}

/** Elements of the object (NonIndustrialObject …) holding its characteristics, normocontrol.md §6. */
export const XML_CHARACTERISTICS = [
  'ResponsibilityLevel',
  'EnergyEfficiencyClass',
  'ClimateDistrict',
  'SnowDistrict',
  'WindDistrict',
  'SeismicActivity',
] as const;
export type XmlCharacteristic = (typeof XML_CHARACTERISTICS)[number];

export interface XmlSection {
  code: string;
  element: string;
  notDeveloped: string | null;
  documents: { name: string; number: string; files: string[]; checksums: (string | null)[] }[];
}

/** Schema element → section code of the reference (docset.ts). */
export const XML_SECTION_CODES: Readonly<Record<string, string>> = {
  Section2: 'ПЗУ',
  Section3: 'АР',
  Section4: 'КР',
  ElectricitySupply: 'ИОС1',
  WaterSupply: 'ИОС2',
  WaterRemoval: 'ИОС3',
  HeatingVentilation: 'ИОС4',
  Communication: 'ИОС5',
  GasSupply: 'ИОС6',
  Section6: 'ТХ',
  Section7: 'ПОС',
  Section8: 'ООС',
  Section9: 'ПБ',
  Section10: 'ТБЭ',
  Section11: 'ОДИ',
  Section12: 'СМ',
  Section13: 'ИД',
};

const ARRAYS = new Set(['Document', 'File', 'TEI', 'PowerIndicator', 'LandAreaInfo', 'SubSection', 'OKS', 'ComplexPart', 'CadastralNumber', 'Resource']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name),
});

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const asList = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const str = (v: unknown): string | null => {
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim() || null;
  if (isObj(v) && '#text' in v) return str(v['#text']);
  return null;
};

/** Every value found under `key` anywhere below `node` (depth-first, document order). */
function findAll(node: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) for (const n of node) findAll(n, key, out);
  else if (isObj(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === key) out.push(...asList(v));
      findAll(v, key, out);
    }
  }
  return out;
}

/** Root element name of an XML text, or null when it is not well-formed enough to tell. */
export function xmlRoot(xml: string): string | null {
  const m = /<(?!\?|!)([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s>/]/.exec(xml);
  return m?.[2] ?? null;
}

export function parseExplanatoryNote(xml: string): XmlNoteFacts | null {
  const tree = parser.parse(xml) as Obj;
  const root = tree.ExplanatoryNote;
  if (!isObj(root)) return null;
  const obj = (['NonIndustrialObject', 'IndustrialObject', 'LinearObject'].map((k) => root[k]).find(isObj) ?? {}) as Obj;
  return {
    schemaVersion: str(root['@SchemaVersion']),
    cipher: str(root.ExplanatoryNoteNumber),
    year: str(root.ExplanatoryNoteYear),
    objectName: str(obj.Name),
    address: addressText(obj.Address),
    cadastralNumbers: [
      ...new Set(
        findAll(root, 'CadastralNumber')
          .map(str)
          .filter((s): s is string => !!s),
      ),
    ],
    indicators: [...findAll(obj, 'TEI'), ...findAll(obj, 'PowerIndicator')].filter(isObj).map((t) => ({
      name: str(t.Name) ?? '',
      measure: str(t.Measure) ?? '',
      value: str(t.Value) ?? '',
    })),
    sections: sectionsOf(findAll(obj, 'ProjectDocumentation')[0]),
    resources: findAll(obj, 'Resource')
      .filter(isObj)
      .map((r) => ({ name: str(r.Name) ?? '', measure: str(r.Measure) ?? '', value: str(r.Value) ?? '' })),
    initialDocuments: findAll(findAll(root, 'ProjectInitialDocuments')[0], 'Document')
      .filter(isObj)
      .map((d) => ({
        type: str(d.DocType) ?? '',
        name: str(d.DocName) ?? '',
        number: str(d.DocNumber) ?? '',
        date: str(d.DocDate) ?? '',
      })),
    characteristics: characteristicsOf(obj),
  };
}

/** EnergyEfficiency/EnergyEfficiencyClass, ResponsibilityLevel, ClimateConditions/*: the first of each under the object. */
function characteristicsOf(obj: Obj): XmlNoteFacts['characteristics'] {
  const out: XmlNoteFacts['characteristics'] = {};
  for (const name of XML_CHARACTERISTICS) {
    const v = findAll(obj, name)
      .map(str)
      .find((s): s is string => !!s);
    if (v) out[name] = v;
  }
  return out;
}

function addressText(a: unknown): string | null {
  if (!isObj(a)) return str(a);
  const ru = a.RussianAddress;
  if (isObj(ru)) {
    const parts = ['PostIndex', 'OKTMOName', 'District', 'City', 'Settlement', 'Street', 'Building', 'Room']
      .map((k) => str(ru[k]))
      .filter((s): s is string => !!s);
    // OKTMOName often repeats the city: keep the first spelling only
    const uniq = parts.filter((p, i) => parts.findIndex((q) => q.toLowerCase() === p.toLowerCase()) === i);
    if (uniq.length) return uniq.join(', ');
    return str(ru.Note);
  }
  return str(a.Note) ?? null;
}

function sectionsOf(pd: unknown): XmlSection[] {
  if (!isObj(pd)) return [];
  const out: XmlSection[] = [];
  const visit = (node: Obj) => {
    for (const [k, v] of Object.entries(node)) {
      if (!isObj(v)) continue;
      const code = XML_SECTION_CODES[k];
      if (code) {
        const docs = findAll(v, 'Document')
          .filter(isObj)
          .map((d) => ({
            name: str(d.DocName) ?? '',
            number: str(d.DocNumber) ?? '',
            files: findAll(d, 'File')
              .filter(isObj)
              .map((f) => str(f.FileName) ?? ''),
            checksums: findAll(d, 'File')
              .filter(isObj)
              .map((f) => str(f.FileChecksum)?.toUpperCase() ?? null),
          }));
        out.push({ code, element: k, notDeveloped: 'NotDeveloped' in v ? (str(v.NotDeveloped) ?? 'Раздел не разрабатывался') : null, documents: docs });
      } else if (k === 'Section5') visit(v);
    }
  };
  visit(pd);
  return out;
}

/** A readable summary of the note, used as the text of its single pseudo-page. */
export function noteSummary(f: XmlNoteFacts): string {
  const lines = [
    `Пояснительная записка (XML), шифр ${f.cipher ?? '—'}`,
    f.objectName ? `Наименование объекта: ${f.objectName}` : '',
    f.address ? `Адрес: ${f.address}` : '',
    ...f.cadastralNumbers.map((c) => `Кадастровый номер: ${c}`),
    ...f.indicators.map((i) => `${i.name}: ${i.value}`),
    ...Object.entries(f.characteristics).map(([k, v]) => `${k}: ${v}`),
    ...f.sections.flatMap((s) =>
      s.notDeveloped ? [`${s.code}: ${s.notDeveloped}`] : s.documents.map((d) => `${s.code}: ${d.number} ${d.name} ${d.files.join(', ')}`),
    ),
  ];
  return lines.filter(Boolean).join('\n');
}
