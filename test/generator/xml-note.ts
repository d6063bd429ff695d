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
  /** EnergyEfficiencyClass, ResponsibilityLevel and ClimateConditions as written in the note. */
  energyClass: string;
  responsibility: string;
  climate: { district: string; snow: string; wind: string; seismic: string };
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
  const norms = [...COMMON_NORMS, ...(CURRENT_NORMS.ПЗ ?? [])].map((n) => tx('UsedNorm', `${n.designation} «${n.title}»`)).join('');
  const gip = set.gip;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${el(
    'ExplanatoryNote',
    tx('ExplanatoryNoteNumber', d.number) +
      tx('ExplanatoryNoteYear', d.year) +
      el(
        'IssueAuthor',
        el('Organization', tx('OrgFullName', set.organization) + tx('OrgINN', '7701234567') + tx('OrgOGRN', '1027700123456') + tx('NOPRIZNumber', set.sro)),
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
      el(
        'ProjectDecisionDocuments',
        el('Document', tx('DocType', '05.03') + tx('DocName', 'Задание на проектирование') + tx('DocNumber', 'б/н') + tx('DocDate', `${set.year - 1}-11-15`)),
      ) +
      el(
        'ProjectInitialDocuments',
        initialDoc('03.02', 'Градостроительный план земельного участка', { number: d.loads.gpzu, date: d.loads.gpzuDate }) +
          initialDoc('04.01', 'Технические условия на технологическое присоединение к электрическим сетям', d.loads.tu.power) +
          initialDoc('04.01', 'Технические условия на подключение к централизованной системе холодного водоснабжения', d.loads.tu.water) +
          initialDoc('04.01', 'Технические условия на подключение к тепловым сетям', d.loads.tu.heat),
      ) +
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
          el('Functions', tx('FunctionsClass', '19.7.1.5')) +
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
const initialDoc = (type: string, name: string, r: TuRef) =>
  el('Document', tx('DocType', type) + tx('DocName', name) + tx('DocNumber', r.number) + tx('DocDate', isoOf(r.date)));
const resource = (name: string, measure: string, value: string) => el('Resource', tx('Name', name) + tx('Measure', measure) + tx('Value', value));

function guid(seed: string): string {
  let h = 0x811c9dc5;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  const hex = h.toString(16).padStart(8, '0').repeat(4);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
