/**
 * The design assignment of a generated set in the Минстрой XML schema (DesignAssignment 01.00, document type 05.03): the
 * object's limits as TEI with their ОКЕИ unit codes (055 м², 796 шт.) — a trap for a reader taking the code for a value —
 * and the energy class as a requirement text.
 */
import { innValid, ogrnValid } from '../../src/review/facts/assignment-form.ts';
import type { SetFacts } from './facts.ts';

/** A party of the assignment with its numbers, as the form and the schema name them. */
export interface AssignmentParty {
  name: string;
  inn: string;
  ogrn: string;
  email: string;
}

/** A document the assignment lists as its basis (Content/DecisionDocuments/DocumentInfo). */
export interface ListedDoc {
  type: string;
  name: string;
  number: string;
  /** ISO. */
  date: string;
  issuer: string;
}

/** The code of the generated object's functional purpose, as the XML note and the assignment state it. */
export const FUNCTIONS_CLASS = '19.7.1.5';

export interface AssignmentData {
  objectName: string;
  /** Object/FunctionsClass: the object's code, or the group it belongs to (a trap: the group agrees with the note's code). */
  functionsClass: string;
  /** «Общая площадь объекта — не более …», м². */
  maxArea: number;
  /** «Этажность — не более … этажей». */
  maxStoreys: number;
  /** «Площадь застройки — не менее …», м², or null when the assignment sets none. */
  minBuiltArea: number | null;
  /** The lowest class allowed; `classWording` says how the text names it. */
  energyClass: string;
  classWording: 'set' | 'at_least';
  /** Requisites/Date, ISO. */
  date: string;
  /** What it lists, every one dated on or before its own date (a ТУ of the very day among them: a trap for «after»). */
  listed: ListedDoc[];
  customer: AssignmentParty;
  designer: AssignmentParty;
}

/** A number of `digits` digits drawn from `seed` whose last digit is the check digit `valid` accepts. */
function checked(seed: number, digits: number, valid: (n: string) => boolean): string {
  const body = String(seed)
    .padStart(digits - 1, '7')
    .slice(0, digits - 1);
  for (let d = 0; d <= 9; d++) if (valid(`${body}${d}`)) return `${body}${d}`;
  throw new Error(`no check digit for ${body}`);
}

/** The same number with its check digit changed: a typing error no organisation can have. */
export function brokenCheckDigit(n: string): string {
  return `${n.slice(0, -1)}${(Number(n.at(-1)) + 1) % 10}`;
}

function partyOf(name: string, seed: number, domain: string): AssignmentParty {
  return {
    name,
    inn: checked(5000000000 + (seed % 999999937), 10, innValid),
    ogrn: checked(102500000000 + (seed % 99999989), 13, ogrnValid),
    email: `info@${domain}.ru`,
  };
}

/** How the body issuing the ГПЗУ is written: the city's own municipality, spelled as such bodies spell it. */
const ISSUERS = [
  (city: string) => `Администрация городского округа ${city}`,
  (city: string) => `Администрация г.о. ${city}`,
  (city: string) => `Департамент градостроительства городского округа ${city}`,
];

const hashOf = (s: string) => [...s].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0, 0x811c9dc5);
const iso = (ru: string) => ru.split('.').reverse().join('-');

const CLASS_NAMES: Record<string, string> = { 'A++': 'высочайший', 'A+': 'высочайший', A: 'очень высокий', B: 'высокий', C: 'нормальный' };
const CYRILLIC: Record<string, string> = { A: 'А', B: 'В', C: 'С' };

/** An assignment the set meets: limits above the design's values, a class at or below the designed one. */
export function metAssignment(set: SetFacts): AssignmentData {
  // drawn from the set's own facts, not the set's random stream: a set with an assignment is otherwise the same set
  const h = hashOf(`${set.gpzu}|assignment`);
  const date = `${set.year - 1}-11-15`;
  const listed: ListedDoc[] = [];
  if (iso(set.gpzuDate) <= date)
    listed.push({
      type: '03.02',
      name: 'Градостроительный план земельного участка',
      number: set.gpzu,
      date: iso(set.gpzuDate),
      issuer: ISSUERS[h % ISSUERS.length]!(set.address.city),
    });
  if (iso(set.tu.power.date) <= date)
    listed.push({
      type: '04.01',
      name: 'Технические условия на технологическое присоединение к электрическим сетям',
      number: set.tu.power.number,
      date: iso(set.tu.power.date),
      issuer: 'ПАО «Россети»',
    });
  // a ТУ issued the day the assignment was approved is not later than it
  listed.push({ type: '04.01', name: 'Технические условия на подключение к сетям связи', number: `${(h % 900) + 100}-СС`, date, issuer: 'ПАО «Ростелеком»' });
  return {
    date,
    listed,
    customer: partyOf(set.customer, h, `zakazchik${h % 1000}`),
    designer: partyOf(set.organization, h >>> 3, `proekt${(h >>> 3) % 1000}`),
    objectName: set.objectName,
    functionsClass: h % 2 === 0 ? FUNCTIONS_CLASS : FUNCTIONS_CLASS.split('.').slice(0, 3).join('.'),
    maxArea: Math.ceil((set.tep.totalArea * 1.15) / 100) * 100,
    maxStoreys: set.tep.storeys + 1,
    minBuiltArea: null,
    // a designed A or A+ against «В (высокий)»: a higher class than required meets the requirement
    energyClass: 'B',
    classWording: 'set',
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function organization(p: AssignmentParty, set: SetFacts): string {
  return `<Organization><FullName>${esc(p.name)}</FullName><OGRN>${p.ogrn}</OGRN><INN>${p.inn}</INN><KPP>${p.inn.slice(0, 4)}01001</KPP><Address><RegionCode>${esc(set.regionCode)}</RegionCode><City>${esc(set.orgCity)}</City></Address><Email>${esc(p.email)}</Email></Organization>`;
}

export function designAssignmentXml(a: AssignmentData, set: SetFacts): string {
  const letter = a.energyClass.replace(/[ABC]/g, (c) => CYRILLIC[c] ?? c);
  const energy =
    a.classWording === 'set'
      ? `установить класс энергоэффективности здания – ${letter} («${CLASS_NAMES[a.energyClass] ?? ''}»)`
      : `Класс энергетической эффективности здания – не ниже ${letter}`;
  const tei = (name: string, measure: string, value: string) => `<TEI><Name>${esc(name)}</Name><Measure>${measure}</Measure><Value>${esc(value)}</Value></TEI>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet type="text/xsl" href="DesignAssignment-01-00.xsl" ?>
<Document xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="DesignAssignment-01-00.xsd" TypeCode="05.03" VersionNumber="1" SchemaVersion="01.00">
  <Requisites><Date>${a.date}</Date><Number>б/н</Number></Requisites>
  <Content>
    <DecisionDocuments>
      ${a.listed.map((l, i) => `<DocumentInfo Id="d${i + 1}" Type="${l.type}"><Name>${esc(l.name)}</Name><Number>${esc(l.number)}</Number><Date>${l.date}</Date><AuthorNote>${esc(l.issuer)}</AuthorNote></DocumentInfo>`).join('\n      ')}
    </DecisionDocuments>
    <TechnicalCustomer>${organization(a.customer, set)}</TechnicalCustomer>
    <Designers><Designer IsGeneral="true">${organization(a.designer, set)}</Designer></Designers>
  </Content>
  <Object ResponsibilityLevel="${esc(set.traits.responsibility)}">
    <Name>${esc(a.objectName)}</Name>
    <Address><RegionCode>${esc(set.regionCode)}</RegionCode><City>г. ${esc(set.address.city)}</City><Street>${esc(`${set.address.streetType} ${set.address.street}`)}</Street><Building>${esc(set.address.house)}</Building></Address>
    <FunctionsClass>${esc(a.functionsClass)}</FunctionsClass>
    ${tei('Этажность', '796', `не более ${a.maxStoreys} этажей без учёта технического подполья`)}
    ${tei('Общая площадь объекта', '055', `не более ${a.maxArea}`)}
    ${a.minBuiltArea !== null ? tei('Площадь застройки', '055', `не менее ${a.minBuiltArea}`) : ''}
    <ProjectSolutions><EnergyEfficiencyRequirements><Requirements><Requirement><Content>
      <Text>1. ${esc(energy)};</Text>
      <Text>2. оснастить системы отопления автоматизированными узлами управления.</Text>
    </Content></Requirement></Requirements></EnergyEfficiencyRequirements></ProjectSolutions>
  </Object>
</Document>
`;
}
