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
  /** Kind of the object by the element describing it (the schema's choice), null when none is present. */
  objectKind: XmlObjectKind | null;
  /** Code of the subject of the Russian Federation (Address/RussianAddress/RegionCode, the start address of a linear object). */
  regionCode: string | null;
  /** FinanceSources as written; null when the note states none (the element is optional). */
  financing: XmlFinancing | null;
  /** Sections of ProjectDocumentation with their documents, or NotDeveloped. */
  sections: XmlSection[];
  /** Resources/Resource entries (потребность в ресурсах): name, ОКЕИ measure code and value as written. */
  resources: { name: string; measure: string; value: string }[];
  /** ProjectInitialDocuments/Document: ГПЗУ (DocType 03.02), ТУ (04.01) and other initial documents. */
  initialDocuments: { type: string; name: string; number: string; date: string }[];
  /** Characteristics of the object compared with the documents (C-10 … C-12), as written; absent elements are left out. */
  characteristics: Partial<Record<XmlCharacteristic, string>>;
  /** ClimateConditions/ClimateNote — the climate of the place in the designer's words (its design values), or null. */
  climateNote?: string | null;
  /** Texts that may name norms — UsedNorms/UsedNorm and the free-text fields — each with its element path. */
  normTexts: XmlText[];
  /** Documents the note cites as issued (decision, initial and survey documents), each with its element path. */
  issuedDocuments: XmlIssuedDoc[];
  /** ExplanatoryNoteModifications/Modification/ModificationDate as written, with their paths. */
  modificationDates: XmlText[];
}

/** A text of the note and where it stands («ExplanatoryNote/UsedNorms/UsedNorm[3]»). */
export interface XmlText {
  path: string;
  text: string;
}

/** A Document element outside ProjectDocumentation: its fields as written, empty when absent. */
export interface XmlIssuedDoc {
  path: string;
  type: string;
  name: string;
  number: string;
  date: string;
  issuer: string;
}

/** Elements of the object (NonIndustrialObject …) holding its characteristics, normocontrol.md §6. */
export const XML_CHARACTERISTICS = [
  'ResponsibilityLevel',
  'EnergyEfficiencyClass',
  'ClimateDistrict',
  'SnowDistrict',
  'WindDistrict',
  'SeismicActivity',
  'FireDangerCategory',
  'FunctionsClass',
] as const;
export type XmlCharacteristic = (typeof XML_CHARACTERISTICS)[number];

/** NonIndustrialObject, IndustrialObject, LinearObject: the composition of sections differs by kind (ПП № 87, tNonLinear/tLinearProjectDocumentContent). */
export type XmlObjectKind = 'non_industrial' | 'industrial' | 'linear';

/** FinanceSources: levels of the budgets named (BudgetSource/BudgetLevel), and whether funds of the legal entities of ГрК ст. 8.3 ч. 2 or private funds are named. */
export interface XmlFinancing {
  budgetLevels: string[];
  stateCustomer: boolean;
  private: boolean;
}

const OBJECT_KINDS: readonly [string, XmlObjectKind][] = [
  ['NonIndustrialObject', 'non_industrial'],
  ['IndustrialObject', 'industrial'],
  ['LinearObject', 'linear'],
];

export interface XmlSection {
  code: string;
  element: string;
  /** Element path in the note («ExplanatoryNote/NonIndustrialObject/ProjectDocumentation/Section5/SectionContent/GasSupply»). */
  path: string;
  notDeveloped: string | null;
  documents: { name: string; number: string; files: string[]; checksums: (string | null)[] }[];
}

/** Schema element → section code of the reference (docset.ts): the composition of a non-linear object (tNonLinearProjectDocumentContent). */
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

/**
 * The composition of a linear object (tLinearProjectDocumentContent): the same element names stand for other sections
 * («Section3» is «Технологические и конструктивные решения линейного объекта», not АР), so they are read by their own table.
 */
const LINEAR_SECTION_CODES: Readonly<Record<string, string>> = {
  Section2: 'ППО',
  Section3: 'ТКР',
  Section4: 'ИЛО',
  Section5: 'ПОС',
  Section6: 'ООС',
  Section7: 'ПБ',
  Section8: 'ТБЭ',
  Section9: 'СМ',
  Section10: 'ИД',
};

/** Gas networks up to 1.2 MPa (GasProjectDocumentation, tGasLinearProjectDocumentContent, приложение 10 к ПП № 87). */
const GAS_LINEAR_SECTION_CODES: Readonly<Record<string, string>> = {
  Section2: 'ППО',
  Section3: 'ТКР',
  Section4: 'ПОС',
  Section5: 'ПОД',
  Section6: 'СМ',
  Section7: 'ИД',
};

const ARRAYS = new Set([
  'Document',
  'File',
  'TEI',
  'PowerIndicator',
  'LandAreaInfo',
  'SubSection',
  'OKS',
  'ComplexPart',
  'CadastralNumber',
  'Resource',
  'UsedNorm',
  'DesignerNote',
  'Modification',
]);
/** The one way the Минстрой schemas' documents are parsed: text kept as written, namespaces dropped, the named elements always lists. */
export const minstroyXmlParser = (arrays: ReadonlySet<string>) =>
  new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    trimValues: true,
    isArray: (name) => arrays.has(name),
  });
const parser = minstroyXmlParser(ARRAYS);

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const asList = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
export const str = (v: unknown): string | null => {
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim() || null;
  if (isObj(v) && '#text' in v) return str(v['#text']);
  return null;
};

/** Every value found under `key` anywhere below `node` (depth-first, document order). */
export function findAll(node: unknown, key: string, out: unknown[] = []): unknown[] {
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
  const kind = OBJECT_KINDS.find(([k]) => isObj(root[k])) ?? null;
  const obj = (kind ? root[kind[0]] : {}) as Obj;
  const objPath = `ExplanatoryNote/${kind?.[0] ?? ''}`;
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
    objectKind: kind?.[1] ?? null,
    regionCode: regionCodeOf(obj.Address),
    financing: financingOf(root.FinanceSources),
    sections: projectDocumentation(obj, kind?.[1] ?? null, objPath),
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
    climateNote: climateNoteOf(obj),
    normTexts: normTextsOf(root),
    issuedDocuments: issuedDocumentsOf(root),
    modificationDates: [...elements(root, 'ExplanatoryNote')]
      .filter((e) => e.name === 'ModificationDate')
      .flatMap((e) => {
        const text = str(e.value);
        return text ? [{ path: e.path, text }] : [];
      }),
  };
}

/** Free-text elements where a designer names norms besides the list of norms. */
const NORM_TEXT_ELEMENTS = new Set(['UsedNorm', 'DesignerNote', 'DesignerAssurance', 'SpecialRequirements', 'FunctionsFeatures']);

/** Every element below `node` with its path; repeatable elements carry their 1-based index («Document[2]»). */
function* elements(node: Obj, path: string): Generator<{ name: string; path: string; value: unknown }> {
  for (const [k, v] of Object.entries(node)) {
    if (k.startsWith('@') || k === '#text') continue;
    const list = asList(v);
    for (const [i, item] of list.entries()) {
      const at = `${path}/${k}${ARRAYS.has(k) ? `[${i + 1}]` : ''}`;
      yield { name: k, path: at, value: item };
      if (isObj(item)) yield* elements(item, at);
    }
  }
}

function normTextsOf(root: Obj): XmlText[] {
  const out: XmlText[] = [];
  for (const e of elements(root, 'ExplanatoryNote')) {
    if (!NORM_TEXT_ELEMENTS.has(e.name)) continue;
    // a structured element (SpecialRequirements with its documents) is read as the text of its leaves
    const text = isObj(e.value) ? leafTexts(e.value).join('; ') : str(e.value);
    if (text) out.push({ path: e.path, text });
  }
  return out;
}

function leafTexts(node: unknown, out: string[] = []): string[] {
  if (isObj(node)) {
    for (const [k, v] of Object.entries(node)) if (!k.startsWith('@')) leafTexts(v, out);
  } else if (Array.isArray(node)) for (const n of node) leafTexts(n, out);
  else {
    const s = str(node);
    if (s) out.push(s);
  }
  return out;
}

/** Documents with a date of issue: every Document outside ProjectDocumentation (whose volumes are the set itself). */
function issuedDocumentsOf(root: Obj): XmlIssuedDoc[] {
  const out: XmlIssuedDoc[] = [];
  for (const e of elements(root, 'ExplanatoryNote')) {
    if (e.name !== 'Document' || !isObj(e.value) || /\/(?:Gas)?ProjectDocumentation\//.test(e.path)) continue;
    const d = e.value;
    out.push({
      path: e.path,
      type: str(d.DocType) ?? '',
      name: str(d.DocName) ?? '',
      number: str(d.DocNumber) ?? '',
      date: str(d.DocDate) ?? '',
      issuer: leafTexts(d.DocIssueAuthor).join(' '),
    });
  }
  return out;
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

function climateNoteOf(obj: Obj): string | null {
  const note = findAll(obj, 'ClimateNote')[0];
  if (note === undefined) return null;
  const text = isObj(note) ? leafTexts(note).join('\n') : str(note);
  return text?.trim() || null;
}

function regionCodeOf(a: unknown): string | null {
  if (!isObj(a) || !isObj(a.RussianAddress)) return null;
  return str(a.RussianAddress.RegionCode);
}

function financingOf(f: unknown): XmlFinancing | null {
  if (!isObj(f)) return null;
  return {
    budgetLevels: asList(f.BudgetSource).flatMap((b) => (isObj(b) && str(b.BudgetLevel) ? [str(b.BudgetLevel)!] : [])),
    stateCustomer: 'StateCustomerSource' in f,
    private: 'PrivateSource' in f,
  };
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

/** The sections of the object's composition, read by the table of its kind. */
function projectDocumentation(obj: Obj, kind: XmlObjectKind | null, objPath: string): XmlSection[] {
  if (kind !== 'linear') return sectionsOf(obj.ProjectDocumentation, `${objPath}/ProjectDocumentation`, XML_SECTION_CODES);
  if (isObj(obj.GasProjectDocumentation)) return sectionsOf(obj.GasProjectDocumentation, `${objPath}/GasProjectDocumentation`, GAS_LINEAR_SECTION_CODES);
  return sectionsOf(obj.ProjectDocumentation, `${objPath}/ProjectDocumentation`, LINEAR_SECTION_CODES);
}

function sectionsOf(pd: unknown, pdPath: string, codes: Readonly<Record<string, string>>): XmlSection[] {
  if (!isObj(pd)) return [];
  const out: XmlSection[] = [];
  // only a non-linear object's section 5 is a container of subsections (tSection5)
  const container = codes === XML_SECTION_CODES ? 'Section5' : null;
  const visit = (node: Obj, path: string) => {
    for (const [k, v] of Object.entries(node)) {
      if (!isObj(v)) continue;
      const code = codes[k];
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
        out.push({
          code,
          element: k,
          path: `${path}/${k}`,
          notDeveloped: 'NotDeveloped' in v ? (str(v.NotDeveloped) ?? 'Раздел не разрабатывался') : null,
          documents: docs,
        });
      } else if (k === container) visit(v, `${path}/${k}`);
      else if (container && k === 'SectionContent' && path.endsWith(`/${container}`)) visit(v, `${path}/${k}`);
    }
  };
  visit(pd, pdPath);
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
