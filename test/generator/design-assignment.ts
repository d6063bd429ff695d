/**
 * The design assignment of a generated set in the Минстрой XML schema (DesignAssignment 01.00, document type 05.03): the
 * object's limits as TEI with their ОКЕИ unit codes (055 м², 796 шт.) — a trap for a reader taking the code for a value —
 * and the energy class as a requirement text.
 */
import type { SetFacts } from './facts.ts';

export interface AssignmentData {
  objectName: string;
  /** «Общая площадь объекта — не более …», м². */
  maxArea: number;
  /** «Этажность — не более … этажей». */
  maxStoreys: number;
  /** «Площадь застройки — не менее …», м², or null when the assignment sets none. */
  minBuiltArea: number | null;
  /** The lowest class allowed; `classWording` says how the text names it. */
  energyClass: string;
  classWording: 'set' | 'at_least';
}

const CLASS_NAMES: Record<string, string> = { 'A++': 'высочайший', 'A+': 'высочайший', A: 'очень высокий', B: 'высокий', C: 'нормальный' };
const CYRILLIC: Record<string, string> = { A: 'А', B: 'В', C: 'С' };

/** An assignment the set meets: limits above the design's values, a class at or below the designed one. */
export function metAssignment(set: SetFacts): AssignmentData {
  return {
    objectName: set.objectName,
    maxArea: Math.ceil((set.tep.totalArea * 1.15) / 100) * 100,
    maxStoreys: set.tep.storeys + 1,
    minBuiltArea: null,
    // a designed A or A+ against «В (высокий)»: a higher class than required meets the requirement
    energyClass: 'B',
    classWording: 'set',
  };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

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
  <Requisites><Date>${set.year - 1}-11-15</Date><Number>б/н</Number></Requisites>
  <Object ResponsibilityLevel="${esc(set.traits.responsibility)}">
    <Name>${esc(a.objectName)}</Name>
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
