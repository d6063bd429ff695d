/** The XML explanatory note (Минстрой schema, root ExplanatoryNote, SchemaVersion 01.07; normocontrol.md §6). */
import { crc32 } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import type { LoadFacts, SetFacts, TuRef } from './facts.ts';
import { personName } from './facts.ts';
import { CURRENT_NORMS, COMMON_NORMS } from './norms.ts';
import { SECTIONS } from './sections.ts';

export interface XmlFile {
  /** Section code of the reference (КР for КР1). */
  section: string;
  docName: string;
  cipher: string;
  fileName: string;
  format: string;
  checksum: string;
}

export interface XmlNoteData {
  number: string;
  year: number;
  objectName: string;
  regionCode: string;
  postIndex: string;
  oktmo: string;
  city: string;
  street: string;
  building: string;
  cadastral: string;
  files: XmlFile[];
  /** Sections marked «Раздел не разрабатывался». */
  notDeveloped: string[];
  /** ГПЗУ and ТУ (ProjectInitialDocuments) and the object's needs (Resources), as the note states them. */
  loads: Pick<LoadFacts, 'gpzu' | 'gpzuDate' | 'tu' | 'power' | 'water' | 'heat'>;
  /** Functions/FunctionsClass: the code of the object's functional purpose. */
  functionsClass: string;
  /** EnergyEfficiencyClass, ResponsibilityLevel and ClimateConditions as written in the note. */
  energyClass: string;
  responsibility: string;
  climate: { district: string; snow: string; wind: string; seismic: string };
  /** Norms listed in UsedNorms after the ones every note lists. */
  extraNorms: string[];
  /** Documents the note cites as issued besides the ГПЗУ and the compared ТУ: the assignment, the survey report, the ТУ on сети связи. */
  issued: IssuedDoc[];
  /** A departure from the schema planted in the note (xml.schema_violation); absent in a note that fits it. */
  schemaFault?: SchemaFault;
}

/** Departures from the note's XML schema a designer's tool lets through: an ОГРН cut short, the ИНН left out, an element of its own. */
export type SchemaFault = 'short_ogrn' | 'missing_inn' | 'unknown_element';

export interface IssuedDoc {
  group: 'ProjectDecisionDocuments' | 'ProjectInitialDocuments' | 'EngineeringSurveyDocuments';
  type: string;
  name: string;
  number: string;
  /** xs:date as written («2025-08-20»). */
  date: string;
  issuer: string;
}

/** The documents of `issued` as the note lists them: an assignment without a number, numbers beside organisations. */
export function issuedDocuments(set: SetFacts): IssuedDoc[] {
  return [
    { group: 'ProjectDecisionDocuments', type: '05.03', name: 'Задание на проектирование', number: 'б/н', date: `${set.year - 1}-11-15`, issuer: set.customer },
    {
      group: 'ProjectInitialDocuments',
      type: '04.01',
      name: 'Технические условия на присоединение к сетям связи',
      number: `${String(set.year - 1).slice(2)}-0417/СС`,
      date: `${set.year - 1}-09-04`,
      issuer: 'ПАО «Ростелеком»',
    },
    {
      group: 'EngineeringSurveyDocuments',
      type: '06.02',
      name: 'Технический отчет по результатам инженерно-геологических изысканий',
      number: `${set.cipherBase}-ИГИ`,
      date: `${set.year - 1}-08-20`,
      issuer: 'ООО «ГеоИзыскания»',
    },
  ];
}

export async function fileChecksum(path: string): Promise<string> {
  return (crc32(await readFile(path)) >>> 0).toString(16).toUpperCase().padStart(8, '0');
}

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const el = (name: string, body: string, attrs = ''): string => `<${name}${attrs}>${body}</${name}>`;
const tx = (name: string, value: string | number): string => el(name, esc(String(value)));

function documentXml(f: XmlFile, set: SetFacts): string {
  const participant = (role: string, surname: string, initials: string): string =>
    el('DocParticipant', tx('Surname', surname) + tx('Name', initials.slice(0, 1)) + tx('Patronymic', initials.slice(2, 3)), ` role="${role}"`);
  return el(
    'Document',
    tx('DocName', f.docName) +
      tx('DocNumber', f.cipher) +
      el(
        'ProjectDocParticipants',
        participant('Разработка', set.developers[0]?.surname ?? '', set.developers[0]?.initials ?? '') +
          participant('Нормоконтроль', set.normController.surname, set.normController.initials),
      ) +
      el('File', tx('FileName', f.fileName) + tx('FileFormat', f.format) + tx('FileChecksum', f.checksum)),
  );
}

const SECTION_ORDER = [
  'Section2',
  'Section3',
  'Section4',
  'Section5',
  'Section6',
  'Section7',
  'Section8',
  'Section9',
  'Section10',
  'Section11',
  'Section12',
  'Section13',
];
const SUB_ORDER = ['ElectricitySupply', 'WaterSupply', 'WaterRemoval', 'HeatingVentilation', 'Communication', 'GasSupply'];
const NOT_DEVELOPED = el('NotDeveloped', 'Раздел не разрабатывался');

function projectDocumentation(d: XmlNoteData, set: SetFacts): string {
  const byElement = new Map<string, XmlFile[]>();
  for (const f of d.files) {
    const info = SECTIONS[f.section];
    if (!info?.xmlSection) continue;
    const key = info.xmlSub ?? info.xmlSection;
    byElement.set(key, [...(byElement.get(key) ?? []), f]);
  }
  const content = (key: string): string | null => {
    const files = byElement.get(key);
    if (files?.length) return el('SectionContent', files.map((f) => documentXml(f, set)).join(''));
    return null;
  };
  const codeOf = (key: string): string | undefined => Object.values(SECTIONS).find((s) => (s.xmlSub ?? s.xmlSection) === key)?.code;
  const notDev = (key: string): boolean => {
    const code = codeOf(key);
    return code === undefined || d.notDeveloped.includes(code);
  };
  let out = '';
  for (const s of SECTION_ORDER) {
    if (s === 'Section5') {
      const subs = SUB_ORDER.map((k) => {
        const c = content(k);
        if (c) return el(k, c);
        return notDev(k) ? el(k, NOT_DEVELOPED) : '';
      }).join('');
      out += el(s, subs);
      continue;
    }
    const c = content(s);
    if (c) out += el(s, c);
    else if (notDev(s)) out += el(s, NOT_DEVELOPED);
  }
  return el('ProjectDocumentation', out);
}

export function xmlNote(d: XmlNoteData, set: SetFacts): string {
  const t = set.tep;
  const tei = (name: string, measure: string, value: string | number): string => el('TEI', tx('Name', name) + tx('Measure', measure) + tx('Value', value));
  // the СНиП in the title of the current СП is a trap: it is the СП's name, not a citation
  const norms = [
    ...[...COMMON_NORMS, ...(CURRENT_NORMS.ПЗ ?? [])].map((n) => `${n.designation} «${n.title}»`),
    'СП 20.13330.2016 «Нагрузки и воздействия. Актуализированная редакция СНиП 2.01.07-85*»',
    ...d.extraNorms,
  ]
    .map((n) => tx('UsedNorm', n))
    .join('');
  const issued = (group: IssuedDoc['group']): string =>
    d.issued
      .filter((i) => i.group === group)
      .map((i) =>
        el('Document', tx('DocType', i.type) + tx('DocName', i.name) + tx('DocNumber', i.number) + tx('DocDate', i.date) + tx('DocIssueAuthor', i.issuer)),
      )
      .join('');
  const gip = set.gip;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${el(
    'ExplanatoryNote',
    tx('ExplanatoryNoteNumber', d.number) +
      tx('ExplanatoryNoteYear', d.year) +
      (d.schemaFault === 'unknown_element' ? tx('ProjectStage', 'П') : '') +
      el(
        'IssueAuthor',
        el(
          'Organization',
          tx('OrgFullName', set.organization) +
            (d.schemaFault === 'missing_inn' ? '' : tx('OrgINN', '7701234567')) +
            tx('OrgOGRN', d.schemaFault === 'short_ogrn' ? '10277001234' : '1027700123456') +
            tx('NOPRIZNumber', set.sro),
        ),
      ) +
      el(
        'Signers',
        el(
          'ChiefProjectEngineer',
          tx('FamilyName', gip.surname) +
            tx('FirstName', gip.initials.slice(0, 1)) +
            tx('SecondName', gip.initials.slice(2, 3)) +
            tx('SNILS', '123-456-789 01') +
            tx('NOPRIZId', 'П-123456'),
        ),
      ) +
      el('Developer', el('Organization', tx('OrgFullName', set.customer))) +
      el('UsedNorms', norms) +
      el('ProjectDecisionDocuments', issued('ProjectDecisionDocuments')) +
      el(
        'ProjectInitialDocuments',
        initialDoc(
          '03.02',
          'Градостроительный план земельного участка',
          { number: d.loads.gpzu, date: d.loads.gpzuDate },
          'Комитет по архитектуре и градостроительству',
        ) +
          initialDoc('04.01', 'Технические условия на технологическое присоединение к электрическим сетям', d.loads.tu.power, 'ПАО «Россети»') +
          initialDoc('04.01', 'Технические условия на подключение к централизованной системе холодного водоснабжения', d.loads.tu.water, 'АО «Водоканал»') +
          initialDoc('04.01', 'Технические условия на подключение к тепловым сетям', d.loads.tu.heat, 'ПАО «Теплосеть»') +
          issued('ProjectInitialDocuments'),
      ) +
      el('EngineeringSurveyDocuments', issued('EngineeringSurveyDocuments')) +
      el(
        'NonIndustrialObject',
        tx('Name', d.objectName) +
          tx('ConstructionType', 1) +
          tx('ConstructionDuration', set.durationMonths) +
          el(
            'Address',
            el(
              'RussianAddress',
              tx('RegionCode', d.regionCode) +
                tx('PostIndex', d.postIndex) +
                tx('OKTMOCode', d.oktmo) +
                tx('OKTMOName', `городской округ ${d.city}`) +
                tx('City', d.city) +
                tx('Street', d.street) +
                tx('Building', d.building),
            ),
          ) +
          el('Functions', tx('FunctionsClass', d.functionsClass)) +
          el('PowerIndicator', tx('Name', 'Количество квартир') + tx('Measure', '909') + tx('Value', t.apartments)) +
          tei('Площадь застройки', '055', t.builtArea.toFixed(1)) +
          tei('Общая площадь здания', '081', t.totalArea.toFixed(1)) +
          tei('Строительный объем', '113', t.volume.toFixed(1)) +
          tei('Количество этажей', '796', t.storeys + t.underground) +
          el('EnergyEfficiency', tx('EnergyEfficiencyClass', d.energyClass)) +
          tx('FireDangerCategory', 'не устанавливается') +
          tx('PeoplePermanentStay', 'true') +
          tx('ResponsibilityLevel', d.responsibility) +
          el(
            'ClimateConditions',
            tx('ClimateDistrict', d.climate.district) +
              tx('SnowDistrict', d.climate.snow) +
              tx('WindDistrict', d.climate.wind) +
              tx('SeismicActivity', d.climate.seismic),
          ) +
          el(
            'Resources',
            resource('Расчетная электрическая мощность', '214', d.loads.power.toFixed(0)) +
              resource('Расход воды на хозяйственно-питьевые нужды, м³/сут', '113', d.loads.water.toFixed(2)) +
              resource('Общая тепловая нагрузка', '238', d.loads.heat.toFixed(3)),
          ) +
          el('LandInfo', el('LandAreaInfo', tx('CadastralNumber', d.cadastral))) +
          projectDocumentation(d, set),
      ) +
      tx(
        'DesignerAssurance',
        `Проектная документация разработана в соответствии с градостроительным планом земельного участка, заданием на проектирование, техническими регламентами. ГИП ${personName(gip)}`,
      ),
    ` SchemaVersion="01.07" SchemaLink="https://minstroyrf.gov.ru/tim/xml-skhemy/" id="${guid(set.cipherBase)}"`,
  )}\n`;
}

/** «12.03.2024» as the schema's xs:date. */
const isoOf = (date: string) => date.split('.').reverse().join('-');
const initialDoc = (type: string, name: string, r: TuRef, issuer: string) =>
  el('Document', tx('DocType', type) + tx('DocName', name) + tx('DocNumber', r.number) + tx('DocDate', isoOf(r.date)) + tx('DocIssueAuthor', issuer));
const resource = (name: string, measure: string, value: string) => el('Resource', tx('Name', name) + tx('Measure', measure) + tx('Value', value));

function guid(seed: string): string {
  let h = 0x811c9dc5;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  const hex = h.toString(16).padStart(8, '0').repeat(4);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
